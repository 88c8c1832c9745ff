import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessContractChecks
import HarnessProject
import Foundation
import FoursquarePlaces

/// What one pass over the fixtures leaves for the run's ending.
package struct RunOutcome {
    package let fixtures: RunFixtures
    package let stream: ReportStream
    /// The contracts of the fixtures that ran.
    package let contractsRun: Set<ContractID>
    /// The cases and fixtures the HTML and CTRF reports are made of; nil when neither is asked for.
    package let human: HumanReportCollector?
    /// Seconds spent discovering the files, loading and running them, and finishing the report.
    package let discoverTime: Double, runTime: Double, reportTime: Double
    /// Replay's coverage of the contracts it ran; nil for a live run.
    package var coverage: CoverageSummary? = nil
    /// How many answers' values were not compared again (`AnswerShapes`); nil when every answer's were.
    package var valuesLine: String? = nil
}
