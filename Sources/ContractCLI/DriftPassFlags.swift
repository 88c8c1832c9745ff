import HarnessProject

/// The flags drift's pass reads: `drift`'s, or `nightly`'s for the night's first pass. Both verbs declare them in the
/// same groups, so the nightly hands its own flags to drift's job: nothing is parsed twice or copied field by field.
package protocol DriftPassFlags: FixtureVerb {
    var limits: LiveLimitFlags { get }
    var budget: LiveBudgetFlags { get }
    var authFlags: AuthFlags { get }
    var keyFlags: MissingKeyFlags { get }
    var baselineFlags: BaselineFlags { get }
    var openapi: OpenAPIFlags { get }
    /// `--summary`, `--json` and `--fail-on`.
    var driftOutputs: DriftOutputFlags { get }
    /// The reports for people drift's pass writes.
    var driftHumanReports: HumanReportFlags { get }
    /// Where drift's JUnit report goes.
    func driftReportPath(_ project: ProjectFile) -> String
}

extension DriftCommand: DriftPassFlags {
    package var driftOutputs: DriftOutputFlags { outputs }
    package var driftHumanReports: HumanReportFlags { humanReports }
    package func driftReportPath(_ project: ProjectFile) -> String { reportPath(project) }
}

extension NightlyCommand: DriftPassFlags {
    /// An HTML page is the live checks'; drift's pass writes its own only in CI, beside its report.
    package var driftHumanReports: HumanReportFlags { humanReports.ciPageOnly }
    /// `--drift-report`, else the project file's `drift.report`, else `Reports/drift.xml`.
    package func driftReportPath(_ project: ProjectFile) -> String { JUnitReportFlags.driftReport(driftReport, project) }
}
