import FixtureFormat
import HarnessCore
import HarnessReports
import HarnessProject
import FoursquarePlaces

/// `run --live`'s part of a run (`RunJob`): everything of a live run that replay does not do, in the order the run
/// does it. A class: the pass keeps what its calls found for the run's ending.
package protocol LivePass: AnyObject, Sendable {
    /// The server, for the report's `base_url` property and the HTML report.
    var baseURL: String { get }
    /// The nightly's second pass: drift's pass already said what the whole night says once (the contracts left out).
    var followsDrift: Bool { get }
    /// The key the run's pages and reports are scrubbed of; nil when the run has none.
    var key: APIKey? { get }
    /// Before the first call that relies on `X-Emulator-Fixture`: learns whether the server is the emulator.
    func identifyServer() async
    /// Counts the calls the selected fixtures take; `--dry-run` prints them and ends the run, and a run past the
    /// budget is refused (exit 2).
    func gate(_ loaded: [LoadedFixture]) async throws
    /// Calls the server for every fixture the pipeline takes from `source`, streaming the cases into `stream`.
    func run(source: FixtureSource, stream: ReportStream, includes: @escaping @Sendable (Fixture) -> Bool, worker: WorkerContext?,
             loaded: [LoadedFixture], human: HumanReportCollector?, report: String, document: DocumentCheck?) async
    /// Why the answers could not judge the contract (exit 3), once the pass ran; nil when they could.
    var couldNotJudge: String? { get }
    /// The line of a run that could not judge the cases whose calls the server failed (exit 3 when nothing else
    /// failed); nil when it judged every case it called (or when the nightly says it).
    var notJudged: String? { get }
    /// Before the summary: the contracts the server refused on every call, one line each, and their cases taken out
    /// of the tally's problems.
    func beforeSummary(_ tally: inout RunTally)
    /// After the summary: the premises the server did not hold and the documented rules it did not keep.
    func afterSummary(folder: String) -> [String]
    /// After the fixtures' ages: the baseline (judged, and written with `--update-baseline`), stale fixtures and
    /// what the calls cost; returns the markdown for the step summary.
    func afterFindings() throws -> String
    /// The calls line of the HTML report.
    var callsLine: String? { get }
    /// The last line of a run that could not judge the contract; nil otherwise (or when the nightly says it).
    var lastLine: String? { get }
}
