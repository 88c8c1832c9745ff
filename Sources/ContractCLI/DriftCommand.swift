import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces
import JUnitXML

/// `fsq-contract drift`: call the live server for every fixture and grade what moved.
struct DriftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Compare live responses with the fixtures and grade each change by what the Swift models read.",
        discussion: """
            ERR: the change breaks decoding (a required field removed, a read field changing type) or the status class \
            changed. WARN: an optional field the model reads disappeared or turned null, or the content type changed. \
            INFO: added fields, or fields the model does not read. Fixtures/drift-config.json ignores paths and overrides grades.
            The summary gives each distinct change once (with a count and two example fixtures), names the contract the \
            server speaks, and lists apart error fixtures the server does not reproduce (their cases are skipped).
            Exit status: 0 no breaking drift, 1 ERR found (or WARN with --fail-on warn) or a call failed, 2 usage error \
            (FSQ_API_KEY missing without --if-no-key skip).
            """)

    @OptionGroup var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "Where to write the JUnit XML report (default: the project file's drift.report, else Reports/drift.xml).")
    var report: String?

    /// Where the report goes: the flag, else the project file's `drift.report`, else `Reports/drift.xml`.
    func reportPath(_ project: ProjectFile?) -> String { report ?? project?.drift.report ?? "Reports/drift.xml" }

    @Option(name: .long, help: "Also write a markdown summary (for a pull-request comment or $GITHUB_STEP_SUMMARY; default: the project file's drift.summary).")
    var summary: String?

    @Option(name: .long, help: "Also write the findings as JSON.")
    var json: String?

    @Option(name: .long, help: "Lowest grade that fails the run: err or warn (default: the project file's drift.failOn, else err).")
    var failOn: FailOn?

    @Option(name: .long, help: "Auth styles to call with: apiKey, bearer or both.")
    var auth: AuthChoice = .both

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style (default \(FoursquareClient.defaultAPIVersion)).")
    var apiVersion: String?

    @OptionGroup(title: "Live calls") var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") var budget: LiveBudgetFlags
    @OptionGroup(title: "Known findings") var baselineFlags: BaselineFlags
    @OptionGroup(title: "OpenAPI") var openapi: OpenAPIFlags

    @Option(name: .long, help: "Without FSQ_API_KEY: fail (exit 2, the default) or skip (report every drift case as skipped). Also FSQ_IF_NO_KEY.")
    var ifNoKey: IfNoKey?

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case err, warn
        var grade: DriftGrade { self == .err ? .err : .warn }
    }

    mutating func run() async throws {
        let project = try fixtureOptions.adopt()
        connection.adopt(project)
        let selection = try fixtureOptions.selection(project: project, live: true)
        let reportPath = reportPath(project)
        let summaryPath = self.summary ?? project.drift.summary
        let failOn = self.failOn ?? (project.drift.failOn == .warn ? .warn : .err)
        let setup = try LiveSetup.resolve(
            verb: "fsq-contract drift", project: project, selection: selection, connection: connection, limits: limits,
            budget: budget, styles: auth.styles, apiVersion: apiVersion, ifNoKey: ifNoKey)
        let options = setup.options, key = setup.key
        let document = try openapi.check(verb: "fsq-contract drift", project: project)
        let baseline = try baselineFlags.load(project: project)
        let loaded = try fixtureOptions.load(selection)
        let contracts = Set(loaded.compactMap { item -> ContractID? in if case let .fixture(fixture) = item { fixture.contract } else { nil } })
        if let problem = Selection.authProblem(auth.styles, contracts: contracts) { throw UsageFailure(problem) }
        let config: DriftConfig
        do {
            config = try DriftConfig.load(fixturesRoot: fixtureOptions.fixturesURL)
        } catch {
            throw UsageFailure("--fixtures \(error)")
        }
        try budget.gate(key == nil && !budget.dryRun ? CallCount() : CallCount.live(loaded, options: options), options: options, verb: "drift")
        if let line = selection.leftOutLine { print(line) }
        let runner = DriftRunner(options: options, config: config, document: document,
                                 worker: WorkerContext.from(environment: ProcessInfo.processInfo.environment))
        let run = await runner.run(loaded, progress: Progress.reporter(label: "drift"))
        var baselineUse = baseline.map { BaselineUse($0.baseline) }
        var cases = DriftReport.caseResults(run, failOn: failOn.grade, staleFails: project.staleFails, baseline: baselineUse)
        if let baseline, let used = baselineUse, baselineFlags.updateBaseline {
            let updated = baseline.baseline.updated(findings: used.findings, covered: used.coveredOperations)
            do {
                try updated.write(to: URL(fileURLWithPath: baseline.path))
            } catch {
                throw UsageFailure("--baseline \(baseline.path): cannot write it: \(error)")
            }
            let added = updated.entries.filter { baseline.baseline.entry($0.fingerprint) == nil }.count
            print("baseline \(baseline.path) written: \(updated.entries.count) entries (\(added) new, \(used.fixed.count) fixed removed); "
                  + "give each new entry its reason and review the dates")
            baselineUse = BaselineUse(updated)
            cases = DriftReport.caseResults(run, failOn: failOn.grade, staleFails: project.staleFails, baseline: baselineUse)
        }
        if cases.isEmpty { throw UsageFailure("drift selected no case in \(fixtureOptions.folder); check --filter, --contract and --auth") }
        var summary = DriftSummary(run, preferred: project.liveContracts ?? [])
        summary.staleFails = project.staleFails
        let baseURL = options.baseURL.absoluteString
        print(summary.terminal())
        if let line = DriftReport.documentLine(run) { print(line) }
        if let baseline, let baselineUse { baselineUse.lines(path: baseline.path).forEach { print($0) } }
        print(Summary.render(cases, maxProblems: 5))
        NightlyLines(ledger: runner.caller.ledger, stale: []).terminal.forEach { print($0) }
        print(options.writeLog.summary)

        let results = run.results
        var report = HarnessReport(properties: [
            ("mode", "drift"), ("auth_styles", auth.styles.map(\.rawValue).joined(separator: ",")),
            ("base_url", baseURL), ("api_version", options.apiVersion), ("tool_version", ToolVersion.current),
            ("fail_on", failOn.rawValue),
        ] + NightlyLines(ledger: runner.caller.ledger, stale: []).properties + (summary.spokenContract.map { [("server_contract", $0.rawValue)] } ?? []) + DriftReport.contractProperties(summary))
        report.suiteProperties = { suite in DriftReport.gradeCounts(results, endpoint: suite) }
        let markdown = summary.markdown(baseURL: baseURL)
        do {
            try report.write(cases, to: reportPath)
            if let path = summaryPath { try AtomicFile.write(Data(markdown.utf8), to: URL(fileURLWithPath: path)) }
            if let json { try AtomicFile.write(try DriftReport.json(run, baseURL: baseURL, preferred: project.liveContracts ?? []), to: URL(fileURLWithPath: json)) }
        } catch {
            throw UsageFailure("cannot write an output: \(error)")
        }
        if let warning = JobPage(environment: ProcessInfo.processInfo.environment).appendStepSummary(markdown, key: key) { writeStderr(warning) }
        print("report: \(reportPath)" + (summaryPath.map { ", summary: \($0)" } ?? "") + (json.map { ", json: \($0)" } ?? ""))
        if cases.contains(where: \.verdict.isProblem) { throw ExitCode(1) }
    }
}

