import FoursquarePlaces
import HarnessCore
import HarnessProject

/// `fsq-contract nightly`, resolved: drift's pass, then the live checks' report over the same answers.
package struct NightlyRequest: Sendable {
    /// The night's first pass.
    package var drift: DriftRequest
    /// `--strict`, for the live checks.
    package var strict: Bool
    /// The live checks' JUnit report.
    package var report: String
    package var junitShape: JUnitShape
    /// The live checks' reports for people.
    package var humanReports: HumanReports

    /// The request from its parts.
    package init(drift: DriftRequest, strict: Bool, report: String, junitShape: JUnitShape, humanReports: HumanReports) {
        self.drift = drift
        self.strict = strict
        self.report = report
        self.junitShape = junitShape
        self.humanReports = humanReports
    }
}
