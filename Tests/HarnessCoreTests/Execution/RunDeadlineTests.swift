import HarnessCore
import Testing

/// What the deadline left unjudged: the cases it stopped (not run, not finished, cut during the call), counted.
@Suite struct RunDeadlineTests {
    func result(_ path: String, _ verdict: Verdict) -> CaseResult {
        CaseResult(endpoint: "chains", fixture: path, auth: .bearer, check: .liveStatus, verdict: verdict)
    }

    func tally(_ verdicts: [Verdict]) -> RunTally {
        var tally = RunTally()
        for (index, verdict) in verdicts.enumerated() { tally.add([result("chains/\(index).json", verdict)], suite: "chains") }
        return tally
    }

    var notRun: Verdict { RunDeadline(seconds: 3).notRun(started: false) }
    var notFinished: Verdict { RunDeadline(seconds: 3).notRun(started: true) }
    /// A call the deadline cut, as the live checks word it.
    var cut: Verdict {
        .error(message: "transport failed: the run's deadline (--deadline 3) passed during the call to http://127.0.0.1:9 "
               + "(no complete head had arrived); raise --deadline, or lower --retries", detail: "")
    }

    @Test func casesTheDeadlineStoppedAreCountedAndNamed() {
        let cause = RunDeadline.passed(tally([.pass, .pass, cut, notFinished, notRun]), seconds: 3)
        #expect(cause?.hasPrefix("the deadline (--deadline 3) passed: 3 of 5 cases not judged") == true, "\(cause ?? "nil")")
    }

    @Test func aRunTheDeadlineStoppedNothingOfHasNoSuchLine() {
        #expect(RunDeadline.passed(tally([.pass, .skip(reason: "asked")]), seconds: 3) == nil)
        #expect(RunDeadline.passed(tally([.pass, .error(message: "no response", detail: "")]), seconds: 3) == nil)
    }

    @Test func resultsInMemoryTallyAsTheStreamDoes() {
        let results = [result("chains/a.json", .pass), result("chains/a.json", notRun), result("chains/b.json", notRun)]
        let tally = RunTally(results)
        #expect(tally.total.fixtures == 2 && tally.total.cases == 3 && tally.stoppedByDeadline == 2)
    }
}
