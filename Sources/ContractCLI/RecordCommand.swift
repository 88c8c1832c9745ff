import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract record`: write fixtures from a live server, with the key removed.
package struct RecordCommand: AsyncParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record fixtures from a live server (the key is redacted, place data is replaced by synthetic values of the same form, and a final scan refuses any file that still holds the key).",
        discussion: """
            Modes follow swift-snapshot-testing: never (default; forced when CI=true unless --mode or FSQ_RECORD is set), \
            missing, failed, all. Ids, closed sets, counts and structure are kept as recorded; every other value of a 2xx \
            answer is synthesized (recorded.values: synthetic) unless --keep-values or the project file's keepValues says \
            otherwise. Like a snapshot test in record mode, a run that writes fixtures exits 1 so that \
            nobody commits them unreviewed: read the diff, commit, run again. With --plan and no mode outside CI, the mode is \
            missing. Written fixtures are replayed at once with run's checks.
            Exit status: 0 nothing written, 1 fixtures written, a recording failed, a written fixture does not replay, or a \
            plan recorded nothing; 2 usage or configuration error.
            """)

    @OptionGroup package var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "never, missing, failed or all (default: FSQ_RECORD, else missing with --plan, else never; CI=true without either records nothing).")
    package var mode: Mode?

    @Option(name: .long, help: "A JSON list of new requests to record: [{\"endpoint\", \"case\", \"contract\", \"auth\", \"fsq_id\", \"parameters\", \"status\"}].")
    package var plan: String?

    @Option(name: .long, help: "Also redact this header's value (repeatable; added to the project file's redactHeaders).")
    package var redactHeader: [String] = []

    @OptionGroup package var authFlags: AuthFlags

    @Flag(name: .long, help: "Record a fixture's answer even when its status differs from the file's (otherwise the file is kept); the file is renamed and its expect block set to match.")
    package var acceptStatusChange = false

    @Flag(name: .long, help: "Write the answers' place data as the server sent it (only where your plan permits keeping it); by default it is replaced by synthetic values of the same form. Also the project file's keepValues.")
    package var keepValues = false

    /// The style for plan entries and fixtures that name none: `--auth`, else apiKey (`validate` refuses both).
    package var auth: AuthStyle { authFlags.auth == .bearer ? .bearer : .apiKey }

    /// Record writes one fixture per answer, so it calls with one style.
    package func validate() throws {
        if authFlags.auth == .both {
            throw ValidationError("record --auth takes one style, apiKey or bearer: the style for plan entries and fixtures that name none")
        }
    }

    @OptionGroup(title: "Live calls") package var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") package var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") package var budget: LiveBudgetFlags
    @OptionGroup(title: "Stale fixtures") package var rerecord: RerecordFlags

    /// Resolve the flags and the mode, record, replay what was written and report: the Live trait's `record`.
    package mutating func run() async throws { try await run(with: Collaborators()) }

    package mutating func run(with collaborators: Collaborators) async throws {
        let work = try collaborators.liveVerbs.needed(for: "record", trait: "Live")
        try await work.record(try request())
    }

    /// Record as the work takes it: the flags resolved once against the project file.
    package func request() throws -> RecordRequest {
        let (project, selection, fixtures) = try scope(live: true)
        // Record calls with one style: `--auth` is the default for plan entries and fixtures that name none.
        let live = LiveSettings(project: project, connection: connection, limits: limits, budget: budget,
                                auth: AuthSettings(styles: [auth], apiVersion: authFlags.apiVersion), ifNoKey: nil)
        return RecordRequest(project: project, selection: selection, fixtures: fixtures, live: live, mode: mode, plan: plan,
                             placeID: rerecord.placeID, redactHeaders: redactHeader, acceptStatusChange: acceptStatusChange,
                             keepValues: keepValues)
    }

    /// `--mode`'s values.
    package typealias Mode = RecordModeChoice
}

extension RecordModeChoice: ExpressibleByArgument {}

extension AuthStyle: ExpressibleByArgument {}
