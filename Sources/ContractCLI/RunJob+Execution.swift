import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

extension RunJob {
    /// Runs every fixture through the pipeline, live under the deadline's watchdog or in replay, streaming the
    /// report, and prints `--timings`.
    package func execute(_ fixtures: RunFixtures) async -> RunOutcome {
        let source = FixtureSource.files(fixtures.files, loader: fixtureOptions.loader)
        let human = humanReports.wanted(junit: report) ? HumanReportCollector() : nil
        let stream = openReport(report, mode: mode, baseURL: livePass?.baseURL ?? "replay (in-process)",
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
        let phases = timings ? PhaseTimes() : nil
        let worker = WorkerContext.from(environment: ProcessInfo.processInfo.environment)
        let start = ContinuousClock.now

        if let livePass {
            await livePass.run(source: source, stream: stream, includes: includes, worker: worker, loaded: fixtures.loaded, human: human,
                               report: report, document: document)
        } else {
            await runReplay(source: source, stream: stream, includes: includes, phases: phases, worker: worker, human: human)
            // The documented bounds of the endpoints the run's fixtures called, once per run (the first shard's).
            if shard == nil || shard?.index == 1 {
                let bounds = await BoundsCheck.results(covering: endpointsRun.withLock { $0 },
                                                       filter: FixtureFilter(fixtureOptions.filter))
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
        return RunOutcome(fixtures: fixtures, stream: stream, contractsRun: contractsRun.withLock { $0 }, human: human,
                          discoverTime: discoverTime, runTime: runTime, reportTime: reportTime)
    }

    /// Replays every fixture in process, twice as many at once as there are cores.
    private func runReplay(source: FixtureSource, stream: ReportStream, includes: @escaping @Sendable (Fixture) -> Bool,
                           phases: PhaseTimes?, worker: WorkerContext?, human: HumanReportCollector?) async {
        var strategy = ReplayStrategy(authStyles: auth.choice.styles, apiVersion: auth.version)
        strategy.document = document
        strategy.versionByContract = auth.apiVersion == nil
        strategy.fixturesRoot = fixtureOptions.loader.root
        let core = ExecutionCore(concurrency: ProcessInfo.processInfo.activeProcessorCount * 2, timings: phases,
                                 worker: worker)
        guard let human else {
            await RunPipeline(source: source, strategy: strategy, core: core, stream: stream, includes: includes).run()
            return
        }
        await RunPipeline(source: source, strategy: human.watching(strategy), core: core, stream: stream, includes: includes).run()
    }

    /// The report stream, or one that only tallies when the file cannot be opened (the run still goes on).
    package func openReport(_ report: String, mode: String, baseURL: String, human: HumanReportCollector? = nil) -> ReportStream {
        let properties: [(String, String)] = [
            ("mode", mode),
            ("auth_styles", auth.choice.styles.map(\.rawValue).joined(separator: ",")),
            ("base_url", baseURL),
            ("api_version", auth.version),
            ("tool_version", ToolVersion.current),
            ("fixtures_folder", fixtureOptions.folder),
        ] + (fixtureOptions.contract.map { [("contract", $0)] } ?? [])
        let harness = HarnessReport(properties: properties,
                                    options: HarnessReport.writerOptions(fileAttributes: junitShape.junitFileAttributes,
                                                                         rootTotals: junitShape.junitRootTotals))
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: report, isDirectory: &isDirectory), isDirectory.boolValue {
            return ReportStream(report: harness, path: report, failure: "is a folder; give a file path such as \(report)/junit.xml",
                                jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtureOptions.folder), human: human)
        }
        do {
            return try ReportStream(report: harness, path: report, fixturesRoot: fixtureOptions.folder,
                                    jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtureOptions.folder), human: human)
        } catch {
            return ReportStream(report: harness, path: report, failure: ReportStream.describe(error),
                                jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtureOptions.folder), human: human)
        }
    }
}
