/// How a job ends other than by returning: an exit status the CLI passes on (`FSQContract.runCommandLine`), so the
/// work below the CLI needs no ArgumentParser. A usage error is `UsageFailure` (exit 2, with its line).
package struct JobExit: Error, Equatable, Sendable {
    /// The process's exit status.
    package let status: Int32

    /// Ends the job with `status`.
    package init(_ status: Int32) { self.status = status }

    /// Ends the job green, early: a dry run, or a mode that records nothing.
    package static let success = JobExit(0)
}
