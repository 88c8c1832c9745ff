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
import JUnitXML

extension RunJob {
    /// The key every page and report written for people is scrubbed of: the live run's, else in replay the one
    /// `FSQ_API_KEY` holds when CI has it set (a hand-written fixture may quote it), when it is long enough to
    /// redact without rewriting other text.
    var scrubbedKey: APIKey? {
        if let key = liveOptions?.key { return key }
        guard let key = APIKey.fromEnvironment(), KeyScrubber.problem(with: key) == nil else { return nil }
        return key
    }

    /// After the pass over the fixtures: the refused contracts, the usage errors only the run can find, the summary
    /// and what follows it (old and stale fixtures, the baseline, the calls), the report line, the job page, and the
    /// per-suite files. Returns the exit status; throws `UsageFailure` when the report could not be written.
    func report(_ outcome: RunOutcome) throws -> VerbStatus {
        let stream = outcome.stream, refusals = outcome.refusals, fixtureOptions = command.fixtureOptions
        var tally = stream.tally
        let couldNotJudge = outcome.ledger.flatMap(CouldNotJudge.cause)
        // A contract the server refused on every call is one line; its cases stay failures in the report.
        if couldNotJudge == nil { refusals.lines.forEach { print($0) } }
        tally.omitProblems(where: refusals.isRefused)
        if let contracts = selection.contracts, tally.total.fixtures == 0 {
            throw UsageFailure("--contract \(contracts.map(\.rawValue).joined(separator: ", ")) matches no fixture in \(fixtureOptions.folder)")
        }
        if let problem = Selection.authProblem(command.auth.styles, contracts: outcome.contractsRun) { throw UsageFailure(problem) }
        print(Summary.render(tally))
        // Assumed rules the server did not keep are not failures; documented ones are warnings (failures with --strict).
        outcome.premises.lines(strict: command.strict, folder: fixtureOptions.folder).forEach { print($0) }
        // Old fixtures, stale ones, flaky cases and what the calls cost, after the run's own step summary.
        var stepSummaryTail = ""
        if let maxDays = project.fixtureMaxAgeDays {
            // Replay reads each file once in its stream; the ages are read apart, only when the project asks.
            let age = FixtureAge(live ? outcome.fixtures.loaded : outcome.fixtures.files.map(fixtureOptions.loader.load), maxDays: maxDays)
            age.lines.forEach { print($0) }
            stepSummaryTail += age.markdown
        }
        // A run that could not judge marks no entry fixed and writes nothing; the nightly's one baseline is its own.
        if couldNotJudge == nil, share == nil, let baseline, let baselineUse {
            baselineUse.lines(path: baseline.path).forEach { print($0) }
            if command.baselineFlags.updateBaseline {
                let updated = try BaselineFlags.update(baseline, from: baselineUse, expires: command.baselineFlags.newEntryExpiry)
                print("baseline \(baseline.path) written: \(updated.entries.count) entries; this run's report keeps its verdicts, "
                      + "the next run knows them (give each new entry its reason)")
            }
        }
        if let ledger = outcome.ledger {
            let nightly = NightlyLines(tally: share?.liveTally ?? ledger.tally, maxCalls: ledger.maxCalls, stale: outcome.staleProbe.found,
                                       staleFails: project.staleFails)
            nightly.terminal.forEach { print($0) }
            stepSummaryTail += nightly.markdown
        }
        print(String(format: "report: %@ (discover %.2fs, load+%@ %.2fs, report %.2fs)",
                     report, outcome.discoverTime, mode, outcome.runTime, outcome.reportTime))
        VerbEnding.show(JobPage(environment: ProcessInfo.processInfo.environment).publish(
            stream.jobPage, title: "fsq-contract run (\(mode))", suiteOrder: SuiteOrder.of(tally.suites.keys),
            reportPath: report, key: scrubbedKey))
        if !stepSummaryTail.isEmpty { VerbEnding.appendStepSummary(stepSummaryTail, key: scrubbedKey) }
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
        try writeHumanReports(outcome)
        if let couldNotJudge, share == nil { print(CouldNotJudge.line(verb: "run --live", cause: couldNotJudge)) }
        return VerbStatus(failed: tally.total.problems > 0, couldNotJudge: couldNotJudge)
    }

    /// `--html`, `--ctrf` and `--pr-comment` (and the HTML report by default in CI), from the cases the JUnit
    /// report took.
    func writeHumanReports(_ outcome: RunOutcome) throws {
        guard let human = outcome.human else { return }
        let (cases, facts) = human.collected
        let finished = Date()
        let elapsed = outcome.discoverTime + outcome.runTime + outcome.reportTime
        var report = HumanReport(title: "fsq-contract run (\(mode))", mode: mode, junitPath: self.report,
                                 fixturesFolder: command.fixtureOptions.folder,
                                 started: finished.addingTimeInterval(-elapsed), finished: finished, cases: cases, facts: facts)
        report.baseURL = liveOptions?.baseURL.absoluteString
        report.apiVersion = command.version
        report.phases = [.init("discover", outcome.discoverTime), .init("load+\(mode)", outcome.runTime),
                         .init("JUnit report", outcome.reportTime)]
        report.callsLine = outcome.ledger.map { CallLedger.line(share?.liveTally ?? $0.tally, maxCalls: $0.maxCalls) }
        try command.humanReports.write(report, junit: self.report, key: scrubbedKey)
    }
}
