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

extension RecordMode: ExpressibleByArgument {}

/// `fsq-contract record`: write fixtures from a live server, with the key removed.
struct RecordCommand: AsyncParsableCommand, CollaboratingCommand {
    static let configuration = CommandConfiguration(
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

    @OptionGroup var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "never, missing, failed or all (default: FSQ_RECORD, else missing with --plan, else never; CI=true without either records nothing).")
    var mode: RecordMode?

    @Option(name: .long, help: "A JSON list of new requests to record: [{\"endpoint\", \"case\", \"contract\", \"auth\", \"fsq_id\", \"parameters\", \"status\"}].")
    var plan: String?

    @Option(name: .long, help: "Also redact this header's value (repeatable; added to the project file's redactHeaders).")
    var redactHeader: [String] = []

    @Option(name: .long, help: "Auth style for plan entries and fixtures that do not name one.")
    var auth: AuthStyle = .apiKey

    @Flag(name: .long, help: "Record a fixture's answer even when its status differs from the file's (otherwise the file is kept); the file is renamed and its expect block set to match.")
    var acceptStatusChange = false

    @Flag(name: .long, help: "Write the answers' place data as the server sent it (only where your plan permits keeping it); by default it is replaced by synthetic values of the same form. Also the project file's keepValues.")
    var keepValues = false

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style.")
    var apiVersion: String = FoursquareClient.defaultAPIVersion

    @OptionGroup(title: "Live calls") var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") var budget: LiveBudgetFlags
    @OptionGroup(title: "Stale fixtures") var rerecord: RerecordFlags

    /// Resolve the flags and the mode, record, replay what was written and report: each step is `RecordJob`'s.
    mutating func run() async throws { try await run(with: Collaborators()) }

    mutating func run(with collaborators: Collaborators) async throws {
        let job = try await RecordJob.resolve(self, collaborators)
        let recording = await job.record()
        try await job.report(recording).exit()
    }

    /// Why a plan wrote nothing, from the outcomes' counts.
    static func nothingWrittenReason(_ outcomes: [RecordOutcome]) -> String {
        let counts = Dictionary(grouping: outcomes, by: \.status).mapValues(\.count)
        var reasons: [String] = []
        if let failed = counts[.failed] { reasons.append("\(failed) failed (above)") }
        if let skipped = counts[.skipped] { reasons.append("\(skipped) skipped (above)") }
        if let same = counts[.unchanged] { reasons.append("\(same) unchanged") }
        if let kept = counts[.kept] { reasons.append("\(kept) kept") }
        return reasons.isEmpty ? "no entry was recorded" : reasons.joined(separator: ", ")
    }

    static func summary(_ outcomes: [RecordOutcome], mode: RecordMode) -> String {
        var lines: [String] = []
        let counts = Dictionary(grouping: outcomes, by: \.status).mapValues(\.count)
        for outcome in outcomes where outcome.status != .unchanged && outcome.status != .skipped {
            lines.append("\(outcome.status.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)) \(outcome.relativePath)")
            for note in outcome.notes.prefix(8) { lines.append("         \(note)") }
            if outcome.notes.count > 8 { lines.append("         … \(outcome.notes.count - 8) more changes") }
        }
        // Not called, one line per reason: the same lines the dry run gives.
        let skipped = outcomes.filter { $0.status == .skipped }
        lines += CallCount.reasonLines(Dictionary(grouping: skipped, by: { $0.notes.first ?? "no reason given" }).mapValues(\.count))
        lines.append("record (\(mode.rawValue)): \(counts[.new] ?? 0) new, \(counts[.updated] ?? 0) updated, "
                     + "\(counts[.unchanged] ?? 0) unchanged, \(counts[.kept] ?? 0) kept, \(counts[.skipped] ?? 0) skipped, "
                     + "\(counts[.failed] ?? 0) failed")
        return lines.joined(separator: "\n")
    }
}

extension AuthStyle: ExpressibleByArgument {}
