import ArgumentParser
import HarnessCore
import HarnessJobs
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

    @OptionGroup package var reportFlags: JUnitReportFlags

    /// `--report`.
    package var report: String? { reportFlags.report }
    /// Where the report goes: the flag, else the project file's `drift.report`, else `Reports/drift.xml`.
    package func reportPath(_ project: ProjectFile?) -> String { reportFlags.driftReport(project) }

    @OptionGroup package var outputs: DriftOutputFlags

    @OptionGroup package var authFlags: AuthFlags

    @OptionGroup(title: "Live calls") package var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") package var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") package var budget: LiveBudgetFlags
    @OptionGroup(title: "Known findings") package var baselineFlags: BaselineFlags
    @OptionGroup(title: "OpenAPI") package var openapi: OpenAPIFlags
    @OptionGroup(title: "Reports for people") package var humanReports: HumanReportFlags

    @OptionGroup package var keyFlags: MissingKeyFlags

    /// `--auth`, else both.
    package var auth: AuthChoice { authFlags.choice }
    /// `--api-version`.
    package var apiVersion: String? { authFlags.apiVersion }
    /// `--if-no-key`.
    package var ifNoKey: IfNoKey? { keyFlags.ifNoKey }

    /// Resolve the flags, then the Live trait's drift: load the fixtures, call the server for each, report.
    package mutating func run() async throws { try await run(with: Collaborators()) }

    package mutating func run(with collaborators: Collaborators) async throws {
        let work = try collaborators.liveVerbs.needed(for: "drift", trait: "Live")
        try await work.drift(try driftRequest(collaborators, verb: "drift"))
    }
}

