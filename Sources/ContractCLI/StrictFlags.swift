import ArgumentParser
import HarnessJobs

/// `--strict`: how a live run judges a server that does not keep a documented rule, declared once for run and nightly.
package struct StrictFlags: ParsableArguments {
    /// The group before parsing (ArgumentParser fills it in).
    package init() {}

    @Flag(name: .long, help: "With --live or nightly: a server that accepts a request a documented rule refuses (limit=51) fails the case instead of warning. An assumed rule is never a failure.")
    package var strict = false
}
