import HarnessJobs
import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessProject
import HarnessReports

/// `run --live`'s pass over the fixtures (`LivePass`): the resolved live options, the budget, the baseline, and once
/// it ran, the calls it made and what they found. The nightly's live checks are one, over drift's caller (`share`).
///
/// Unchecked `Sendable`: `run` sets the found state once, on the run's task, before the ending reads it.
package final class LiveChecksPass: LivePass, @unchecked Sendable {
    /// The options every call takes; `identifyServer` may turn the fixture header off.
    package private(set) var options: LiveOptions
    let project: ProjectFile
    /// `--strict`: a documented rule the server did not keep fails instead of warning.
    let strict: Bool
    let budget: LiveBudget
    let baselineSettings: BaselineSettings
    /// The baseline file and what judges against it; nil when the run uses none.
    let baseline: (path: String, baseline: Baseline)?
    let baselineUse: BaselineUse?
    /// The nightly's caller and drift's stale evidence, when this pass is the night's live checks.
    let share: NightlyShare?

    /// A contract change the night found before this pass (drift's): a deadline that then stops this pass leaves
    /// the night red, not undecided.
    var changedBefore = false
    /// The writes the night's drift pass had sent (and printed) when this pass began.
    var writesBefore = 0

    private var ledger: CallLedger?
    /// Why this pass could not judge the contract (`CouldNotJudge.cause`), once it ran.
    private var cause: String?
    private let refusals = ContractRefusals()
    private let premises = LivePremises()
    private var staleProbe = StaleProbe([])

    /// A pass over `options`; `baselineUse` defaults to judging against `baseline`.
    package init(options: LiveOptions, project: ProjectFile, strict: Bool, budget: LiveBudget, baselineSettings: BaselineSettings,
                 baseline: (path: String, baseline: Baseline)?, baselineUse: BaselineUse? = nil, share: NightlyShare? = nil) {
        var options = options
        options.strict = strict
        self.options = options
        self.project = project
        self.strict = strict
        self.budget = budget
        self.baselineSettings = baselineSettings
        self.baseline = baseline
        self.baselineUse = baselineUse ?? baseline.map { BaselineUse($0.baseline) }
        self.share = share
    }

    /// Resolves `run --live`'s session (the key, the connection, limits and budget, the stack), prints the contracts
    /// the project file leaves out, and reads the baseline; throws a one-line `UsageFailure` naming the flag or file.
    static func resolve(_ request: LiveRunRequest, stack: (any LiveHTTPStack)?) throws -> LiveChecksPass {
        let options = try LiveSession.resolve(verb: "fsq-contract run", project: request.project, selection: request.selection,
                                              settings: request.live, stack: stack).options
        let baseline = try request.baseline.load(project: request.project)
        return LiveChecksPass(options: options, project: request.project, strict: request.strict, budget: request.live.budget,
                              baselineSettings: request.baseline, baseline: baseline)
    }

    /// Seconds past `--deadline` before the watchdog writes the report and exits.
    static let watchdogGrace = 3.0
    /// Seconds the nightly's live checks have to judge drift's answers when the deadline passed during drift.
    static let judgingWindow = 20.0

    package var baseURL: String { options.baseURL.absoluteString }
    package var key: APIKey? { options.key }

    package func identifyServer() async {
        guard options.selectFixtureHeader else { return }
        var options = self.options
        print(await EmulatorProbe.identify(&options))
        self.options = options
    }

    package func gate(_ loaded: [LoadedFixture]) async throws {
        // Without a key every case is skipped and no call is made.
        var count = CallCount()
        if options.key != nil || budget.dryRun { count = await CallCount.live(loaded, options: options) }
        try budget.gate(count, options: options, verb: "run --live")
    }

    /// Calls the server for every fixture until the run deadline; past it, the watchdog closes the unfinished cases
    /// as errors, writes the report and exits as `watchdogEnding` says.
    package func run(source: FixtureSource, stream: ReportStream, includes: @escaping @Sendable (Fixture) -> Bool, worker: WorkerContext?,
                     loaded: [LoadedFixture], human: HumanReportCollector?, report: String, document: DocumentCheck?) async {
        let options = self.options
        staleProbe = StaleProbe(loaded)
        if let share { staleProbe.seed(share.stale) }
        // A worker started again after a crash keeps the first worker's deadline; the nightly's live checks keep
        // the night's, which drift's pass started.
        let runDeadline = options.runDeadline(from: share?.start ?? WorkerContext.runStart(worker))
        // The night's deadline passed during drift's pass: the live checks get a short window to judge drift's
        // answers (the night's calls are stopped, so they send nothing).
        let deadline = share != nil && runDeadline.hasPassed
            ? RunDeadline(seconds: Self.judgingWindow, asGiven: options.deadlineAsGiven) : runDeadline
        let caller = share?.caller ?? LiveCaller(options: options)
        var liveStrategy = LiveStrategy(caller: caller, deadline: deadline, document: document)
        liveStrategy.staleProbe = staleProbe
        liveStrategy.staleFails = project.staleFails
        liveStrategy.baseline = baselineUse
        liveStrategy.premises = premises
        let strategy = liveStrategy
        let core = ExecutionCore(concurrency: options.concurrency, deadline: deadline,
                                 progress: Progress.reporter(label: "live"), worker: worker)
        let pipeline = RunPipeline(source: source, strategy: (human ?? HumanReportCollector.off).watching(refusals.watching(strategy)),
                                   core: core, stream: stream, includes: includes)
        let changedBefore = self.changedBefore
        let verb = share == nil ? "run --live" : "nightly"
        let watchdog = Watchdog(deadline: deadline, grace: Self.watchdogGrace) {
            try? pipeline.closeUnfinished { path, suite in strategy.unfinished(path: path, suite: suite, deadline: deadline) }
            print(Summary.render(stream.tally))
            print("report: \(report) (the run deadline of \(RunDeadline.format(options.deadlineAsGiven))s passed; unfinished cases are errors)")
            if let failure = stream.failure { writeStderr("fsq-contract run: --report \(report): \(failure)") }
            let ending = Self.watchdogEnding(stream.tally, ledger: caller.ledger, changedBefore: changedBefore, verb: verb,
                                             seconds: options.deadlineAsGiven)
            print(ending.line)
            Foundation.exit(ending.status)
        }
        await pipeline.run()
        watchdog.cancel()
        // The night's drift pass printed its writes; the live checks add a line only when they sent more writes.
        if share == nil || options.writeLog.count > writesBefore { print(options.writeLog.summary) }
        ledger = caller.ledger
        cause = CouldNotJudge.cause(caller.ledger, tally: stream.tally, deadline: options.deadlineAsGiven, changedBefore: changedBefore)
    }

    /// The last line and exit status of a pass the watchdog ended: could not judge (3) with the calls' cause or the
    /// deadline's, unless a case it judged failed or the night had already found a change (`changedBefore`): 1.
    static func watchdogEnding(_ tally: RunTally, ledger: CallLedger, changedBefore: Bool, verb: String,
                               seconds: Double) -> (line: String, status: Int32) {
        if let cause = CouldNotJudge.cause(ledger, tally: tally, deadline: seconds, changedBefore: changedBefore) {
            return (CouldNotJudge.line(verb: verb, cause: cause), CouldNotJudge.exitStatus)
        }
        return ("\(verb): the contract changed (exit 1): the run deadline of \(RunDeadline.format(seconds))s passed after a failure; "
                + "see the findings above", 1)
    }

    package var followsDrift: Bool { share != nil }

    package var couldNotJudge: String? { cause }

    package var notJudged: String? {
        guard share == nil, let cause = ledger.flatMap(CouldNotJudge.notJudged) else { return nil }
        return CouldNotJudge.partLine(verb: "run --live", cause: cause)
    }

    package func beforeSummary(_ tally: inout RunTally) {
        // A contract the server refused on every call is one line; its cases stay failures in the report.
        if couldNotJudge == nil { refusals.lines.forEach { print($0) } }
        tally.omitProblems(where: refusals.isRefused)
    }

    package func afterSummary(folder: String) -> [String] {
        // Assumed rules the server did not keep are not failures; documented ones are warnings (failures with --strict).
        premises.lines(strict: strict, folder: folder)
    }

    package func afterFindings() throws -> String {
        // A run that could not judge marks no entry fixed and writes nothing; the nightly's one baseline is its own.
        if couldNotJudge == nil, share == nil, let baseline, let baselineUse {
            if ledger.flatMap(CouldNotJudge.notJudged) != nil { baselineUse.hold() }
            baselineUse.lines(path: baseline.path).forEach { print($0) }
            if baselineSettings.updateBaseline, ledger.flatMap(CouldNotJudge.notJudged) != nil {
                print(NightlyBaseline.notWritten(baseline.path))
            } else if baselineSettings.updateBaseline {
                let (updated, held) = try BaselineSettings.update(baseline, from: baselineUse, expires: baselineSettings.newEntryExpiry,
                                                               accepting: baselineSettings.acceptUniformChange)
                held.forEach { print($0) }
                print("baseline \(baseline.path) written: \(updated.entries.count) entries; this run's report keeps its verdicts, "
                      + "the next run knows them (give each new entry its reason)")
            }
        }
        guard let ledger else { return "" }
        if share == nil, couldNotJudge != nil, let hint = ledger.health.hint { print(hint) }
        let nightly = NightlyLines(tally: share?.liveTally ?? ledger.tally, maxCalls: ledger.maxCalls, stale: staleProbe.found,
                                   staleFails: project.staleFails)
        // The night's drift pass listed the stale fixtures: the live checks' terminal does not list them again.
        var terminal = nightly
        if share != nil { terminal.stale = [] }
        terminal.terminal.forEach { print($0) }
        return nightly.markdown
    }

    package var callsLine: String? { ledger.map { CallLedger.line(share?.liveTally ?? $0.tally, maxCalls: $0.maxCalls) } }

    package var lastLine: String? {
        guard let couldNotJudge, share == nil else { return nil }
        return CouldNotJudge.line(verb: "run --live", cause: couldNotJudge)
    }
}
