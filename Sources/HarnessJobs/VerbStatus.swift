import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// A verb's exit status once it has run (a usage or configuration error has already thrown `UsageFailure`, exit 2):
/// 0, 1 when a check failed, a fixture is broken, or a fixture was written, or `couldNotJudgeStatus` (3) when
/// a live run's answers could not judge the contract, or could not judge some cases and nothing failed.
package struct VerbStatus: Equatable {
    /// The exit status of a run that could not judge: apart from 0 (green), 1 (the contract changed) and 2 (usage),
    /// so CI and the Action can tell an outage or a revoked key from a contract change.
    package static let couldNotJudgeStatus: Int32 = 3

    /// Whether the run exits 1.
    package var failed: Bool
    /// Why a live run could not judge the contract (`CallHealth`); it exits 3 whatever else it found.
    package var couldNotJudge: String? = nil
    /// Why some cases were not judged (the server failed their calls) while the rest were: exits 3 when no check
    /// failed, since what was not judged is not shown to hold.
    package var notJudged: String? = nil
    /// What failed, by kind, when the run exits 1.
    package var failures = FailureKinds()

    /// A status from what the run found.
    package init(failed: Bool, couldNotJudge: String? = nil) {
        self.failed = failed
        self.couldNotJudge = couldNotJudge
    }

    /// Returns for exit 0; throws `JobExit(3)` or `JobExit(1)`.
    package func exit() throws {
        if couldNotJudge != nil { throw JobExit(Self.couldNotJudgeStatus) }
        if failed { throw JobExit(1) }
        if notJudged != nil { throw JobExit(Self.couldNotJudgeStatus) }
    }
}
