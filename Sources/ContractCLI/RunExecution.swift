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

/// What one pass over the fixtures leaves for the run's ending.
struct RunOutcome {
    let fixtures: RunFixtures
    let stream: ReportStream
    /// The contracts of the fixtures that ran.
    let contractsRun: Set<ContractID>
    let refusals: ContractRefusals
    /// The premises a live run found not held, and documented rules not kept.
    let premises: LivePremises
    /// The calls a live run made; nil in replay.
    let ledger: CallLedger?
    let staleProbe: StaleProbe
    /// The cases and fixtures the HTML and CTRF reports are made of; nil when neither is asked for.
    let human: HumanReportCollector?
    /// Seconds spent discovering the files, loading and running them, and finishing the report.
    let discoverTime: Double, runTime: Double, reportTime: Double
}

extension RunJob {
    /// Seconds past `--deadline` before the watchdog writes the report and exits.
    static let watchdogGrace = 3.0

    /// Runs every fixture through the pipeline, live under the deadline's watchdog or in replay, streaming the
    /// report, and prints `--timings`.
    func execute(_ fixtures: RunFixtures) async -> RunOutcome {
        let source = FixtureSource.files(fixtures.files, loader: command.fixtureOptions.loader)
        let human = command.humanReports.wanted(junit: report) ? HumanReportCollector() : nil
        let stream = command.openReport(report, mode: mode, baseURL: liveOptions?.baseURL.absoluteString ?? "replay (in-process)",
                                        human: human)
        let contractsRun = Locked(Set<ContractID>())
        let endpointsRun = Locked(Set<BoundsCheck.Covered>())
        let selection = self.selection
        let includes: @Sendable (Fixture) -> Bool = { fixture in
            guard selection.includes(contract: fixture.contract) else { return false }
            contractsRun.withLock { _ = $0.insert(fixture.contract) }
            endpointsRun.withLock { _ = $0.insert(BoundsCheck.Covered(fixture.contract, fixture.endpoint)) }
            return true
        }
        let phases = command.timings ? PhaseTimes() : nil
        let refusals = ContractRefusals()
        let premises = LivePremises()
        let worker = WorkerContext.from(environment: ProcessInfo.processInfo.environment)
        let start = ContinuousClock.now
        var ledger: CallLedger?
        let staleProbe = StaleProbe(fixtures.loaded)
        if let share { staleProbe.seed(share.stale) }

        if let liveOptions {
            ledger = await runLive(source: source, stream: stream, includes: includes, refusals: refusals, premises: premises, worker: worker,
                                   staleProbe: staleProbe, options: liveOptions, human: human)
        } else {
            await runReplay(source: source, stream: stream, includes: includes, phases: phases, worker: worker, human: human)
            // The documented bounds of the endpoints the run's fixtures called, once per run (the first shard's).
            if shard == nil || shard?.index == 1 {
                let bounds = await BoundsCheck.results(covering: endpointsRun.withLock { $0 },
                                                       filter: FixtureFilter(command.fixtureOptions.filter))
                if !bounds.isEmpty { stream.add(bounds, suite: BoundsCheck.suite, fixtures: 0) }
            }
        }
        let runTime = (ContinuousClock.now - start).seconds
        let reportStart = ContinuousClock.now
        try? stream.finish()
        let reportTime = (ContinuousClock.now - reportStart).seconds
        let discoverTime = (start - fixtures.discoverStart).seconds
        if let phases {
            writeStderr(String(format: "timings: discover=%.3f stream=%.3f finish=%.3f load=%.3f replay=%.3f report=%.3f",
                               discoverTime, runTime, reportTime,
                               phases.seconds(.load), phases.seconds(.run), phases.seconds(.report)))
        }
        return RunOutcome(fixtures: fixtures, stream: stream, contractsRun: contractsRun.withLock { $0 }, refusals: refusals,
                          premises: premises, ledger: ledger, staleProbe: staleProbe, human: human, discoverTime: discoverTime, runTime: runTime, reportTime: reportTime)
    }

    /// Calls the server for every fixture until the run deadline; past it, the watchdog closes the unfinished cases
    /// as errors, writes the report and exits 1. Returns the calls made.
    private func runLive(source: FixtureSource, stream: ReportStream, includes: @escaping @Sendable (Fixture) -> Bool,
                         refusals: ContractRefusals, premises: LivePremises, worker: WorkerContext?, staleProbe: StaleProbe,
                         options liveOptions: LiveOptions, human: HumanReportCollector?) async -> CallLedger {
        // A worker started again after a crash keeps the first worker's deadline; the nightly's live checks keep
        // the night's, which drift's pass started.
        let deadline = RunDeadline(seconds: liveOptions.deadline, from: share?.start ?? WorkerContext.runStart(worker))
        let caller = share?.caller ?? LiveCaller(options: liveOptions)
        var liveStrategy = LiveStrategy(caller: caller, deadline: deadline, document: document)
        liveStrategy.staleProbe = staleProbe
        liveStrategy.staleFails = project.staleFails
        liveStrategy.baseline = baselineUse
        liveStrategy.premises = premises
        let strategy = liveStrategy
        let core = ExecutionCore(concurrency: liveOptions.concurrency, deadline: deadline,
                                 progress: Progress.reporter(label: "live"), worker: worker)
        let pipeline = RunPipeline(source: source, strategy: (human ?? HumanReportCollector.off).watching(refusals.watching(strategy)),
                                   core: core, stream: stream, includes: includes)
        let reportPath = report
        let watchdog = Watchdog(deadline: deadline, grace: Self.watchdogGrace) {
            try? pipeline.closeUnfinished { path, suite in strategy.unfinished(path: path, suite: suite, deadline: deadline) }
            print(Summary.render(stream.tally))
            print("report: \(reportPath) (the run deadline of \(liveOptions.deadline)s passed; unfinished cases are errors)")
            if let failure = stream.failure { writeStderr("fsq-contract run: --report \(reportPath): \(failure)") }
            Foundation.exit(1)
        }
        await pipeline.run()
        watchdog.cancel()
        print(liveOptions.writeLog.summary)
        return caller.ledger
    }

    /// Replays every fixture in process, twice as many at once as there are cores.
    private func runReplay(source: FixtureSource, stream: ReportStream, includes: @escaping @Sendable (Fixture) -> Bool,
                           phases: PhaseTimes?, worker: WorkerContext?, human: HumanReportCollector?) async {
        var strategy = ReplayStrategy(authStyles: command.auth.styles, apiVersion: command.version)
        strategy.document = document
        strategy.versionByContract = command.apiVersion == nil
        strategy.fixturesRoot = command.fixtureOptions.loader.root
        let core = ExecutionCore(concurrency: ProcessInfo.processInfo.activeProcessorCount * 2, timings: phases,
                                 worker: worker)
        guard let human else {
            await RunPipeline(source: source, strategy: strategy, core: core, stream: stream, includes: includes).run()
            return
        }
        await RunPipeline(source: source, strategy: human.watching(strategy), core: core, stream: stream, includes: includes).run()
    }
}
