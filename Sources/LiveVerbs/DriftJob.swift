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

/// `fsq-contract drift` resolved before its first call: the live setup, the baseline, the fixtures and
/// `drift-config.json`, past the budget, over the request the CLI resolved from the flags and the project file.
package struct DriftJob {
    /// Drift's pass as the CLI resolved it (`drift`'s, or `nightly`'s first pass).
    package let request: DriftRequest
    package let options: LiveOptions
    /// `FSQ_API_KEY`; nil when the run skips for want of one.
    package let key: APIKey?
    package let baseline: (path: String, baseline: Baseline)?
    package let loaded: [LoadedFixture]
    package let config: DriftConfig

    package var project: ProjectFile { request.project }
    /// The contracts the pass calls.
    package var selection: ContractSelection { request.selection }
    package var reportPath: String { request.report }
    package var summaryPath: String? { request.summary }
    package var failOn: DriftFailOn { request.failOn }
    package var document: DocumentCheck? { request.document }

    /// Resolves the session, reads the baseline, the fixtures and `drift-config.json`, or throws a one-line
    /// `UsageFailure` naming the flag or file; `--dry-run` prints the calls and ends the run here. `verb`: the command
    /// the user ran (`nightly` resolves its drift pass here), as messages name it.
    package static func resolve(_ request: DriftRequest, stack: (any LiveHTTPStack)?, verb: String = "drift") async throws -> DriftJob {
        let setup = try LiveSession.resolve(verb: "fsq-contract \(verb)", project: request.project, selection: request.selection,
                                            settings: request.live, stack: stack)
        var options = setup.options
        let key = setup.key
        let baseline = try request.baseline.load(project: request.project)
        // One walk of the folder, each file parsed once: the selected fixtures, and whether it holds any of the
        // contracts left out.
        let fixtures = request.fixtures
        let all = try fixtures.discover().map(fixtures.loader.load)
        let loaded = try fixtures.select(all, request.selection)
        let contracts = Set(loaded.compactMap { item -> ContractID? in if case let .fixture(fixture) = item { fixture.contract } else { nil } })
        if let problem = Selection.authProblem(request.live.auth.styles, contracts: contracts) { throw UsageFailure(problem) }
        let config: DriftConfig
        do {
            config = try DriftConfig.load(fixturesRoot: fixtures.fixturesURL)
        } catch {
            throw UsageFailure("--fixtures \(error)")
        }
        // Known before a call relies on X-Emulator-Fixture (and before the count, which depends on it): whether the
        // server is the emulator. After every file is read, so a usage error makes no call.
        if options.selectFixtureHeader { print(await EmulatorProbe.identify(&options)) }
        let budget = request.live.budget
        var count = CallCount()
        if key != nil || budget.dryRun { count = await CallCount.live(loaded, options: options) }
        try budget.gate(count, options: options, verb: verb)
        if let line = fixtures.leftOutLine(request.selection, loaded: all) { print(line) }
        return DriftJob(request: request, options: options, key: key, baseline: baseline, loaded: loaded, config: config)
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
