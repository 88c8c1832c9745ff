import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// What a verb shows CI once it has run, written once for every verb: the job page's annotations and the step
/// summary.
package enum CIJobOutput {
    /// Prints the job page's annotations on standard output and its warnings on standard error.
    package static func show(_ page: JobPage.Output) {
        page.annotations.forEach { print($0) }
        page.warnings.forEach(writeStderr)
    }

    /// Appends markdown the verb wrote itself to `$GITHUB_STEP_SUMMARY` (with the key redacted); a summary that
    /// cannot be appended is a warning on standard error, not a failure.
    package static func appendStepSummary(_ markdown: String, key: APIKey?) {
        if let warning = JobPage(environment: ProcessInfo.processInfo.environment).appendStepSummary(markdown, key: key) {
            writeStderr(warning)
        }
    }
}
