import ArgumentParser
import HarnessJobs
import HarnessProject

/// `--report`: where a verb writes its JUnit XML report, declared once for run, drift and nightly.
package struct JUnitReportFlags: ParsableArguments {
    /// The group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "Where to write the JUnit XML report: run's and nightly's live checks' (default: the project file's \"report\", else Reports/junit.xml), drift's (default: the project file's drift.report, else Reports/drift.xml).")
    package var report: String?

    /// run's and the nightly's live checks' report: the flag, else the project file's `report`, else `Reports/junit.xml`.
    package func runReport(_ project: ProjectFile?) -> String { report ?? project?.report ?? "Reports/junit.xml" }

    /// drift's report: the flag, else the project file's `drift.report`, else `Reports/drift.xml`.
    package func driftReport(_ project: ProjectFile?) -> String { Self.driftReport(report, project) }

    /// A drift report's path: `flag` (`--report`, nightly's `--drift-report`), else the project file's `drift.report`,
    /// else `Reports/drift.xml`.
    package static func driftReport(_ flag: String?, _ project: ProjectFile?) -> String {
        flag ?? project?.drift.report ?? "Reports/drift.xml"
    }
}
