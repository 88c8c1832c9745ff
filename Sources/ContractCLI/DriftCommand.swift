import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessNightly
import HarnessProject
import Foundation
import FoursquarePlaces
import JUnitXML

/// `fsq-contract drift`: call the live server for every fixture and grade what moved.
struct DriftCommand: AsyncParsableCommand, CollaboratingCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Compare live responses with the fixtures and grade each change by what the Swift models read.",
        discussion: """
            ERR: the change breaks decoding (a required field removed, a read field changing type) or the status class \
            changed. WARN: an optional field the model reads disappeared or turned null, or the content type changed. \
            INFO: added fields, or fields the model does not read. Fixtures/drift-config.json ignores paths and overrides grades.
            The summary gives each distinct change once (with a count and two example fixtures), names the contract the \
            server speaks, and lists apart error fixtures the server does not reproduce (their cases are skipped).
            Exit status: 0 no breaking drift, 1 ERR found (or WARN with --fail-on warn) or a call failed, 2 usage error \
            (FSQ_API_KEY missing without --if-no-key skip).
            """)

    @OptionGroup var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "Where to write the JUnit XML report (default: the project file's drift.report, else Reports/drift.xml).")
    var report: String?

    /// Where the report goes: the flag, else the project file's `drift.report`, else `Reports/drift.xml`.
    func reportPath(_ project: ProjectFile?) -> String { report ?? project?.drift.report ?? "Reports/drift.xml" }

    @OptionGroup var outputs: DriftOutputFlags

    @Option(name: .long, help: "Auth styles to call with: apiKey, bearer or both.")
    var auth: AuthChoice = .both

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style (default \(FoursquareClient.defaultAPIVersion)).")
    var apiVersion: String?

    @OptionGroup(title: "Live calls") var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") var budget: LiveBudgetFlags
    @OptionGroup(title: "Known findings") var baselineFlags: BaselineFlags
    @OptionGroup(title: "OpenAPI") var openapi: OpenAPIFlags
    @OptionGroup(title: "Reports for people") var humanReports: HumanReportFlags

    @Option(name: .long, help: "Without FSQ_API_KEY: fail (exit 2, the default) or skip (report every drift case as skipped). Also FSQ_IF_NO_KEY.")
    var ifNoKey: IfNoKey?

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case err, warn
        var grade: DriftGrade { self == .err ? .err : .warn }
    }

    /// Resolve the flags and load the fixtures, call the server for each, report: each step is `DriftJob`'s.
    mutating func run() async throws { try await run(with: Collaborators()) }

    mutating func run(with collaborators: Collaborators) async throws {
        let start = ContinuousClock.now
        let job = try await DriftJob.resolve(self, collaborators)
        let calls = ContinuousClock.now
        let drift = await job.execute()
        try job.report(drift, phases: [.init("load fixtures", (calls - start).seconds), .init("calls and comparison", (ContinuousClock.now - calls).seconds)])
            .exit()
    }
}

