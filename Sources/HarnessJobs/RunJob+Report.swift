import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces
import JUnitXML

extension RunJob {
    /// The key every page and report written for people is scrubbed of: the live run's, else in replay the one
    /// `FSQ_API_KEY` holds when CI has it set (a hand-written fixture may quote it), when it is long enough to
    /// redact without rewriting other text.
    package var scrubbedKey: APIKey? {
        if let key = livePass?.key { return key }
        guard let key = APIKey.fromEnvironment(), KeyScrubber.problem(with: key) == nil else { return nil }
        return key
    }

    /// After the pass over the fixtures: the refused contracts, the usage errors only the run can find, the summary
    /// and what follows it (old and stale fixtures, the baseline, the calls), the report line, the job page, and the
    /// per-suite files. Returns the exit status; throws `UsageFailure` when the report could not be written.
    package func report(_ outcome: RunOutcome) throws -> VerbStatus {
        let stream = outcome.stream
        var tally = stream.tally
        let couldNotJudge = livePass?.couldNotJudge
        livePass?.beforeSummary(&tally)
        if let contracts = selection.contracts, tally.total.fixtures == 0 {
            throw UsageFailure("--contract \(contracts.map(\.rawValue).joined(separator: ", ")) matches no fixture in \(fixtures.folder)")
        }
        if let problem = Selection.authProblem(auth.styles, contracts: outcome.contractsRun) { throw UsageFailure(problem) }
        print(Summary.render(tally))
        if let coverage = outcome.coverage, !coverage.operations.isEmpty {
            print(coverage.line)
        } else if !live, let reason = coverageJudged {
            print("coverage: not judged: \(reason)")
        }
        if let line = outcome.valuesLine { print(line) }
        livePass?.afterSummary(folder: fixtures.folder).forEach { print($0) }
        // Old fixtures, stale ones, flaky cases and what the calls cost, after the run's own step summary.
        var stepSummaryTail = ""
        if let maxDays = project.fixtureMaxAgeDays {
            // From the files the run parsed before it ran (`RunJob.discover` reads them when the project asks for ages).
            let age = FixtureAge(live ? outcome.fixtures.loaded : outcome.fixtures.parsed ?? outcome.fixtures.files.map(fixtures.loader.load),
                                 maxDays: maxDays)
            age.lines.forEach { print($0) }
            stepSummaryTail += age.markdown
        }
        if let livePass { stepSummaryTail += try livePass.afterFindings() }
        print(String(format: "report: %@ (discover %.2fs, load+%@ %.2fs, report %.2fs)",
                     report, outcome.discoverTime, mode, outcome.runTime, outcome.reportTime))
        CIJobOutput.show(JobPage(environment: ProcessInfo.processInfo.environment).publish(
            stream.jobPage, title: "fsq-contract run (\(mode))", suiteOrder: SuiteOrder.of(tally.suites.keys),
            reportPath: report, key: scrubbedKey))
        if !stepSummaryTail.isEmpty { CIJobOutput.appendStepSummary(stepSummaryTail, key: scrubbedKey) }
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
        if let line = livePass?.lastLine { print(line) }
        var status = VerbStatus(failed: tally.total.problems > 0, couldNotJudge: couldNotJudge)
        status.failures = tally.failures
        if couldNotJudge == nil, let line = livePass?.notJudged {
            status.notJudged = line
            if !status.failed { print(line) }
        }
        return status
    }

    /// `--html`, `--ctrf` and `--pr-comment` (and the HTML report by default in CI), from the cases the JUnit
    /// report took.
    package func writeHumanReports(_ outcome: RunOutcome) throws {
        guard let human = outcome.human else { return }
        let (cases, facts) = human.collected
        let finished = Date()
        let elapsed = outcome.discoverTime + outcome.runTime + outcome.reportTime
        var report = HumanReport(title: "fsq-contract run (\(mode))", mode: mode, junitPath: self.report,
                                 fixturesFolder: fixtures.folder,
                                 started: finished.addingTimeInterval(-elapsed), finished: finished, cases: cases, facts: facts)
        report.baseURL = livePass?.baseURL
        report.apiVersion = auth.version
        report.phases = [.init("discover", outcome.discoverTime), .init("load+\(mode)", outcome.runTime),
                         .init("JUnit report", outcome.reportTime)]
        report.callsLine = livePass?.callsLine
        try humanReports.write(report, junit: self.report, key: scrubbedKey)
    }
}
