import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessNightly
import HarnessProject
import Foundation

/// A live run (`run --live`, `drift`, `nightly`) whose answers could not judge the contract: nothing answered, the
/// key was refused on every call, an operation answered only 5xx, or the budget ran out. Not red (the contract did
/// not change) and not green (nothing was shown to hold): its own exit status and one line naming the cause.
enum CouldNotJudge {
    /// The exit status: apart from 0 (green), 1 (the contract changed) and 2 (usage), so CI and the Action can
    /// tell an outage or a revoked key from a contract change.
    static let exitStatus: Int32 = 3

    /// `drift: could not judge the contract (exit 3): the key was rejected: 401 on every call (8 of 8); …`.
    static func line(verb: String, cause: String) -> String {
        "\(verb): could not judge the contract (exit \(exitStatus)): \(cause); no drift graded, no baseline entry marked fixed, "
            + "no baseline written"
    }

    /// The cause for a run whose calls went through `ledger`, if any (`CallHealth.conclude`).
    static func cause(_ ledger: CallLedger) -> String? { ledger.health.conclude(ledger.tally, maxCalls: ledger.maxCalls) }
}
