import HarnessJobs
import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessProject

extension LiveBudget {
    /// Sets the pace and the budget on `options` from the flags, else the project file.
    package func apply(to options: inout LiveOptions, project: ProjectFile) throws {
        if let maxCalls, maxCalls < 1 { throw UsageFailure("--max-calls \(maxCalls): must be a positive number of calls") }
        if let rateLimit, rateLimit < 0 { throw UsageFailure("--rate-limit \(rateLimit): must be a number of calls a second, or 0 for no limit") }
        options.maxCalls = maxCalls ?? project.maxCalls
        options.rateLimit = rateLimit.map { $0 == 0 ? nil : $0 } ?? project.rateLimit
    }

    /// Before the first call: prints the count and ends the run for `--dry-run` (exit 0); refuses a run that would
    /// go past the budget (exit 2).
    package func gate(_ count: CallCount, options: LiveOptions, verb: String) throws {
        if dryRun {
            count.lines(verb: verb).forEach { print($0) }
            if let maxCalls = options.maxCalls {
                print(count.total > maxCalls ? "over the budget of \(maxCalls) calls (--max-calls): a real run would be refused"
                                             : "within the budget of \(maxCalls) calls (--max-calls)")
            }
            throw JobExit.success
        }
        if let maxCalls = options.maxCalls, let refusal = count.refusal(maxCalls: maxCalls, verb: verb) {
            throw UsageFailure(refusal)
        }
    }
}
