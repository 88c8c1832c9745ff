import HarnessCore
@testable import HarnessLive
import Testing
@testable import LiveVerbs

/// Cases a run could not judge (no answer, an operation answering only 5xx, the deadline) make it undecided (3)
/// unless a case it did judge failed: then it is red.
@Suite struct CouldNotJudgeTests {
    func tally(_ cases: [(String, Verdict)]) -> RunTally {
        var tally = RunTally()
        for (index, (suite, verdict)) in cases.enumerated() {
            tally.add([CaseResult(endpoint: suite, fixture: "\(suite)/\(index).json", auth: .bearer, check: .liveStatus, verdict: verdict)],
                      suite: suite)
        }
        return tally
    }

    static let reset = Verdict.error(message: "no answer: the connection to http://127.0.0.1:9 closed mid-answer (reset after the head and 10 bytes of the body)",
                                     detail: "")
    static let changed = Verdict.fail(message: "decoding: the model no longer decodes", detail: "")

    @Test func aResetIsATransportFailureNotAContractChange() {
        let ledger = CallLedger()
        ledger.health.answered(status: 200, provoked: false)
        let cause = CouldNotJudge.cause(ledger, tally: tally([("chains", .pass), ("chains", Self.reset)]), deadline: 600)
        #expect(cause?.hasPrefix("1 case got no answer after the retries (no answer: the connection to http://127.0.0.1:9 closed mid-answer") == true,
                "\(cause ?? "nil")")
        #expect(CouldNotJudge.cause(ledger, tally: tally([("chains", Self.changed), ("chains", Self.reset)]), deadline: 600) == nil)
    }

    @Test func theLastLineFitsTwoHundredCharactersWhateverTheCause() {
        let cause = String(repeating: "place-suggest-edit: the key's plan has no access; ", count: 15)
        for line in [CouldNotJudge.line(verb: "nightly", cause: cause), CouldNotJudge.partLine(verb: "nightly", cause: cause)] {
            #expect(line.count == CouldNotJudge.maxLine, "\(line.count): \(line)")
            #expect(line.hasSuffix("…"))
        }
        // A cause that fits without the tail keeps every word of it.
        let tls = "nothing answers: TLS: the certificate of 127.0.0.1:41711 is not trusted (issuer \"fsq-contract Test CA\") (3 calls in a row got no answer)"
        #expect(CouldNotJudge.line(verb: "nightly", cause: tls) == "nightly: could not judge the contract (exit 3): " + tls)
        #expect(CouldNotJudge.line(verb: "drift", cause: "short") == "drift: could not judge the contract (exit 3): short; no baseline written")
    }

    @Test func theDeadlineIsNamedUnlessAJudgedCaseFailedFirst() {
        let stopped = RunDeadline(seconds: 3).notRun(started: false)
        let cause = CouldNotJudge.cause(CallLedger(), tally: tally([("chains", .pass), ("chains", stopped)]), deadline: 3)
        #expect(cause?.hasPrefix("the deadline (--deadline 3) passed: 1 of 2 cases not judged") == true, "\(cause ?? "nil")")
        #expect(CouldNotJudge.cause(CallLedger(), tally: tally([("chains", Self.changed), ("chains", stopped)]), deadline: 3) == nil)
    }

    @Test func theDeadlineNamesTheOperationThatAnsweredSlowest() {
        let ledger = CallLedger()
        ledger.timed("chains", seconds: 0.2)
        ledger.timed("place-photos", seconds: 9)
        ledger.timed("place-photos", seconds: 10.6)
        let stopped = RunDeadline(seconds: 30).notRun(started: false)
        let cause = CouldNotJudge.cause(ledger, tally: tally([("chains", .pass), ("place-photos", stopped)]), deadline: 30)
        #expect(cause == "the deadline (--deadline 30) passed: 1 of 2 cases not judged; slowest: place-photos, 9.8 s a request; "
                    + "raise --deadline")
    }

    @Test func anAnswerTheStackRefusedIsJudged() {
        let ledger = CallLedger()
        ledger.health.answered(status: 200, provoked: false)
        let tooLarge = Verdict.error(message: "the response body from http://127.0.0.1:9 is larger than the 1 MB cap", detail: "")
        #expect(CouldNotJudge.cause(ledger, tally: tally([("chains", .pass), ("chains", tooLarge)]), deadline: 600) == nil)
    }

    @Test func anOperationAnsweringOnly5xxIsNamedAndItsEarlyFailuresExcused() {
        let ledger = CallLedger()
        for i in 0..<CallHealth.serverErrorLimit { ledger.health.attempted(operation: "place-suggest-edit", status: 503, expected: 200, retry: true, target: "/\(i)") }
        let got503 = Verdict.fail(message: "status: expected 2xx (fixture 200), got 503", detail: "")
        let night = tally([("place-search", .pass), ("place-suggest-edit", got503), ("place-suggest-edit", .skip(reason: "not judged"))])
        let cause = CouldNotJudge.cause(ledger, tally: night, deadline: 600)
        #expect(cause?.hasPrefix("place-suggest-edit answers only 5xx: 503 (3 of 3 calls)") == true, "\(cause ?? "nil")")
        // A read that changed is still a contract change.
        let red = tally([("place-search", Self.changed), ("place-suggest-edit", got503)])
        #expect(CouldNotJudge.cause(ledger, tally: red, deadline: 600) == nil)
    }
}
