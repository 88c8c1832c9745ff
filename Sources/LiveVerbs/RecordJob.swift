import ArgumentParser
import ContractCLI
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract record` resolved before its first call: the project file, the mode, the live setup and key, the
/// fixtures to record again and the plan's new ones, past the budget.
package struct RecordJob {
    /// The verb's flags, with the project file's values taken where a flag was not given.
    package let command: RecordCommand
    package let project: ProjectFile
    package let selection: ContractSelection
    package let mode: RecordMode
    package let options: LiveOptions
    package let key: APIKey
    /// The fixtures already in the folder (with `--place-id`'s id put in).
    package let existing: [LoadedFixture]
    /// `--plan`'s entries.
    package let entries: [PlanEntry]

    package var root: URL { command.fixtureOptions.fixturesURL }

    /// Resolves the flags against the project file and the environment, or throws a one-line `UsageFailure` naming
    /// the flag, variable or file. A mode that records nothing, and `--dry-run`, print why and end the run here.
    package static func resolve(_ command: RecordCommand, _ collaborators: Collaborators, stack: (any LiveHTTPStack)?) async throws -> RecordJob {
        var command = command
        let (project, selection) = try command.scope(live: true)
        let environment = ProcessInfo.processInfo.environment
        let resolution: RecordModeResolution
        do {
            resolution = try RecordMode.resolve(flag: command.mode.map(RecordMode.init(choice:)), environment: environment, hasPlan: command.plan != nil)
        } catch {
            throw UsageFailure(error.description)
        }
        if let nothing = resolution.nothingRecorded {
            print(nothing)
            // A plan asked for fixtures: recording none of them is not a success.
            if let plan = command.plan { print("record: --plan \(plan) was not recorded"); throw ExitCode(1) }
            throw ExitCode.success
        }
        let setup = try session(command, project: project, selection: selection, stack: stack)
        var options = setup.options
        let fixtureOptions = command.fixtureOptions, plan = command.plan
        // A folder that does not exist yet is fine when a plan says what to record into it.
        var existing: [LoadedFixture]
        if plan != nil, (try? fixtureOptions.discover()) == nil { existing = [] } else { existing = try fixtureOptions.load(selection) }
        existing = try command.rerecord.apply(to: existing)
        var entries: [PlanEntry] = []
        if let plan {
            do {
                entries = try PlanEntry.load(URL(fileURLWithPath: plan))
            } catch {
                throw UsageFailure("--plan \(error)")
            }
        }
        // Known before a call relies on X-Emulator-Fixture: whether the server is the emulator, which alone gives a
        // 403, 429 or 5xx on request. After every file is read, so a usage error makes no call.
        if options.selectFixtureHeader { print(await EmulatorProbe.identify(&options)) }
        // The count takes the run's own decisions; a dry run may have no key, and any key shares calls the same way.
        let counting = recorder(command: command, project: project, selection: selection, mode: resolution.mode, options: options,
                                key: setup.key ?? APIKey("fsq-contract-dry-run-key-placeholder"))
        try command.budget.gate(await counting.count(existing, plan: entries), options: options, verb: "record")
        // Past the gate the run makes calls, and LiveSession has refused a run without a key.
        guard let key = setup.key else { throw ExitCode(2) }
        return RecordJob(command: command, project: project, selection: selection, mode: resolution.mode, options: options,
                         key: key, existing: existing, entries: entries)
    }

    /// Record's live session: a key is required (but for `--dry-run`), and `--auth` is only a default, as record picks
    /// each fixture's style itself.
    static func session(_ command: RecordCommand, project: ProjectFile, selection: ContractSelection,
                        stack: (any LiveHTTPStack)?) throws -> LiveSession {
        try LiveSession.resolve(
            verb: "fsq-contract record", project: project, selection: selection, connection: command.connection, limits: command.limits,
            budget: command.budget, styles: [command.auth], apiVersion: command.authFlags.apiVersion, ifNoKey: nil, keyRequired: true,
            checksStyles: false, stack: stack)
    }

    /// The recorder the flags and the project file describe.
    package static func recorder(command: RecordCommand, project: ProjectFile, selection: ContractSelection, mode: RecordMode,
                         options: LiveOptions, key: APIKey) -> Recorder {
        Recorder(options: options, fixturesRoot: command.fixtureOptions.fixturesURL, mode: mode, key: key,
                 redactHeaders: project.redactHeaders + command.redactHeader, defaultAuth: command.auth,
                 defaultContract: selection.single, acceptStatusChange: command.acceptStatusChange,
                 keepValues: command.keepValues || project.keepValues == true)
    }

    /// Records the fixtures and the plan's entries; returns what happened to each and the calls made.
    package func record() async -> (outcomes: [RecordOutcome], ledger: CallLedger) {
        let recorder = Self.recorder(command: command, project: project, selection: selection, mode: mode, options: options, key: key)
        let outcomes = await recorder.record(existing, plan: entries, progress: Progress.reporter(label: "record"))
        return (outcomes, recorder.caller.ledger)
    }
}
