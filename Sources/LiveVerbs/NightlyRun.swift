import HarnessJobs
import Foundation
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessProject

/// `fsq-contract nightly` as it runs: drift's pass, then the live checks over the answers it got (`NightlyShare`),
/// each reported as its own verb reports, with one budget, one pace and one baseline.
struct NightlyRun {
    /// The night as the CLI resolved it.
    let request: NightlyRequest
    /// The live stack both passes call through.
    let stack: (any LiveHTTPStack)?

    /// The live checks reuse drift's options (main's live stack) and its OpenAPI check.
    func run() async throws {
        let start = ContinuousClock.now
        let driftJob = try await DriftJob.resolve(request.drift, stack: stack, verb: "nightly")
        let share = NightlyShare(options: driftJob.options,
                                 start: WorkerContext.runStart(WorkerContext.from(environment: ProcessInfo.processInfo.environment)))
        let calls = ContinuousClock.now
        let drift = await driftJob.execute(share: share)
        // Drift reports (and writes `--update-baseline`) first, so the live checks judge against the same baseline.
        let nightly = driftJob.baseline.map {
            NightlyBaseline(file: $0, update: request.drift.baseline.updateBaseline, expires: request.drift.baseline.newEntryExpiry)
        }
        nightly?.acceptingUniform = request.drift.baseline.acceptUniformChange
        nightly?.held = CouldNotJudge.notJudged(drift.ledger)
        let driftStatus = try driftJob.report(drift, phases: [.init("load fixtures", (calls - start).seconds),
                                                              .init("calls and comparison", (ContinuousClock.now - calls).seconds)],
                                              verb: "nightly", nightly: nightly)
        // A night drift's pass could not judge makes no more calls: the live checks would judge the same outage. An
        // operation that answered only 5xx, or a deadline that passed, is no such cause: the live checks judge the
        // answers drift got (a passed deadline sends nothing more), and write their report.
        if let cause = driftStatus.couldNotJudge, CouldNotJudge.cause(drift.ledger) != nil {
            print("live checks: not run (the night could not judge the contract)")
            print(share.count.line)
            CouldNotJudge.planLines(share.caller.ledger).forEach { print($0) }
            print(CouldNotJudge.line(verb: "nightly", cause: cause))
            try driftStatus.exit()
        }
        // The deadline passed during drift's pass: the live checks judge the answers drift got and send nothing more,
        // so both reports hold every answered case.
        if let cause = driftStatus.couldNotJudge, driftJob.options.runDeadline(from: share.start).hasPassed {
            share.caller.ledger.health.stop(cause)
        }
        let runJob = liveJob(after: driftJob, share: share, nightly: nightly, changedBefore: driftStatus.failed && driftStatus.couldNotJudge == nil)
        let outcome = await runJob.execute(try await runJob.discover())
        let liveStatus = try runJob.report(outcome)
        if liveStatus.couldNotJudge == nil, let nightly {
            nightly.held = nightly.held ?? CouldNotJudge.notJudged(share.caller.ledger)
            try nightly.finish().forEach { print($0) }
        }
        print(share.count.line)
        CouldNotJudge.planLines(share.caller.ledger).forEach { print($0) }
        // A change every operation showed alike, held back from the baseline, was not accepted: the night is red.
        let heldUniform = !(nightly?.heldUniform.isEmpty ?? true)
        var status = VerbStatus(failed: driftStatus.failed || liveStatus.failed || heldUniform, couldNotJudge: liveStatus.couldNotJudge)
        status.failures = driftStatus.failures.merged(with: liveStatus.failures)
        status.notJudged = CouldNotJudge.notJudged(share.caller.ledger)
        let onlyHeld = heldUniform && !(driftStatus.failed || liveStatus.failed) && status.couldNotJudge == nil
        print(onlyHeld ? Self.heldUniformLine : Self.headline(status))
        try status.exit()
    }

    /// The last line of a night whose only finding is a change every operation showed alike, which
    /// `--update-baseline` did not accept.
    static let heldUniformLine = "nightly: red (exit 1): a change every operation shows alike was not written to the baseline (above); "
        + "check what answered, or accept it with --accept-uniform-change"

    /// The night's last line: what it means, with the exit status. Red says what it found: a breaking change is
    /// the contract changing; answers that break the document, or do not decode, are named as such.
    static func headline(_ status: VerbStatus) -> String {
        if let cause = status.couldNotJudge { return CouldNotJudge.line(verb: "nightly", cause: cause) }
        if !status.failed, let cause = status.notJudged { return CouldNotJudge.partLine(verb: "nightly", cause: cause) }
        guard status.failed else { return "nightly: green (exit 0): the contract holds" }
        let found = status.failures.phrase ?? "a check failed"
        return status.failures.contractChanged ? "nightly: the contract changed (exit 1): \(found); see the findings above"
            : "nightly: red (exit 1): \(found); see the findings above"
    }

    /// The live checks' job, from drift's: its project file, contracts, fixtures folder, options (with its server
    /// identification) and OpenAPI check, the night's own report and people's pages, and the night's one baseline
    /// (the file drift judged, with drift's findings added when the night updates it; the nightly writes it once).
    /// `changedBefore`: drift's pass found a contract change, so a deadline that stops the live checks leaves the night red.
    func liveJob(after driftJob: DriftJob, share: NightlyShare, nightly: NightlyBaseline? = nil, changedBefore: Bool = false) -> RunJob {
        let project = driftJob.project
        let baseline = nightly.map { (path: $0.file.path, baseline: $0.forLive) } ?? driftJob.baseline
        // With --update-baseline the night accepts the live checks' findings as it accepts drift's: one file, written once.
        let baselineUse = baseline.map { BaselineUse($0.baseline, accepts: nightly?.update ?? false) }
        nightly?.live = baselineUse
        let pass = LiveChecksPass(options: driftJob.options, project: project, strict: request.strict, budget: request.drift.live.budget,
                                  baselineSettings: request.drift.baseline, baseline: baseline, baselineUse: baselineUse, share: share)
        pass.changedBefore = changedBefore
        pass.writesBefore = driftJob.options.writeLog.count
        return RunJob(fixtures: request.drift.fixtures, auth: request.drift.live.auth, junitShape: request.junitShape,
                      humanReports: request.humanReports, live: true, project: project, report: request.report,
                      reportDir: project.reportDir, selection: driftJob.selection, livePass: pass, document: driftJob.document)
    }
}
