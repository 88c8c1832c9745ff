import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces

extension RecordMode: ExpressibleByArgument {}

/// `fsq-contract record`: write fixtures from a live server, with the key removed.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record fixtures from a live server (the key is redacted, and a final scan refuses any file that still holds it).",
        discussion: """
            Modes follow swift-snapshot-testing: never (default; forced when CI=true unless --mode or FSQ_RECORD is set), \
            missing, failed, all. Like a snapshot test in record mode, a run that writes fixtures exits 1 so that \
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

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style.")
    var apiVersion: String = FoursquareClient.defaultAPIVersion

    @OptionGroup(title: "Live calls") var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") var budget: LiveBudgetFlags
    @OptionGroup(title: "Stale fixtures") var rerecord: RerecordFlags

    mutating func run() async throws {
        let project = try fixtureOptions.adopt()
        connection.adopt(project)
        let selection = try fixtureOptions.selection(project: project, live: true)
        let environment = ProcessInfo.processInfo.environment
        let resolution: RecordModeResolution
        do {
            resolution = try RecordMode.resolve(flag: mode, environment: environment, hasPlan: plan != nil)
        } catch {
            throw UsageFailure(error.description)
        }
        if let nothing = resolution.nothingRecorded {
            print(nothing)
            // A plan asked for fixtures: recording none of them is not a success.
            if let plan { print("record: --plan \(plan) was not recorded"); throw ExitCode(1) }
            return
        }
        let setup = try LiveSetup.resolve(
            verb: "fsq-contract record", project: project, selection: selection, connection: connection, limits: limits,
            budget: budget, styles: [auth], apiVersion: apiVersion, ifNoKey: nil, keyRequired: true,
            checksStyles: false)
        let options = setup.options
        let root = fixtureOptions.fixturesURL
        // A folder that does not exist yet is fine when a plan says what to record into it.
        var existing: [LoadedFixture]
        if plan != nil, (try? fixtureOptions.discover()) == nil { existing = [] } else { existing = try fixtureOptions.load(selection) }
        existing = try rerecord.apply(to: existing)
        var entries: [PlanEntry] = []
        if let plan {
            do {
                entries = try PlanEntry.load(URL(fileURLWithPath: plan))
            } catch {
                throw UsageFailure("--plan \(error)")
            }
        }
        try budget.gate(CallCount.record(existing, plan: entries, mode: resolution.mode, fixturesRoot: root,
                                         defaultContract: selection.single, writes: options.writes),
                        options: options, verb: "record")
        // Past the gate the run makes calls, and LiveSetup has refused a run without a key.
        guard let key = setup.key else { throw ExitCode(2) }
        let recorder = Recorder(options: options, fixturesRoot: root, mode: resolution.mode, key: key,
                                redactHeaders: project.redactHeaders + redactHeader, defaultAuth: auth,
                                defaultContract: selection.single,
                                acceptStatusChange: acceptStatusChange)
        let outcomes = await recorder.record(existing, plan: entries, progress: Progress.reporter(label: "record"))
        if let line = selection.leftOutLine { print(line) }
        print(Self.summary(outcomes, mode: resolution.mode))
        print(recorder.caller.ledger.line)
        print(options.writeLog.summary)
        let written = outcomes.filter { $0.status == .new || $0.status == .updated }.map(\.relativePath)
        var failed = outcomes.contains { $0.status == .failed }
        if !written.isEmpty, let after = try? fixtureOptions.load(selection) {
            let lost = Coverage(existing).lost(in: Coverage(after))
            for cell in lost { print("record: coverage lost: \(cell) (no fixture of that status is left; see fsq-contract list)") }
            failed = failed || !lost.isEmpty
        }
        let replayFailures = await RecordedReplay.check(written, fixturesRoot: root)
        for failure in replayFailures { print("REPLAY   \(failure.relativePath) \(failure.reason)") }
        if !written.isEmpty {
            print(replayFailures.isEmpty
                  ? "record: fixtures were written and replay green; review the diff and commit them (exit 1, as a snapshot test in record mode)"
                  : "record: \(replayFailures.count) of \(written.count) written fixtures fail their own replay (above); fix or delete them")
        } else if let plan, !entries.isEmpty {
            print("record: nothing written from --plan \(plan): " + Self.nothingWrittenReason(outcomes))
            throw ExitCode(1)
        }
        if !written.isEmpty || failed { throw ExitCode(1) }
    }

    /// Why a plan wrote nothing, from the outcomes' counts.
    static func nothingWrittenReason(_ outcomes: [RecordOutcome]) -> String {
        let counts = Dictionary(grouping: outcomes, by: \.status).mapValues(\.count)
        var reasons: [String] = []
        if let failed = counts[.failed] { reasons.append("\(failed) failed (above)") }
        if let skipped = counts[.skipped] { reasons.append("\(skipped) skipped (already recorded; --mode all re-records them)") }
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
        lines.append("record (\(mode.rawValue)): \(counts[.new] ?? 0) new, \(counts[.updated] ?? 0) updated, "
                     + "\(counts[.unchanged] ?? 0) unchanged, \(counts[.kept] ?? 0) kept, \(counts[.skipped] ?? 0) skipped, "
                     + "\(counts[.failed] ?? 0) failed")
        return lines.joined(separator: "\n")
    }
}

extension AuthStyle: ExpressibleByArgument {}
