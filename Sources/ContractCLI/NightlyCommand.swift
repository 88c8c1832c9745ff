import ArgumentParser
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

/// `fsq-contract nightly`: drift's grading and the live checks on the same answers, with one budget and one pace.
struct NightlyCommand: AsyncParsableCommand, CollaboratingCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightly",
        abstract: "The nightly job in one command: drift's grading and run --live's checks on the same answers.",
        discussion: """
            Each distinct request is sent once; drift grades the answer against its fixture, then the live checks \
            judge the same answer. One budget (--max-calls, maxCalls), one pace (--rate-limit, rateLimit) and one \
            baseline for both; the reports are drift's (--drift-report, --summary, --json) and the live run's \
            (--report, --html). A place id that answers 404 on an endpoint while that endpoint answers other ids is \
            stale wherever it is asked for, writes included.
            Exit status: 0 green, 1 drift or a live check found a contract change, 2 usage error, 3 the night could not \
            judge the contract (nothing answered, the key was refused on every call, an operation answered only 5xx, or \
            the budget ran out): one line names the cause, and no baseline is written.
            """)

    @OptionGroup var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "Where to write the live checks' JUnit XML report (default: the project file's \"report\", else Reports/junit.xml).")
    var report: String?

    @Option(name: .long, help: "Where to write drift's JUnit XML report (default: the project file's drift.report, else Reports/drift.xml).")
    var driftReport: String?

    @OptionGroup var driftOutputs: DriftOutputFlags

    @Option(name: .long, help: "Auth styles to call with: apiKey, bearer or both.")
    var auth: AuthChoice = .both

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style (default \(FoursquareClient.defaultAPIVersion)).")
    var apiVersion: String?

    @Flag(name: .long, help: "A server that accepts a request a documented rule refuses fails the live case instead of warning.")
    var strict = false

    @Flag(name: .long, help: "Add file= and line= to the live report's testcases (GitLab, CircleCI); the xUnit XSD rejects them.")
    var junitFileAttributes = false

    @Option(name: .long, help: "Without FSQ_API_KEY: fail (exit 2, the default) or skip (report every case as skipped). Also FSQ_IF_NO_KEY.")
    var ifNoKey: IfNoKey?

    @OptionGroup(title: "Live calls") var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") var budget: LiveBudgetFlags
    @OptionGroup(title: "Known findings") var baselineFlags: BaselineFlags
    @OptionGroup(title: "OpenAPI") var openapi: OpenAPIFlags
    @OptionGroup(title: "Reports for people") var humanReports: HumanReportFlags

    /// Drift's pass, then the live checks over the answers it got (`NightlyShare`), each reported as its own verb
    /// reports; exit 1 when either fails.
    mutating func run() async throws { try await run(with: Collaborators()) }

    /// The live checks reuse drift's options (main's live stack) and its OpenAPI check.
    mutating func run(with collaborators: Collaborators) async throws {
        let start = ContinuousClock.now
        let driftJob = try await DriftJob.resolve(driftCommand(), collaborators, verb: "nightly")
        let share = NightlyShare(options: driftJob.options,
                                 start: WorkerContext.runStart(WorkerContext.from(environment: ProcessInfo.processInfo.environment)))
        let calls = ContinuousClock.now
        let drift = await driftJob.execute(share: share)
        // Drift reports (and writes `--update-baseline`) first, so the live checks judge against the same baseline.
        let nightly = driftJob.baseline.map {
            NightlyBaseline(file: $0, update: baselineFlags.updateBaseline, expires: baselineFlags.newEntryExpiry)
        }
        let driftStatus = try driftJob.report(drift, phases: [.init("load fixtures", (calls - start).seconds),
                                                              .init("calls and comparison", (ContinuousClock.now - calls).seconds)],
                                              verb: "nightly", nightly: nightly)
        // A night drift's pass could not judge makes no more calls: the live checks would judge the same outage.
        if let cause = driftStatus.couldNotJudge {
            print("live checks: not run (the night could not judge the contract)")
            print(share.count.line)
            print(CouldNotJudge.line(verb: "nightly", cause: cause))
            try driftStatus.exit()
        }
        let runJob = try liveJob(after: driftJob, share: share, nightly: nightly)
        let outcome = await runJob.execute(try await runJob.discover())
        let liveStatus = try runJob.report(outcome)
        if liveStatus.couldNotJudge == nil, let nightly { try nightly.finish().forEach { print($0) } }
        print(share.count.line)
        let status = VerbStatus(failed: driftStatus.failed || liveStatus.failed, couldNotJudge: liveStatus.couldNotJudge)
        print(Self.headline(status))
        try status.exit()
    }

    /// The night's last line: what it means, with the exit status.
    static func headline(_ status: VerbStatus) -> String {
        if let cause = status.couldNotJudge { return CouldNotJudge.line(verb: "nightly", cause: cause) }
        return status.failed ? "nightly: the contract changed (exit 1): see the findings above"
            : "nightly: green (exit 0): the contract holds"
    }

    /// The flags as `drift` takes them. An HTML page is the live run's; drift writes its own only in CI, beside its report.
    func driftCommand() throws -> DriftCommand {
        var drift = try DriftCommand.parse([])
        drift.fixtureOptions = fixtureOptions
        drift.report = driftReport
        drift.outputs = driftOutputs
        drift.auth = auth
        drift.apiVersion = apiVersion
        drift.connection = connection
        drift.limits = limits
        drift.budget = budget
        drift.baselineFlags = baselineFlags
        drift.openapi = openapi
        drift.humanReports.noHtml = humanReports.noHtml
        drift.ifNoKey = ifNoKey
        return drift
    }

    /// The live checks' job, resolved from drift's (its server identification, options, contracts and OpenAPI
    /// check), with the baseline read again since drift may have written it.
    func liveJob(after driftJob: DriftJob, share: NightlyShare, nightly: NightlyBaseline? = nil) throws -> RunJob {
        var run = try RunCommand.parse(["--live"])
        run.fixtureOptions = fixtureOptions
        run.report = report
        run.auth = auth
        run.apiVersion = apiVersion
        run.strict = strict
        run.junitFileAttributes = junitFileAttributes
        run.ifNoKey = ifNoKey
        run.connection = connection
        run.limits = limits
        run.budget = budget
        run.baselineFlags = baselineFlags
        run.openapi = openapi
        run.humanReports = humanReports
        let (project, selection) = try run.scope(live: true)
        let (reportPath, reportDir) = run.reportPaths(project)
        var options = driftJob.options
        options.strict = strict
        // The night's one baseline: the live checks judge the file drift judged (with drift's findings added when
        // the night updates it), and the nightly writes it once after them.
        let baseline = nightly.map { (path: $0.file.path, baseline: $0.forLive) } ?? driftJob.baseline
        let baselineUse = baseline.map { BaselineUse($0.baseline) }
        nightly?.live = baselineUse
        return RunJob(command: run, project: project, report: reportPath, reportDir: reportDir, selection: selection, shard: nil,
                      liveOptions: options, baseline: baseline, baselineUse: baselineUse,
                      document: driftJob.document, share: share)
    }
}
