import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract nightly`: drift's grading and the live checks on the same answers, with one budget and one pace.
package struct NightlyCommand: AsyncParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "nightly",
        abstract: "The nightly job in one command: drift's grading and run --live's checks on the same answers.",
        discussion: """
            Each distinct request is sent once; drift grades the answer against its fixture, then the live checks \
            judge the same answer. One budget (--max-calls, maxCalls), one pace (--rate-limit, rateLimit) and one \
            baseline for both; the reports are drift's (--drift-report, --summary, --json) and the live run's \
            (--report, --html). A place id that answers 404 on an endpoint while that endpoint answers other ids is \
            stale wherever it is asked for, writes included.
            Exit status: 0 green, 1 drift or a live check found a contract change (the last line says which: breaking \
            changes, answers that break the document, answers that do not decode), 2 usage error, 3 the night could \
            not judge the contract (nothing answered, the key was refused on every call, the quota refused every call \
            with 429, a spent quota answered 429 with no Retry-After (the night stops at once), a gateway answered \
            every call with an HTML page, an operation answered only 5xx, the key's plan leaves an operation out (403; \
            list it in the project file's outsidePlan), the budget (--max-calls) ran out, or the deadline (--deadline) \
            passed before every case was judged: the answered cases are judged in both reports, and the slowest \
            operation is named), or could not judge every case (calls still answered 5xx or 429 after their retries, \
            and every other case held): one line names the cause, and no baseline is written. A contract change seen \
            in the cases judged before the deadline, or in the other operations, makes it 1. A dry-run write that \
            answered 5xx is sent again once.
            """)

    @OptionGroup package var fixtureOptions: FixtureOptions

    @OptionGroup package var reportFlags: JUnitReportFlags

    @Option(name: .long, help: "Where to write drift's JUnit XML report (default: the project file's drift.report, else Reports/drift.xml).")
    package var driftReport: String?

    @OptionGroup package var driftOutputs: DriftOutputFlags

    @OptionGroup package var authFlags: AuthFlags
    @OptionGroup package var strictFlags: StrictFlags
    @OptionGroup package var junitShape: JUnitShapeFlags
    @OptionGroup package var keyFlags: MissingKeyFlags

    @OptionGroup(title: "Live calls") package var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") package var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") package var budget: LiveBudgetFlags
    @OptionGroup(title: "Known findings") package var baselineFlags: BaselineFlags
    @OptionGroup(title: "OpenAPI") package var openapi: OpenAPIFlags
    @OptionGroup(title: "Reports for people") package var humanReports: HumanReportFlags

    /// Drift's pass, then the live checks over the answers it got, each reported as its own verb reports; exit 1
    /// when either fails: the Live trait's `nightly`.
    package mutating func run() async throws { try await run(with: Collaborators()) }

    package mutating func run(with collaborators: Collaborators) async throws {
        let work = try collaborators.liveVerbs.needed(for: "nightly", trait: "Live")
        try await work.nightly(try request(collaborators))
    }

    /// The night as the work takes it: the flags resolved once against the project file, the OpenAPI document loaded.
    package func request(_ collaborators: Collaborators) throws -> NightlyRequest {
        let drift = try driftRequest(collaborators, verb: "nightly")
        return NightlyRequest(drift: drift, strict: strictFlags.strict, report: reportFlags.runReport(drift.project),
                              junitShape: junitShape.resolved, humanReports: humanReports.resolved)
    }
}
