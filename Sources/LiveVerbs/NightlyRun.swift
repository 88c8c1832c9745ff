import ArgumentParser
import ContractCLI
import Foundation
import HarnessCore
import HarnessLive
import HarnessNightly
import HarnessProject

/// `fsq-contract nightly` as it runs: drift's pass, then the live checks over the answers it got (`NightlyShare`),
/// each reported as its own verb reports, with one budget, one pace and one baseline.
struct NightlyRun {
    let command: NightlyCommand
    let collaborators: Collaborators
    /// The live stack both passes call through.
    let stack: (any LiveHTTPStack)?

    /// The live checks reuse drift's options (main's live stack) and its OpenAPI check.
    func run() async throws {
        let start = ContinuousClock.now
        let driftJob = try await DriftJob.resolve(driftCommand(), collaborators, stack: stack, verb: "nightly")
        let share = NightlyShare(options: driftJob.options,
                                 start: WorkerContext.runStart(WorkerContext.from(environment: ProcessInfo.processInfo.environment)))
        let calls = ContinuousClock.now
        let drift = await driftJob.execute(share: share)
        // Drift reports (and writes `--update-baseline`) first, so the live checks judge against the same baseline.
        let nightly = driftJob.baseline.map {
            NightlyBaseline(file: $0, update: command.baselineFlags.updateBaseline, expires: command.baselineFlags.newEntryExpiry)
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
        drift.fixtureOptions = command.fixtureOptions
        drift.report = command.driftReport
        drift.outputs = command.driftOutputs
        drift.auth = command.auth
        drift.apiVersion = command.apiVersion
        drift.connection = command.connection
        drift.limits = command.limits
        drift.budget = command.budget
        drift.baselineFlags = command.baselineFlags
        drift.openapi = command.openapi
        drift.humanReports.noHtml = command.humanReports.noHtml
        drift.ifNoKey = command.ifNoKey
        return drift
    }

    /// The live checks' job, resolved from drift's (its server identification, options, contracts and OpenAPI
    /// check), with the baseline read again since drift may have written it.
    func liveJob(after driftJob: DriftJob, share: NightlyShare, nightly: NightlyBaseline? = nil) throws -> RunJob {
        var run = try RunCommand.parse(["--live"])
        run.fixtureOptions = command.fixtureOptions
        run.report = command.report
        run.auth = command.auth
        run.apiVersion = command.apiVersion
        run.strict = command.strict
        run.junitFileAttributes = command.junitFileAttributes
        run.ifNoKey = command.ifNoKey
        run.connection = command.connection
        run.limits = command.limits
        run.budget = command.budget
        run.baselineFlags = command.baselineFlags
        run.openapi = command.openapi
        run.humanReports = command.humanReports
        let (project, selection) = try run.scope(live: true)
        let (reportPath, reportDir) = run.reportPaths(project)
        var options = driftJob.options
        options.strict = command.strict
        // The night's one baseline: the live checks judge the file drift judged (with drift's findings added when
        // the night updates it), and the nightly writes it once after them.
        let baseline = nightly.map { (path: $0.file.path, baseline: $0.forLive) } ?? driftJob.baseline
        let baselineUse = baseline.map { BaselineUse($0.baseline) }
        nightly?.live = baselineUse
        let pass = LiveChecksPass(options: driftJob.options, project: project, strict: command.strict, budget: command.budget,
                                  baselineFlags: command.baselineFlags, baseline: baseline, baselineUse: baselineUse, share: share)
        return RunJob(command: run, project: project, report: reportPath, reportDir: reportDir, selection: selection, shard: nil,
                      livePass: pass, document: driftJob.document)
    }
}
