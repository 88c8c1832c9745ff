import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessNightly
import HarnessProject
import Foundation

/// The budget and pace of a live run, shared by run --live, drift and record.
struct LiveBudgetFlags: ParsableArguments {
    @Option(name: .long, help: "Most calls the run may make, retries included; a run that would need more is refused before its first call (exit 2). Default: the project file's maxCalls, else no limit.")
    var maxCalls: Int?

    @Option(name: .long, help: "Most calls in any one-second window, whatever the concurrency; 0 for no limit, whatever the project file says (default: the project file's rateLimit, else none). Calls also slow down when X-RateLimit-Remaining runs low.")
    var rateLimit: Int?

    @Flag(name: .long, help: "Print the calls the run would make, per operation and in total, and make none.")
    var dryRun = false

    /// Sets the pace and the budget on `options` from the flags, else the project file.
    func apply(to options: inout LiveOptions, project: ProjectFile) throws {
        if let maxCalls, maxCalls < 1 { throw UsageFailure("--max-calls \(maxCalls): must be a positive number of calls") }
        if let rateLimit, rateLimit < 0 { throw UsageFailure("--rate-limit \(rateLimit): must be a number of calls a second, or 0 for no limit") }
        options.maxCalls = maxCalls ?? project.maxCalls
        options.rateLimit = rateLimit.map { $0 == 0 ? nil : $0 } ?? project.rateLimit
    }

    /// Before the first call: prints the count and ends the run for `--dry-run` (exit 0); refuses a run that would
    /// go past the budget (exit 2).
    func gate(_ count: CallCount, options: LiveOptions, verb: String) throws {
        if dryRun {
            count.lines(verb: verb).forEach { print($0) }
            if let maxCalls = options.maxCalls {
                print(count.total > maxCalls ? "over the budget of \(maxCalls) calls (--max-calls): a real run would be refused"
                                             : "within the budget of \(maxCalls) calls (--max-calls)")
            }
            throw ExitCode.success
        }
        if let maxCalls = options.maxCalls, let refusal = count.refusal(maxCalls: maxCalls, verb: verb) {
            throw UsageFailure(refusal)
        }
    }
}
