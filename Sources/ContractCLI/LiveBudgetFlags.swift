import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation

/// The budget and pace of a live run, shared by run --live, drift and record.
package struct LiveBudgetFlags: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "Most calls the run may make, retries included; a run that would need more is refused before its first call (exit 2). Default: the project file's maxCalls, else no limit.")
    package var maxCalls: Int?

    @Option(name: .long, help: "Most calls in any one-second window, whatever the concurrency; 0 for no limit, whatever the project file says (default: the project file's rateLimit, else none). Calls also slow down when X-RateLimit-Remaining runs low.")
    package var rateLimit: Int?

    @Flag(name: .long, help: "Print the calls the run would make, per operation and in total, and make none.")
    package var dryRun = false

    /// The budget as the work takes it.
    package var resolved: LiveBudget { LiveBudget(maxCalls: maxCalls, rateLimit: rateLimit, dryRun: dryRun) }
}
