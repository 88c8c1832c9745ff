import Foundation
import FoursquarePlaces
@testable import HarnessLive
import Testing

/// A run that cannot judge the contract says why in one line and stops calling.
@Suite("call health")
struct CallHealthTests {
    @Test func threeCallsInARowWithNoAnswerStopTheRun() {
        let health = CallHealth()
        health.noAnswer("cannot connect to http://127.0.0.1:9: refused")
        health.answered(status: 200, provoked: false)
        health.noAnswer("cannot connect to http://127.0.0.1:9: refused")
        health.noAnswer("cannot connect to http://127.0.0.1:9: refused")
        #expect(health.cause == nil, "an answer between resets the count")
        health.noAnswer("cannot connect to http://127.0.0.1:9: refused")
        // It answered once, so it is there: its answers stopped (a slow operation, a server gone mid-run).
        #expect(health.cause == "answers stopped: cannot connect to http://127.0.0.1:9: refused (3 calls in a row got no answer, "
                    + "after 1 call answered)", "\(health.cause ?? "nil")")
    }

    @Test func aServerThatNeverAnsweredIsNothingAnswers() {
        let health = CallHealth()
        for _ in 0..<CallHealth.noAnswerLimit { health.noAnswer("cannot connect to http://127.0.0.1:9: refused") }
        #expect(health.cause?.hasPrefix("nothing answers: cannot connect to http://127.0.0.1:9") == true)
    }

    /// Calls the run's deadline cut off had no full chance to answer: the cause is the deadline, not a silent server.
    @Test func callsOnlyTheDeadlineCutOffNameTheDeadline() {
        let cut = "the run's deadline (--deadline 0.3) passed during the call to http://127.0.0.1:9 (no complete head had arrived)"
        let health = CallHealth()
        health.noAnswer(cut, cutByDeadline: true)
        #expect(health.conclude(CallLedger.Tally(), maxCalls: nil) == "the deadline passed before any answer: \(cut) (1 call made, "
                    + "none answered before the deadline)")
        // One call that failed on its own says the server is silent.
        let silent = CallHealth()
        silent.noAnswer("no complete response head from http://127.0.0.1:9 within 1s", cutByDeadline: false)
        silent.noAnswer(cut, cutByDeadline: true)
        #expect(silent.conclude(CallLedger.Tally(), maxCalls: nil)?.hasPrefix("nothing answers: ") == true)
    }

    /// A slow server that answered some calls before the deadline cut the rest off is no silent server: no cause of
    /// the whole run, so what was answered is judged and the deadline's own line names the slowest operation.
    @Test func callsTheDeadlineCutOffAfterAnswersAreNoCause() {
        let cut = "the run's deadline (--deadline 8) passed during the call to http://127.0.0.1:9 (no complete head had arrived)"
        let health = CallHealth()
        for _ in 0..<5 { health.answered(status: 200, provoked: false) }
        for _ in 0..<(CallHealth.noAnswerLimit + 1) { health.noAnswer(cut, cutByDeadline: true) }
        #expect(health.cause == nil)
        #expect(health.conclude(CallLedger.Tally(), maxCalls: nil) == nil)
        // A call that failed on its own among them still says the answers stopped.
        for _ in 0..<CallHealth.noAnswerLimit { health.noAnswer("no complete response head from http://127.0.0.1:9 within 1s") }
        #expect(health.cause?.hasPrefix("answers stopped: ") == true, "\(health.cause ?? "nil")")
    }

    /// Every call answered 404, those asking for no place too: nothing is routed at the base URL (a wrong path), which
    /// is no contract change. A closed place (404 only where an id is asked for) is not taken for it.
    @Test func notFoundOnEveryPathIsAWrongBaseURL() {
        let place = "/v3/places/4a5f2f39f964a52067bf1fe3"
        let closed = CallHealth()
        for _ in 0..<10 {
            for tail in ["", "/tips", "/photos"] { closed.answered(status: 404, provoked: false, expected: 200, path: place + tail) }
        }
        #expect(closed.cause == nil && closed.conclude(CallLedger.Tally(), maxCalls: nil) == nil, "a closed place is data, not a wrong URL")
        // A recorded 404 answered 404 is as recorded.
        let recorded = CallHealth()
        for _ in 0..<10 { recorded.answered(status: 404, provoked: false, expected: 404, path: "/v3/places/search") }
        #expect(recorded.cause == nil && recorded.conclude(CallLedger.Tally(), maxCalls: nil) == nil)

        let wrong = CallHealth()
        for index in 0..<CallHealth.notFoundLimit {
            #expect(wrong.cause == nil)
            // A recorded 404 answered 404 is no evidence either way.
            wrong.answered(status: 404, provoked: false, expected: 404, path: "/v3/places/fsq-contract-no-such-place")
            wrong.answered(status: 404, provoked: index == 0, expected: index == 0 ? 401 : 200,
                           path: [place, "/v3/places/search", "/v3/autocomplete"][index % 3])
        }
        #expect(wrong.cause == "nothing is found at the base URL: 404 on every call (12 of 12, on 3 operation paths, e.g. "
                    + "/v3/autocomplete); check --base-url", "\(wrong.cause ?? "nil")")
        // A call in flight when the cause was found finishes after it: the line counts it, as the calls made do.
        wrong.answered(status: 404, provoked: false, expected: 200, path: "/v3/places/search")
        #expect(wrong.cause?.hasPrefix("nothing is found at the base URL: 404 on every call (13 of 13, ") == true, "\(wrong.cause ?? "nil")")
        // One operation removed (its path, which names no place, answers 404) is a contract change, not a wrong URL.
        let removed = CallHealth()
        for _ in 0..<10 { removed.answered(status: 404, provoked: false, expected: 200, path: "/v3/autocomplete") }
        #expect(removed.cause == nil)
        // One answer that is not a 404 shows something is routed there.
        let routed = CallHealth()
        routed.answered(status: 200, provoked: false, expected: 200, path: "/places/search")
        for _ in 0..<10 { routed.answered(status: 404, provoked: false, expected: 200, path: "/places/search") }
        #expect(routed.cause == nil)
    }

    @Test func aKeyRefusedOnEveryCallIsNamedWithItsCount() {
        let health = CallHealth()
        // Provoked 401s (a key no server accepts, sent on purpose) say nothing about the run's key.
        for _ in 0..<20 { health.answered(status: 401, provoked: true) }
        #expect(health.cause == nil)
        for _ in 0..<CallHealth.refusedLimit { health.answered(status: 401, provoked: false) }
        #expect(health.cause == "the key was rejected: 401 on every call (8 of 8 calls that expected an answer; 20 refused on purpose left out); check FSQ_API_KEY")
    }

    /// A 429 or a 5xx says nothing about the key: refusals beside them still mean the key was rejected.
    @Test func answersOfAQuotaOrAFailingServerDoNotVouchForTheKey() {
        let health = CallHealth()
        health.answered(status: 429, provoked: false)
        health.answered(status: 503, provoked: false)
        health.answered(status: 401, provoked: false)
        #expect(health.conclude(CallLedger.Tally(), maxCalls: nil) == "the key was rejected: 401 on every call (1 of 1 calls that "
                    + "expected an answer; 2 answered 429 or 5xx left out); check FSQ_API_KEY")
    }

    /// A call in flight when its operation was seen to answer only 5xx finishes later: the line counts it too.
    @Test func anOperationsLineCountsTheCallsThatFinishAfterItStopped() {
        let health = CallHealth()
        for i in 0..<(CallHealth.serverErrorLimit + 1) { health.attempted(operation: "place-tips", status: 500, expected: 200, retry: true, target: "/\(i)") }
        #expect(health.notJudged("place-tips") == "place-tips answers only 5xx: 500 (4 of 4 calls)")
    }

    @Test func oneAnswerTheKeyWasNotRefusedForMeansTheKeyWorks() {
        let health = CallHealth()
        health.answered(status: 200, provoked: false)
        for _ in 0..<30 { health.answered(status: 401, provoked: false) }
        #expect(health.cause == nil)
        #expect(health.conclude(CallLedger.Tally(), maxCalls: nil) == nil)
    }

    @Test func anOperationAnsweringOnly5xxIsNamedAtTheEnd() {
        let health = CallHealth()
        health.attempted(operation: "place-details", status: 200, expected: 200)
        // A recorded 5xx is what the fixture asks for.
        for _ in 0..<5 { health.attempted(operation: "place-details", status: 503, expected: 503) }
        for _ in 0..<2 { health.attempted(operation: "place-suggest-edit", status: 503, expected: 200) }
        #expect(health.cause == nil && health.notJudged("place-suggest-edit") == nil)
        // Not a cause of the whole run: the operation alone is not judged.
        #expect(health.conclude(CallLedger.Tally(), maxCalls: nil) == nil)
        #expect(health.operationsNotJudged == ["place-suggest-edit": "place-suggest-edit answers only 5xx: 503 (2 of 2 calls)"])
        #expect(CallHealth.notJudgedLine(health.operationsNotJudged) == "place-suggest-edit answers only 5xx: 503 (2 of 2 calls); it was "
                + "called no more: the server is failing, not the contract")
    }

    /// A few 5xx in a row stop that operation's calls, not the run's: the others are still called and judged.
    @Test func anOperationAnsweringOnly5xxStopsOnlyItself() {
        let health = CallHealth()
        for i in 0..<CallHealth.serverErrorLimit { health.attempted(operation: "place-suggest-edit", status: 503, expected: 200, retry: true, target: "/\(i)") }
        #expect(health.notJudged("place-suggest-edit")?.hasPrefix("place-suggest-edit answers only 5xx: 503 (3 of 3 calls)") == true)
        #expect(health.cause == nil)
        #expect(health.notJudged("place-search") == nil)
        // The service behind it is failing: another operation stops at its first call still answered 5xx after its
        // retries (a 5xx its retry recovers from is no outage).
        health.attempted(operation: "place-tips", status: 503, expected: 200)
        health.attempted(operation: "place-tips", status: 200, expected: 200)
        health.finished(operation: "place-tips", status: 200, expected: 200)
        health.attempted(operation: "place-flag", status: 503, expected: 200)
        #expect(health.notJudged("place-flag") == nil, "its retry may still be answered")
        health.attempted(operation: "place-flag", status: 503, expected: 200, retry: true)
        health.finished(operation: "place-flag", status: 503, expected: 200)
        #expect(health.notJudged("place-flag") == "place-flag answers only 5xx: 503 (2 of 2 calls)")
        #expect(health.notJudged("place-tips") == nil)
    }

    /// Calls in flight together whose first tries all failed, and whose retries were answered, are a blip: only a
    /// 5xx on a retry (or a call that ended on one) shows the operation is failing.
    @Test func firstTriesThatFailTogetherAreNoOutageUntilARetryFails() {
        let health = CallHealth()
        for _ in 0..<4 { health.attempted(operation: "place-tips", status: 500, expected: 200) }
        #expect(health.notJudged("place-tips") == nil)
        health.attempted(operation: "place-tips", status: 200, expected: 200, retry: true)
        #expect(health.notJudged("place-tips") == nil)
        let failing = CallHealth()
        for i in 0..<4 { failing.attempted(operation: "place-tips", status: 500, expected: 200, target: "/\(i)") }
        failing.attempted(operation: "place-tips", status: 500, expected: 200, retry: true, target: "/0")
        #expect(failing.notJudged("place-tips") == "place-tips answers only 5xx: 500 (5 of 5 calls)")
        // A write is not retried after a 5xx: calls that ended on one show it as well.
        let writes = CallHealth()
        for i in 0..<CallHealth.serverErrorLimit {
            #expect(writes.notJudged("place-suggest-edit") == nil)
            writes.attempted(operation: "place-suggest-edit", status: 503, expected: 200, target: "/\(i)")
            writes.finished(operation: "place-suggest-edit", status: 503, expected: 200)
        }
        #expect(writes.notJudged("place-suggest-edit") == "place-suggest-edit answers only 5xx: 503 (3 of 3 calls)")
    }

    /// One place the server fails, every retry of it too, is that place's trouble: the operation is still called.
    @Test func onePlaceTheServerFailsDoesNotStopItsOperation() {
        let health = CallHealth()
        for retry in [false, true, true] { health.attempted(operation: "place-details", status: 503, expected: 200, retry: retry, target: "/places/a") }
        health.finished(operation: "place-details", status: 503, expected: 200)
        #expect(health.notJudged("place-details") == nil)
        health.attempted(operation: "place-details", status: 503, expected: 200, target: "/places/b")
        #expect(health.notJudged("place-details") == "place-details answers only 5xx: 503 (4 of 4 calls)", "a second place failing is the operation")
    }

    /// A 5xx that the retry recovered from (its last answer a 2xx) is judged as any answer is.
    @Test func a5xxBesideAnswersIsNoOutage() {
        let health = CallHealth()
        health.attempted(operation: "place-details", status: 503, expected: 200)
        health.attempted(operation: "place-details", status: 200, expected: 200)
        for _ in 0..<5 { health.attempted(operation: "place-details", status: 503, expected: 200) }
        #expect(health.notJudged("place-details") == nil)
        _ = health.conclude(CallLedger.Tally(), maxCalls: nil)
        #expect(health.operationsNotJudged.isEmpty)
    }

    @Test func callsStillAnswered429InARowStopTheRun() {
        let health = CallHealth()
        for _ in 0..<20 { health.finished(operation: "place-search", status: 429, expected: 429) }
        for _ in 0..<(CallHealth.refusedLimit - 1) { health.finished(operation: "place-search", status: 429, expected: 200) }
        health.finished(operation: "place-search", status: 200, expected: 200)
        #expect(health.cause == nil, "an answer between resets the count")
        for _ in 0..<CallHealth.refusedLimit { health.finished(operation: "place-search", status: 429, expected: 200) }
        #expect(health.cause?.hasPrefix("the quota refuses every call: 8 calls in a row still answered 429") == true)
    }

    @Test func callsTheBudgetLeftUnsentAreACause() {
        var tally = CallLedger.Tally()
        tally.calls = 200
        tally.refused = 4
        tally.retries = ["429": 60]
        let cause = CallHealth().conclude(tally, maxCalls: 200)
        #expect(cause?.hasPrefix("the budget was too short: 4 calls not sent once 200 were made (--max-calls); the quota answered 429 60 times") == true)
    }

    @Test func aStoppedRunSendsNothingMore() async throws {
        let ledger = CallLedger()
        for _ in 0..<CallHealth.noAnswerLimit { ledger.health.noAnswer("cannot connect") }
        let transport = PacedTransport(base: FailingTransport(), pacer: CallPacer(perSecond: nil), ledger: ledger)
        await #expect(throws: CallHealth.Stopped.self) {
            _ = try await transport.send(HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/places/search")!))
        }
        #expect(ledger.tally.calls == 0)
    }
}

private struct FailingTransport: Transport {
    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) { throw URLError(.cannotConnectToHost) }
}
