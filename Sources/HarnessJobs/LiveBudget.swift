import FoursquarePlaces
import HarnessCore

/// A live run's budget and pace: `--max-calls`, `--rate-limit` and `--dry-run`.
package struct LiveBudget: Sendable {
    package var maxCalls: Int?
    /// Calls a second; 0 for no limit whatever the project file says; nil for the project file's.
    package var rateLimit: Int?
    /// Print the calls the run would make and make none.
    package var dryRun = false

    /// `--max-calls`, `--rate-limit` and `--dry-run`.
    package init(maxCalls: Int? = nil, rateLimit: Int? = nil, dryRun: Bool = false) {
        self.maxCalls = maxCalls
        self.rateLimit = rateLimit
        self.dryRun = dryRun
    }
}
