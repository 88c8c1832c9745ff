import ArgumentParser
import HarnessCore
import HarnessJobs

/// `--if-no-key`: what a live verb does without `FSQ_API_KEY`, declared once for run, drift and nightly (record
/// never skips for want of a key).
package struct MissingKeyFlags: ParsableArguments {
    /// The group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "With --live, drift or nightly and no FSQ_API_KEY: fail (exit 2, the default) or skip (report every live case as skipped). Also FSQ_IF_NO_KEY.")
    package var ifNoKey: IfNoKey?
}
