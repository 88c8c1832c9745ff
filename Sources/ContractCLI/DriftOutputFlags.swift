import ArgumentParser
import HarnessJobs
import HarnessProject

/// Drift's outputs besides its JUnit report, and the grade that fails it: `drift`'s and `nightly`'s drift pass.
package struct DriftOutputFlags: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "Also write drift's markdown summary (for a pull-request comment or $GITHUB_STEP_SUMMARY; default: the project file's drift.summary).")
    package var summary: String?

    @Option(name: .long, help: "Also write drift's findings as JSON.")
    package var json: String?

    @Option(name: .long, help: "Lowest drift grade that fails the run: err or warn (default: the project file's drift.failOn, else err).")
    package var failOn: DriftFailOn?
}

extension DriftFailOn: ExpressibleByArgument {}
