import HarnessCore
import HarnessJobs
import HarnessProject

/// The flags drift's pass reads: `drift`'s, or `nightly`'s for the night's first pass. Both verbs declare them in the
/// same groups, so the nightly hands its own flags to drift's job: nothing is parsed twice or copied field by field.
package protocol DriftPassFlags: FixtureVerb {
    var connection: ConnectionFlags { get }
    var limits: LiveLimitFlags { get }
    var budget: LiveBudgetFlags { get }
    var authFlags: AuthFlags { get }
    var keyFlags: MissingKeyFlags { get }
    var baselineFlags: BaselineFlags { get }
    var openapi: OpenAPIFlags { get }
    /// `--summary`, `--json` and `--fail-on`.
    var driftOutputs: DriftOutputFlags { get }
    /// The reports for people drift's pass writes.
    var driftHumanReports: HumanReports { get }
    /// Where drift's JUnit report goes.
    func driftReportPath(_ project: ProjectFile) -> String
}

extension DriftCommand: DriftPassFlags {
    package var driftOutputs: DriftOutputFlags { outputs }
    package var driftHumanReports: HumanReports { humanReports.resolved }
    package func driftReportPath(_ project: ProjectFile) -> String { reportPath(project) }
}

extension NightlyCommand: DriftPassFlags {
    /// An HTML page is the live checks'; drift's pass writes its own only in CI, beside its report.
    package var driftHumanReports: HumanReports { humanReports.resolved.ciPageOnly }
    /// `--drift-report`, else the project file's `drift.report`, else `Reports/drift.xml`.
    package func driftReportPath(_ project: ProjectFile) -> String { JUnitReportFlags.driftReport(driftReport, project) }
}

extension DriftPassFlags {
    /// Drift's pass as the work takes it: the flags resolved once against the project file, the OpenAPI document
    /// loaded. `verb`: the command the user ran (`drift`, `nightly`), as messages name it.
    package func driftRequest(_ collaborators: Collaborators, verb: String) throws -> DriftRequest {
        let (project, selection, fixtures) = try scope(live: true)
        let live = LiveSettings(project: project, connection: connection, limits: limits, budget: budget, auth: authFlags.resolved,
                                ifNoKey: keyFlags.ifNoKey)
        let document = try openapi.check(verb: "fsq-contract \(verb)", project: project, loader: collaborators.documentLoader)
        return DriftRequest(project: project, selection: selection, fixtures: fixtures, live: live, baseline: baselineFlags.resolved,
                            document: document, report: driftReportPath(project), summary: driftOutputs.summary ?? project.drift.summary,
                            json: driftOutputs.json, failOn: driftOutputs.failOn ?? project.drift.failOn ?? .err,
                            humanReports: driftHumanReports)
    }
}
