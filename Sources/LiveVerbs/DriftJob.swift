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

/// `fsq-contract drift` resolved before its first call: the project file, the outputs' paths, the grade that fails
/// the run, the live setup, the OpenAPI check, the baseline, the fixtures and `drift-config.json`, past the budget.
package struct DriftJob {
    /// The pass's flags (`drift`'s or `nightly`'s), with the project file's values taken where a flag was not given.
    package let flags: any DriftPassFlags
    package let project: ProjectFile
    /// The contracts the pass calls.
    package let selection: ContractSelection
    package let reportPath: String
    package let summaryPath: String?
    package let failOn: DriftFailOn
    package let options: LiveOptions
    /// `FSQ_API_KEY`; nil when the run skips for want of one.
    package let key: APIKey?
    package let document: DocumentCheck?
    package let baseline: (path: String, baseline: Baseline)?
    package let loaded: [LoadedFixture]
    package let config: DriftConfig

    /// Resolves the flags against the project file and loads the fixtures, or throws a one-line `UsageFailure`
    /// naming the flag or file; `--dry-run` prints the calls and ends the run here. `verb`: the command the user
    /// ran (`nightly` resolves its drift pass here), as messages name it.
    package static func resolve(_ flags: any DriftPassFlags, _ collaborators: Collaborators, stack: (any LiveHTTPStack)?,
                                verb: String = "drift") async throws -> DriftJob {
        var command = flags
        let (project, selection) = try command.scope(live: true)
        let reportPath = command.driftReportPath(project)
        let summaryPath = command.driftOutputs.summary ?? project.drift.summary
        let failOn = command.driftOutputs.failOn ?? project.drift.failOn ?? .err
        let setup = try LiveSession.resolve(
            verb: "fsq-contract \(verb)", project: project, selection: selection, connection: command.connection, limits: command.limits,
            budget: command.budget, styles: command.authFlags.choice.styles, apiVersion: command.authFlags.apiVersion,
            ifNoKey: command.keyFlags.ifNoKey, stack: stack)
        var options = setup.options
        let key = setup.key
        let document = try command.openapi.check(verb: "fsq-contract \(verb)", project: project, loader: collaborators.documentLoader)
        let baseline = try command.baselineFlags.load(project: project)
        // One walk of the folder: the selected fixtures, and whether it holds any of the contracts left out.
        let all = try command.fixtureOptions.discover().map(command.fixtureOptions.loader.load)
        let loaded = try command.fixtureOptions.select(all, selection)
        let contracts = Set(loaded.compactMap { item -> ContractID? in if case let .fixture(fixture) = item { fixture.contract } else { nil } })
        if let problem = Selection.authProblem(command.authFlags.choice.styles, contracts: contracts) { throw UsageFailure(problem) }
        let config: DriftConfig
        do {
            config = try DriftConfig.load(fixturesRoot: command.fixtureOptions.fixturesURL)
        } catch {
            throw UsageFailure("--fixtures \(error)")
        }
        // Known before a call relies on X-Emulator-Fixture (and before the count, which depends on it): whether the
        // server is the emulator. After every file is read, so a usage error makes no call.
        if options.selectFixtureHeader { print(await EmulatorProbe.identify(&options)) }
        let budget = command.budget
        var count = CallCount()
        if key != nil || budget.dryRun { count = await CallCount.live(loaded, options: options) }
        try budget.gate(count, options: options, verb: verb)
        if let line = command.fixtureOptions.leftOutLine(selection, loaded: all) { print(line) }
        return DriftJob(flags: command, project: project, selection: selection, reportPath: reportPath, summaryPath: summaryPath, failOn: failOn,
                        options: options, key: key, document: document, baseline: baseline, loaded: loaded, config: config)
    }

    /// Calls the server for every fixture and compares each answer with its fixture; returns what moved and the
    /// calls made.
    /// `share`: the nightly's caller and stale evidence, shared with its live checks.
    package func execute(share: NightlyShare? = nil) async -> (run: DriftRun, ledger: CallLedger) {
        let runner = DriftRunner(options: options, config: config, document: document,
                                 worker: WorkerContext.from(environment: ProcessInfo.processInfo.environment), caller: share?.caller)
        let run = await runner.run(loaded, progress: Progress.reporter(label: "drift"))
        share?.driftDone(stale: run.stale.values.sorted { $0.fixture < $1.fixture })
        return (run, runner.caller.ledger)
    }
}

extension DriftFailOn {
    /// The drift grade from which a case fails.
    package var grade: DriftGrade { self == .err ? .err : .warn }
}
