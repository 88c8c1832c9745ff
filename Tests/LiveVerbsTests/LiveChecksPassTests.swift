import HarnessCore
import HarnessLive
import Testing
@testable import LiveVerbs

/// How a live pass the watchdog ended exits: could not judge (3), unless the contract was seen to change first (1).
@Suite struct LiveChecksPassTests {
    func tally(_ verdicts: [Verdict]) -> RunTally {
        var tally = RunTally()
        for (index, verdict) in verdicts.enumerated() {
            tally.add([CaseResult(endpoint: "chains", fixture: "chains/\(index).json", auth: .bearer, check: .liveStatus, verdict: verdict)],
                      suite: "chains")
        }
        return tally
    }

    var unfinished: Verdict { RunDeadline(seconds: 5).notRun(started: true) }

    @Test func aWatchdogEndingAfterPassingCasesCouldNotJudge() {
        let ending = LiveChecksPass.watchdogEnding(tally([.pass, unfinished, unfinished]), ledger: CallLedger(), changedBefore: false,
                                                   verb: "nightly", seconds: 5)
        #expect(ending.status == 3)
        #expect(ending.line.hasPrefix("nightly: could not judge the contract (exit 3): the deadline (--deadline 5) passed: 2 of 3 cases"), "\(ending.line)")
    }

    @Test func aFailureBeforeTheWatchdogKeepsTheRunRed() {
        let failed = Verdict.fail(message: "decoding: the model no longer decodes", detail: "")
        let ending = LiveChecksPass.watchdogEnding(tally([failed, unfinished]), ledger: CallLedger(), changedBefore: false,
                                                   verb: "run --live", seconds: 5)
        #expect(ending.status == 1 && ending.line.hasPrefix("run --live: the contract changed (exit 1)"), "\(ending.line)")
        // The night's drift pass found the change; the live checks the watchdog ended judged nothing wrong.
        let night = LiveChecksPass.watchdogEnding(tally([.pass, unfinished]), ledger: CallLedger(), changedBefore: true,
                                                  verb: "nightly", seconds: 5)
        #expect(night.status == 1)
    }

    @Test func theCallsOwnCauseComesFirst() {
        let ledger = CallLedger()
        ledger.health.stop("nothing answers: cannot connect to http://127.0.0.1:9")
        let ending = LiveChecksPass.watchdogEnding(tally([unfinished]), ledger: ledger, changedBefore: false, verb: "run --live", seconds: 5)
        #expect(ending.status == 3 && ending.line.contains("nothing answers"), "\(ending.line)")
    }
}
