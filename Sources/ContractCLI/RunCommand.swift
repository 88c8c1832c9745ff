import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces
import JUnitXML

/// `fsq-contract run`: replay the fixtures (or call a server live) and write a JUnit report.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay the fixtures through the typed client and write a JUnit report.",
        discussion: "Exit status: 0 all passed, 1 a check failed or a fixture is broken, 2 usage or configuration error.")

    @OptionGroup var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "Where to write the JUnit XML report (default: the project file's \"report\", else Reports/junit.xml).")
    var report: String?

    @Option(name: .long, help: "Auth styles to run: apiKey, bearer or both (each fixture runs only the styles its contract accepts).")
    var auth: AuthChoice = .both

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style (default \(FoursquareClient.defaultAPIVersion)); in replay, only for fixtures recorded without a version of their own.")
    var apiVersion: String?

    var version: String { apiVersion ?? FoursquareClient.defaultAPIVersion }

    @Option(name: .long, help: "Also write one TEST-<suite>.xml per suite here (Ant's junitreport, Maven Surefire; default: the project file's \"reportDir\").")
    var reportDir: String?

    @Flag(name: .long, help: "Add file= and line= to testcases (GitLab, CircleCI); the xUnit XSD rejects them.")
    var junitFileAttributes = false

    @Flag(name: .long, help: "Put tests/failures/errors/time on <testsuites> (valid for Jenkins xUnit; the Ant schema rejects them).")
    var junitRootTotals = false

    @Option(name: .long, parsing: .unconditional, help: "Run only shard I of N (1-based), e.g. 2/4, splitting the fixtures evenly.")
    var shard: String?

    @Flag(name: .long, help: "Call the server given by --base-url instead of replaying (key from FSQ_API_KEY).")
    var live = false

    @Option(name: .long, help: "Without FSQ_API_KEY: fail (exit 2, the default) or skip (report every live case as skipped). Also FSQ_IF_NO_KEY.")
    var ifNoKey: IfNoKey?

    @Flag(name: .long, help: "Print the phase times on stderr as key=value seconds (fsq-bench replay reads them).")
    var timings = false

    @OptionGroup(title: "Live calls") var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") var budget: LiveBudgetFlags
    @OptionGroup(title: "Known findings") var baselineFlags: BaselineFlags
    @OptionGroup(title: "OpenAPI") var openapi: OpenAPIFlags

    /// Seconds past `--deadline` before the watchdog writes the report and exits.
    static let watchdogGrace = 3.0

    /// Flag combinations that mean nothing without `--live`, and a malformed `--shard`: refused before anything runs.
    func validate() throws {
        if let shard {
            do throws(UsageFailure) { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) }
        }
        guard !live else { return }
        if connection.baseURL != nil {
            throw ValidationError("--base-url is only used with --live; add --live to call that server, or drop --base-url to replay")
        }
        if ifNoKey != nil { throw ValidationError("--if-no-key is only used with --live") }
        if budget.dryRun || budget.maxCalls != nil || budget.rateLimit != nil {
            throw ValidationError("--dry-run, --max-calls and --rate-limit are only used with --live; replay makes no call")
        }
        if baselineFlags.baseline != nil || baselineFlags.updateBaseline {
            throw ValidationError("--baseline and --update-baseline are only used with --live (and drift); a replay finding is the client's to fix")
        }
    }

    /// Where the report goes: the flags, else the project file, else `Reports/junit.xml`.
    func reportPaths(_ project: ProjectFile?) -> (report: String, reportDir: String?) {
        (report ?? project?.report ?? "Reports/junit.xml", reportDir ?? project?.reportDir)
    }

    mutating func run() async throws {
        let shard = try self.shard.map { (text) throws(UsageFailure) in try Shard(parsing: text) }
        let project = try fixtureOptions.adopt()
        let (report, reportDir) = reportPaths(project)
        if live { connection.adopt(project) }
        let selection = try fixtureOptions.selection(project: project, live: live)
        if let contract = selection.single, let problem = Selection.authProblem(auth.styles, contract: contract) { throw UsageFailure(problem) }
        var liveOptions: LiveOptions?
        if live {
            guard connection.baseURL != nil else {
                throw UsageFailure("--live needs --base-url: the API (https://places-api.foursquare.com) or fsq-contract serve's URL")
            }
            liveOptions = try LiveSetup.resolve(
                verb: "fsq-contract run", project: project, selection: selection, connection: connection, limits: limits,
                budget: budget, styles: auth.styles, apiVersion: apiVersion, ifNoKey: ifNoKey).options
            if let line = selection.leftOutLine { print(line) }
        }
        let baseline = live ? try baselineFlags.load(project: project) : nil
        let baselineUse = baseline.map { BaselineUse($0.baseline) }
        let document = try openapi.check(verb: "fsq-contract run", project: project)

        let discoverStart = ContinuousClock.now
        var files = try fixtureOptions.discover()
        if let shard {
            let all = files.count
            files = shard.select(files)
            if files.isEmpty { throw UsageFailure(Selection.emptyShard(self.shard ?? "", fixtures: all)) }
        }
        var loaded: [LoadedFixture] = []
        if let liveOptions {
            loaded = files.map(fixtureOptions.loader.load).filter { item in
                if case let .fixture(fixture) = item { return selection.includes(contract: fixture.contract) }
                return false
            }
            // Without a key every case is skipped and no call is made.
            let count = liveOptions.key == nil && !budget.dryRun ? CallCount() : CallCount.live(loaded, options: liveOptions)
            try budget.gate(count, options: liveOptions, verb: "run --live")
        }
        if !live, let apiVersion {
            let fixtures = files.map(fixtureOptions.loader.load).compactMap { item -> Fixture? in
                if case let .fixture(fixture) = item, selection.includes(contract: fixture.contract) { return fixture }
                return nil
            }
            if let problem = Selection.apiVersionProblem(apiVersion, styles: auth.styles, fixtures: fixtures) { throw UsageFailure(problem) }
        }
        let source = FixtureSource.files(files, loader: fixtureOptions.loader)
        let mode = live ? "live" : "replay"
        let stream = openReport(report, mode: mode, baseURL: liveOptions?.baseURL.absoluteString ?? "replay (in-process)")
        let contractsRun = Locked(Set<ContractID>())
        let includes: @Sendable (Fixture) -> Bool = { fixture in
            guard selection.includes(contract: fixture.contract) else { return false }
            contractsRun.withLock { _ = $0.insert(fixture.contract) }
            return true
        }
        let phases = timings ? PhaseTimes() : nil
        let refusals = ContractRefusals()
        let worker = WorkerContext.from(environment: ProcessInfo.processInfo.environment)
        let start = ContinuousClock.now
        var ledger: CallLedger?
        let staleProbe = StaleProbe(loaded)

        if let liveOptions {
            // A worker started again after a crash keeps the first worker's deadline.
            let deadline = RunDeadline(seconds: liveOptions.deadline, from: WorkerContext.runStart(worker))
            let caller = LiveCaller(options: liveOptions)
            ledger = caller.ledger
            var liveStrategy = LiveStrategy(caller: caller, deadline: deadline, document: document)
            liveStrategy.staleProbe = staleProbe
            liveStrategy.staleFails = project.staleFails
            liveStrategy.baseline = baselineUse
            let strategy = liveStrategy
            let core = ExecutionCore(concurrency: liveOptions.concurrency, deadline: deadline,
                                     progress: Progress.reporter(label: "live"), worker: worker)
            let pipeline = RunPipeline(source: source, strategy: refusals.watching(strategy), core: core, stream: stream,
                                       includes: includes)
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
        } else {
            var strategy = ReplayStrategy(authStyles: auth.styles, apiVersion: version)
            strategy.document = document
            let core = ExecutionCore(concurrency: ProcessInfo.processInfo.activeProcessorCount * 2, timings: phases,
                                     worker: worker)
            await RunPipeline(source: source, strategy: strategy, core: core, stream: stream, includes: includes).run()
        }
        let runTime = (ContinuousClock.now - start).seconds
        let reportStart = ContinuousClock.now
        try? stream.finish()
        let reportTime = (ContinuousClock.now - reportStart).seconds
        if let phases {
            writeStderr(String(format: "timings: discover=%.3f stream=%.3f finish=%.3f load=%.3f replay=%.3f report=%.3f",
                               (start - discoverStart).seconds, runTime, reportTime,
                               phases.seconds(.load), phases.seconds(.run), phases.seconds(.report)))
        }
        var tally = stream.tally
        // A contract the server refused on every call is one line; its cases stay failures in the report.
        refusals.lines.forEach { print($0) }
        tally.omitProblems(where: refusals.isRefused)
        if let contracts = selection.contracts, tally.total.fixtures == 0 {
            throw UsageFailure("--contract \(contracts.map(\.rawValue).joined(separator: ", ")) matches no fixture in \(fixtureOptions.folder)")
        }
        if let problem = Selection.authProblem(auth.styles, contracts: contractsRun.withLock { $0 }) { throw UsageFailure(problem) }
        print(Summary.render(tally))
        // Old fixtures, stale ones, flaky cases and what the calls cost, after the run's own step summary.
        var stepSummaryTail = ""
        if let maxDays = project.fixtureMaxAgeDays {
            // Replay reads each file once in its stream; the ages are read apart, only when the project asks.
            let age = FixtureAge(live ? loaded : files.map(fixtureOptions.loader.load), maxDays: maxDays)
            age.lines.forEach { print($0) }
            stepSummaryTail += age.markdown
        }
        if let baseline, let baselineUse {
            baselineUse.lines(path: baseline.path).forEach { print($0) }
            if baselineFlags.updateBaseline {
                let updated = baseline.baseline.updated(findings: baselineUse.findings, covered: baselineUse.coveredOperations)
                do {
                    try updated.write(to: URL(fileURLWithPath: baseline.path))
                } catch {
                    throw UsageFailure("--baseline \(baseline.path): cannot write it: \(error)")
                }
                print("baseline \(baseline.path) written: \(updated.entries.count) entries; this run's report keeps its verdicts, "
                      + "the next run knows them (give each new entry its reason)")
            }
        }
        if let ledger {
            let nightly = NightlyLines(ledger: ledger, stale: staleProbe.found, staleFails: project.staleFails)
            nightly.terminal.forEach { print($0) }
            stepSummaryTail += nightly.markdown
        }
        print(String(format: "report: %@ (discover %.2fs, load+%@ %.2fs, report %.2fs)",
                     report, (start - discoverStart).seconds, mode, runTime, reportTime))
        let page = JobPage(environment: ProcessInfo.processInfo.environment).publish(
            stream.jobPage, title: "fsq-contract run (\(mode))", suiteOrder: HarnessReport.suiteOrder(tally.suites.keys),
            reportPath: report, key: liveOptions?.key)
        page.annotations.forEach { print($0) }
        page.warnings.forEach(writeStderr)
        if !stepSummaryTail.isEmpty,
           let warning = JobPage(environment: ProcessInfo.processInfo.environment).appendStepSummary(stepSummaryTail, key: liveOptions?.key) {
            writeStderr(warning)
        }
        if let failure = stream.failure {
            throw UsageFailure("--report \(report): \(failure)")
        }
        if let reportDir {
            do {
                try ReportSplitter.split(report, into: reportDir)
            } catch {
                throw UsageFailure("--report-dir \(reportDir): cannot write the per-suite files: \(error)")
            }
        }
        if tally.total.problems > 0 { throw ExitCode(1) }
    }

    /// The report stream, or one that only tallies when the file cannot be opened (the run still goes on).
    func openReport(_ report: String, mode: String, baseURL: String) -> ReportStream {
        let properties: [(String, String)] = [
            ("mode", mode),
            ("auth_styles", auth.styles.map(\.rawValue).joined(separator: ",")),
            ("base_url", baseURL),
            ("api_version", version),
            ("tool_version", ToolVersion.current),
            ("fixtures_folder", fixtureOptions.folder),
        ] + (fixtureOptions.contract.map { [("contract", $0)] } ?? [])
        let harness = HarnessReport(properties: properties,
                                    options: HarnessReport.writerOptions(fileAttributes: junitFileAttributes, rootTotals: junitRootTotals))
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: report, isDirectory: &isDirectory), isDirectory.boolValue {
            return ReportStream(report: harness, path: report, failure: "is a folder; give a file path such as \(report)/junit.xml",
                                jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtureOptions.folder))
        }
        do {
            return try ReportStream(report: harness, path: report, fixturesRoot: fixtureOptions.folder,
                                    jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtureOptions.folder))
        } catch {
            return ReportStream(report: harness, path: report, failure: ReportStream.describe(error),
                                jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtureOptions.folder))
        }
    }
}

extension IfNoKey: ExpressibleByArgument {}
