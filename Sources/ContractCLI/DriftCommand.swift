import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces
import JUnitXML

/// `fsq-contract drift`: call the live server for every fixture and grade what moved.
package struct DriftCommand: AsyncParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
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

    @OptionGroup package var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "Where to write the JUnit XML report (default: the project file's drift.report, else Reports/drift.xml).")
    package var report: String?

    /// Where the report goes: the flag, else the project file's `drift.report`, else `Reports/drift.xml`.
    package func reportPath(_ project: ProjectFile?) -> String { report ?? project?.drift.report ?? "Reports/drift.xml" }

    @OptionGroup package var outputs: DriftOutputFlags

    @Option(name: .long, help: "Auth styles to call with: apiKey, bearer or both.")
    package var auth: AuthChoice = .both

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style (default \(FoursquareClient.defaultAPIVersion)).")
    package var apiVersion: String?

    @OptionGroup(title: "Live calls") package var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") package var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") package var budget: LiveBudgetFlags
    @OptionGroup(title: "Known findings") package var baselineFlags: BaselineFlags
    @OptionGroup(title: "OpenAPI") package var openapi: OpenAPIFlags
    @OptionGroup(title: "Reports for people") package var humanReports: HumanReportFlags

    @Option(name: .long, help: "Without FSQ_API_KEY: fail (exit 2, the default) or skip (report every drift case as skipped). Also FSQ_IF_NO_KEY.")
    package var ifNoKey: IfNoKey?

    /// Resolve the flags and load the fixtures, call the server for each, report: each step is `DriftJob`'s.
    package mutating func run() async throws { try await run(with: Collaborators()) }

    package mutating func run(with collaborators: Collaborators) async throws {
        try await collaborators.liveVerbs.needed(for: "drift", trait: "Live").drift(self, collaborators: collaborators)
    }
}

