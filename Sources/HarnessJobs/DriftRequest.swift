import FoursquarePlaces
import HarnessCore
import HarnessProject

/// `fsq-contract drift`, or the nightly's drift pass, resolved from the flags and the project file: the fixtures,
/// the live settings, the OpenAPI check, the baseline and where the outputs go.
package struct DriftRequest: Sendable {
    package var project: ProjectFile
    /// The contracts the pass calls.
    package var selection: ContractSelection
    package var fixtures: FixtureFolder
    package var live: LiveSettings
    package var baseline: BaselineSettings
    /// `--openapi`'s check; nil without it.
    package var document: DocumentCheck?
    /// Drift's JUnit report.
    package var report: String
    /// `--summary`: drift's markdown summary.
    package var summary: String?
    /// `--json`: drift's findings as JSON.
    package var json: String?
    /// The lowest grade that fails the run.
    package var failOn: DriftFailOn
    /// The reports for people drift's pass writes.
    package var humanReports: HumanReports

    /// The request from its parts.
    package init(project: ProjectFile, selection: ContractSelection, fixtures: FixtureFolder, live: LiveSettings, baseline: BaselineSettings,
                 document: DocumentCheck?, report: String, summary: String?, json: String?, failOn: DriftFailOn, humanReports: HumanReports) {
        self.project = project
        self.selection = selection
        self.fixtures = fixtures
        self.live = live
        self.baseline = baseline
        self.document = document
        self.report = report
        self.summary = summary
        self.json = json
        self.failOn = failOn
        self.humanReports = humanReports
    }
}
