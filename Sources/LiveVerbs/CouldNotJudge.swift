import ContractCLI
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
package enum CouldNotJudge {
    /// The exit status (`VerbStatus.couldNotJudgeStatus`).
    package static let exitStatus = VerbStatus.couldNotJudgeStatus

    /// `drift: could not judge the contract (exit 3): the key was rejected: 401 on every call (8 of 8); …`.
    package static func line(verb: String, cause: String) -> String {
        "\(verb): could not judge the contract (exit \(exitStatus)): \(cause); no drift graded, no baseline entry marked fixed, "
            + "no baseline written"
    }

    /// The cause for a run whose calls went through `ledger`, if any (`CallHealth.conclude`).
    package static func cause(_ ledger: CallLedger) -> String? { ledger.health.conclude(ledger.tally, maxCalls: ledger.maxCalls) }
}
