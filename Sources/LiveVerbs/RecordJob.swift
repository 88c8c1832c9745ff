import HarnessJobs
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract record` resolved before its first call: the mode, the live setup and key, the fixtures to record
/// again and the plan's new ones, past the budget, over the request the CLI resolved from the flags and the project file.
package struct RecordJob {
    /// Record as the CLI resolved it.
    package let request: RecordRequest
    package let mode: RecordMode
    package let options: LiveOptions
    package let key: APIKey
    /// The fixtures already in the folder (with `--place-id`'s id put in).
    package let existing: [LoadedFixture]
    /// `--plan`'s entries.
    package let entries: [PlanEntry]

    package var project: ProjectFile { request.project }
    package var selection: ContractSelection { request.selection }
    package var root: URL { request.fixtures.fixturesURL }

    /// Resolves the mode against the environment, the session and the files, or throws a one-line `UsageFailure`
    /// naming the flag, variable or file. A mode that records nothing, and `--dry-run`, print why and end the run here.
    package static func resolve(_ request: RecordRequest, stack: (any LiveHTTPStack)?) async throws -> RecordJob {
        let environment = ProcessInfo.processInfo.environment
        let resolution: RecordModeResolution
        do {
            resolution = try RecordMode.resolve(flag: request.mode.map(RecordMode.init(choice:)), environment: environment, hasPlan: request.plan != nil)
        } catch {
            throw UsageFailure(error.description)
        }
        if let nothing = resolution.nothingRecorded {
            print(nothing)
            // A plan asked for fixtures: recording none of them is not a success.
            if let plan = request.plan { print("record: --plan \(plan) was not recorded"); throw JobExit(1) }
            throw JobExit.success
        }
        let setup = try session(request, stack: stack)
        var options = setup.options
        let fixtures = request.fixtures, plan = request.plan
        // A folder that does not exist yet is fine when a plan says what to record into it.
        var existing: [LoadedFixture]
        if plan != nil, (try? fixtures.discover()) == nil { existing = [] } else { existing = try fixtures.load(request.selection) }
        existing = try replacingPlaceID(existing, with: request.placeID)
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
        let counting = recorder(request, mode: resolution.mode, options: options, key: setup.key ?? APIKey("fsq-contract-dry-run-key-placeholder"))
        try request.live.budget.gate(await counting.count(existing, plan: entries), options: options, verb: "record")
        // Past the gate the run makes calls, and LiveSession has refused a run without a key.
        guard let key = setup.key else { throw JobExit(2) }
        return RecordJob(request: request, mode: resolution.mode, options: options, key: key, existing: existing, entries: entries)
    }

    /// Record's live session: a key is required (but for `--dry-run`), and `--auth` is only a default, as record picks
    /// each fixture's style itself.
    static func session(_ request: RecordRequest, stack: (any LiveHTTPStack)?) throws -> LiveSession {
        try LiveSession.resolve(verb: "fsq-contract record", project: request.project, selection: request.selection, settings: request.live,
                                keyRequired: true, checksStyles: false, stack: stack)
    }

    /// `--place-id`: the fixtures with their place id replaced; refuses a selection holding a fixture whose endpoint
    /// takes none.
    static func replacingPlaceID(_ fixtures: [LoadedFixture], with placeID: String?) throws -> [LoadedFixture] {
        guard let placeID else { return fixtures }
        return try fixtures.map { item in
            guard case let .fixture(fixture) = item else { return item }
            guard let replaced = StaleFixture.replacingPlaceID(fixture, with: placeID) else {
                throw UsageFailure("--place-id \(placeID): \(fixture.relativePath) (\(fixture.endpoint.rawValue)) takes no place id, "
                                   + "or the id is not one a path can carry; pick the stale fixture with --filter")
            }
            return .fixture(replaced)
        }
    }

    /// The recorder the request describes, with the project file's redacted headers and keepValues.
    package static func recorder(_ request: RecordRequest, mode: RecordMode, options: LiveOptions, key: APIKey) -> Recorder {
        Recorder(options: options, fixturesRoot: request.fixtures.fixturesURL, mode: mode, key: key,
                 redactHeaders: request.project.redactHeaders + request.redactHeaders, defaultAuth: request.defaultAuth,
                 defaultContract: request.selection.single, acceptStatusChange: request.acceptStatusChange,
                 keepValues: request.keepValues || request.project.keepValues == true)
    }

    /// Records the fixtures and the plan's entries; returns what happened to each and the calls made.
    package func record() async -> (outcomes: [RecordOutcome], ledger: CallLedger) {
        let recorder = Self.recorder(request, mode: mode, options: options, key: key)
        let outcomes = await recorder.record(existing, plan: entries, progress: Progress.reporter(label: "record"))
        return (outcomes, recorder.caller.ledger)
    }
}
