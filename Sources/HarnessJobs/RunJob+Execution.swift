import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessContractChecks
import HarnessProject
import Foundation
import FoursquarePlaces

extension RunJob {
    /// Runs every fixture through the pipeline, live under the deadline's watchdog or in replay, streaming the
    /// report, and prints `--timings`.
    package func execute(_ run: RunFixtures) async -> RunOutcome {
        let source = run.parsed.map(FixtureSource.loaded) ?? FixtureSource.files(run.files, loader: fixtures.loader)
        let human = humanReports.wanted(junit: report) ? HumanReportCollector() : nil
        let coverageProperties = Locked<[(String, String)]>([])
        let stream = openReport(report, mode: mode, baseURL: livePass?.baseURL ?? "replay (in-process)",
                                human: human, coverageProperties: coverageProperties)
        let coverage = livePass == nil ? CoverageCollector() : nil
        let shapes = livePass == nil ? AnswerShapes() : nil
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
            await livePass.run(source: source, stream: stream, includes: includes, worker: worker, loaded: run.loaded, human: human,
                               report: report, document: document)
        } else {
            await runReplay(source: source, stream: stream, includes: includes, phases: phases, worker: worker, human: human,
                            coverage: coverage, shapes: shapes)
            // The documented bounds of the endpoints the run's fixtures called, once per run (the first shard's).
            if shard == nil || shard?.index == 1 {
                let bounds = await BoundsCheck.results(covering: endpointsRun.withLock { $0 },
                                                       filter: FixtureFilter(fixtures.filter))
                if !bounds.isEmpty { stream.add(bounds, suite: BoundsCheck.suite, fixtures: 0) }
                // Facts of whole contracts, not of the fixtures a --filter picks.
                if fixtures.filter?.isEmpty ?? true {
                    let defaults = await ClientDefaultsCheck.results(contracts: contractsRun.withLock { $0 })
                    if !defaults.isEmpty { stream.add(defaults, suite: ClientDefaultsCheck.suite, fixtures: 0) }
                    let versions = VersionDocumentCheck.results(contracts: contractsRun.withLock { $0 })
                    if !versions.isEmpty { stream.add(versions, suite: VersionDocumentCheck.suite, fixtures: 0) }
                }
            }
        }
        // Part of a corpus (a shard, a --filter) says nothing of the whole: its coverage is printed as not judged.
        let coverageSummary = coverageJudged == nil ? coverage?.summary : nil
        if let coverageSummary, !coverageSummary.operations.isEmpty {
            coverageProperties.withLock {
                $0 = CoverageCheck.properties(coverageSummary) + [("values_not_compared_again", String(shapes?.notCompared ?? 0))]
            }
            let minimum = coverageMinimum
            // A minimum of 0 everywhere asks for the numbers, not a verdict: the line, and no testcase.
            if coverageSummary.contracts.contains(where: { minimum($0).map { $0 > 0 } ?? true }) {
                stream.add(CoverageCheck.results(coverageSummary, minimum: minimum, judged: nil), suite: CoverageCheck.suite, fixtures: 0)
            }
        }
        let runTime = (ContinuousClock.now - start).seconds
        let reportStart = ContinuousClock.now
        try? stream.finish()
        let reportTime = (ContinuousClock.now - reportStart).seconds
        let discoverTime = (start - run.discoverStart).seconds
        if let phases {
            writeStderr(String(format: "timings: discover=%.3f stream=%.3f finish=%.3f load=%.3f replay=%.3f report=%.3f",
                               discoverTime, runTime, reportTime,
                               phases.seconds(.load), phases.seconds(.run), phases.seconds(.report)))
        }
        return RunOutcome(fixtures: run, stream: stream, contractsRun: contractsRun.withLock { $0 }, human: human,
                          discoverTime: discoverTime, runTime: runTime, reportTime: reportTime, coverage: coverageSummary,
                          valuesLine: shapes?.line)
    }

    /// The share each contract must reach: `FSQ_COVERAGE_MINIMUM` (a percentage for every contract, for a CI job
    /// that replays a corpus of its own making), else the project file's `coverage.minimum`, else none: the gaps
    /// are listed and fail nothing.
    private var coverageMinimum: @Sendable (String) -> Double? {
        let project = self.project
        // Checked when the run was resolved (`RunJob.resolve`), so a value here is a percentage.
        if let all = try? CoverageCheck.minimumFromEnvironment() { return { _ in all } }
        return { project.coverageMinimum(for: $0) }
    }

    /// Why this run's coverage says nothing of the corpus (it went over part of it), or nil when it does.
    package var coverageJudged: String? {
        if let shardText { return "shard \(shardText) runs part of the fixtures; run them all to judge coverage" }
        if let filter = fixtures.filter, !filter.isEmpty { return "--filter \(filter) runs part of the fixtures" }
        return nil
    }

    /// Replays every fixture in process, twice as many at once as there are cores.
    private func runReplay(source: FixtureSource, stream: ReportStream, includes: @escaping @Sendable (Fixture) -> Bool,
                           phases: PhaseTimes?, worker: WorkerContext?, human: HumanReportCollector?,
                           coverage: CoverageCollector?, shapes: AnswerShapes?) async {
        var strategy = ReplayStrategy(authStyles: auth.styles, apiVersion: auth.version)
        strategy.coverage = coverage
        strategy.shapes = shapes
        strategy.document = document
        strategy.versionByContract = auth.apiVersion == nil
        strategy.fixturesRoot = fixtures.loader.root
        let core = ExecutionCore(concurrency: ProcessInfo.processInfo.activeProcessorCount * 2, timings: phases,
                                 worker: worker)
        guard let human else {
            await RunPipeline(source: source, strategy: strategy, core: core, stream: stream, includes: includes).run()
            return
        }
        await RunPipeline(source: source, strategy: human.watching(strategy), core: core, stream: stream, includes: includes).run()
    }

    /// The report stream, or one that only tallies when the file cannot be opened (the run still goes on).
    package func openReport(_ report: String, mode: String, baseURL: String, human: HumanReportCollector? = nil,
                            coverageProperties: Locked<[(String, String)]>? = nil) -> ReportStream {
        let properties: [(String, String)] = [
            ("mode", mode),
            ("auth_styles", auth.styles.map(\.rawValue).joined(separator: ",")),
            ("base_url", baseURL),
            ("api_version", auth.version),
            ("tool_version", ToolVersion.current),
            ("fixtures_folder", fixtures.folder),
        ] + (fixtures.contract.map { [("contract", $0)] } ?? [])
        var harness = HarnessReport(properties: properties,
                                    options: HarnessReport.writerOptions(fileAttributes: junitShape.fileAttributes,
                                                                         rootTotals: junitShape.rootTotals))
        if let coverageProperties {
            // Known only once every fixture ran, just before the coverage suite opens.
            harness.suiteProperties = { suite in suite == CoverageCheck.suite ? coverageProperties.withLock { $0 } : [] }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: report, isDirectory: &isDirectory), isDirectory.boolValue {
            return ReportStream(report: harness, path: report, failure: "is a folder; give a file path such as \(report)/junit.xml",
                                jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtures.folder), human: human)
        }
        do {
            return try ReportStream(report: harness, path: report, fixturesRoot: fixtures.folder,
                                    jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtures.folder), human: human)
        } catch {
            return ReportStream(report: harness, path: report, failure: ReportStream.describe(error),
                                jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtures.folder), human: human)
        }
    }
}
