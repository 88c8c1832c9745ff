import HarnessJobs
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessProject
import Foundation

/// A live run (`run --live`, `drift`, `nightly`) whose answers could not judge the contract: nothing answered, the
/// key was refused on every call, an operation answered only 5xx, the budget ran out, or the deadline passed. Not red (the contract did
/// not change) and not green (nothing was shown to hold): its own exit status and one line naming the cause.
package enum CouldNotJudge {
    /// The exit status (`VerbStatus.couldNotJudgeStatus`).
    package static let exitStatus = VerbStatus.couldNotJudgeStatus

    /// `drift: could not judge the contract (exit 3): the key was rejected: 401 on every call (8 of 8 calls that
    /// expected an answer); …; no baseline written`. Short: the cause is the line's news (what was skipped is in the report).
    package static func line(verb: String, cause: String) -> String {
        fitted("\(verb): could not judge the contract (exit \(exitStatus)): ", cause, "; no baseline written")
    }

    /// The longest last line: a CI log's one line, whatever the cause says.
    package static let maxLine = 200

    /// `head + cause + tail` within `maxLine`: the tail (which the guide states for every such line) goes first,
    /// then the cause is cut with "…".
    static func fitted(_ head: String, _ cause: String, _ tail: String) -> String {
        if head.count + cause.count + tail.count <= maxLine { return head + cause + tail }
        let room = maxLine - head.count
        return head + (cause.count > room ? String(cause.prefix(max(0, room - 1))) + "…" : cause)
    }

    /// `nightly: could not judge every case (exit 3): place-details answered 503 for place …; …`: the line of a run
    /// that judged every case but those the server failed, and found no contract change.
    package static func partLine(verb: String, cause: String) -> String {
        fitted("\(verb): could not judge every case (exit \(exitStatus)): ", cause, "; the rest held, no baseline written")
    }

    /// What a run whose calls went through `ledger` left out on purpose, and the hint for a plan's refusals, if any.
    package static func planLines(_ ledger: CallLedger) -> [String] {
        // What to do about a premise the answers broke (a page, a retired version), beside the cause's one line.
        var lines = [ledger.health.hint, ledger.health.notCheckedLine].compactMap { $0 }
        let refused = ledger.health.refusedByPlan
        if !refused.isEmpty {
            lines.append("hint: if the key's plan leaves \(refused.joined(separator: ", ")) out, add \"outsidePlan\": "
                         + "[\(refused.map { "\"\($0)\"" }.joined(separator: ", "))] to the project file: not called, and the night can be green")
        }
        return lines
    }

    /// Why some cases of a run whose calls went through `ledger` were not judged, if any were.
    package static func notJudged(_ ledger: CallLedger) -> String? { CallLedger.ServerTrouble.line(ledger.tally.serverTrouble, quotaLimits: ledger.tally.quotaOutlasted) }

    /// The cause for a run whose calls went through `ledger`, if any (`CallHealth.conclude`): it ends the whole run.
    package static func cause(_ ledger: CallLedger) -> String? { ledger.health.conclude(ledger.tally, maxCalls: ledger.maxCalls) }

    /// The cause for a run whose calls went through `ledger` and whose cases `tally` counts: the calls' own cause;
    /// else the operations that answered only 5xx and the cases the `deadline` stopped, each named, unless a case
    /// judged apart from those failed or the night had already found a change (`changedBefore`): then nil, and
    /// the run is red.
    package static func cause(_ ledger: CallLedger, tally: RunTally, deadline: Double, changedBefore: Bool = false) -> String? {
        if let cause = cause(ledger) { return cause }
        let operations = ledger.health.operationsNotJudged
        let unanswered = CallHealth.unanswered(in: tally)
        // An operation's cases answered before it was seen to answer only 5xx are its failures, not the contract's.
        let excused = operations.keys.reduce(0) { $0 + (tally.suites[$1]?.problems ?? 0) } + tally.stoppedByDeadline + unanswered.count
        guard !changedBefore, tally.total.problems <= excused else { return nil }
        let noAnswer = unanswered.first.map { "\(plural(unanswered.count, "case")) got no answer after the retries (\($0))" }
        // A deadline that passed names where the time went, so the user knows what to narrow or wait for.
        let deadlinePassed = RunDeadline.passed(tally, seconds: deadline, slowest: CallLedger.slowestLine(ledger.tally))
        let lines = [CallHealth.notJudgedLine(operations), noAnswer, deadlinePassed].compactMap { $0 }
        return lines.isEmpty ? nil : lines.joined(separator: "; ")
    }
}
