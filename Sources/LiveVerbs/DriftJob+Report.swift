import HarnessJobs
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessProject
import Foundation
import FoursquarePlaces
import JUnitXML

extension DriftJob {
    /// The cases, graded against `--fail-on` and the baseline; with `--update-baseline`, the baseline is written
    /// from this run and the cases graded again against it. A run that selected no case is a usage error.
    /// `couldNotJudge`: the run's answers could not judge the contract; every case is skipped with the cause and
    /// the baseline is neither judged nor written. `partly`: some cases could not be judged (`setAside`, the
    /// deadline's); the rest are graded against the baseline as read, which is neither judged nor written.
    /// `nightly`: the night's one baseline, which drift judges and the nightly writes once after the live checks.
    /// `held`: some cases could not be judged (the server's trouble): `--update-baseline` leaves the file as it was.
    package func grade(_ run: DriftRun, couldNotJudge: String? = nil, partly: Bool = false, setAside: [CaseResult] = [],
                       nightly: NightlyBaseline? = nil, held: Bool = false) throws -> (cases: [CaseResult], baselineUse: BaselineUse?) {
        if let cause = couldNotJudge {
            let cases = (DriftReport.caseResults(run, failOn: failOn.grade, staleFails: project.staleFails) + setAside).map { result in
                var result = result
                result.verdict = .skip(reason: "not judged: \(cause)")
                return result
            }
            if cases.isEmpty { throw UsageFailure("drift selected no case in \(request.fixtures.folder); check --filter, --contract and --auth") }
            return (cases, nil)
        }
        var baselineUse = nightly?.drift ?? baseline.map { BaselineUse($0.baseline) }
        if partly { baselineUse = baseline.map { BaselineUse($0.baseline) } }
        var cases = DriftReport.caseResults(run, failOn: failOn.grade, staleFails: project.staleFails, baseline: baselineUse)
        if held { baselineUse?.hold() }
        if partly {
            baselineUse = nil
        } else if let nightly {
            if let interim = nightly.afterDrift() {
                baselineUse = BaselineUse(interim)
                cases = DriftReport.caseResults(run, failOn: failOn.grade, staleFails: project.staleFails, baseline: baselineUse)
            }
        } else if let baseline, held, request.baseline.updateBaseline {
            print(NightlyBaseline.notWritten(baseline.path))
        } else if let baseline, let used = baselineUse, request.baseline.updateBaseline {
            let (updated, held) = try BaselineSettings.update(baseline, from: used, expires: request.baseline.newEntryExpiry,
                                                           accepting: request.baseline.acceptUniformChange)
            held.forEach { print($0) }
            let added = updated.entries.filter { baseline.baseline.entry($0.fingerprint) == nil }.count
            print("baseline \(baseline.path) written: \(updated.entries.count) entries (\(added) new, \(used.fixed.count) fixed removed); "
                  + "give each new entry its reason and review the dates")
            baselineUse = BaselineUse(updated)
            cases = DriftReport.caseResults(run, failOn: failOn.grade, staleFails: project.staleFails, baseline: baselineUse)
        }
        cases += setAside
        if cases.isEmpty { throw UsageFailure("drift selected no case in \(request.fixtures.folder); check --filter, --contract and --auth") }
        return (cases, baselineUse)
    }

    /// Grades the run, prints the summary, writes the report (and `--summary`, `--json`) and the step summary;
    /// returns the exit status.
    /// `nightly`: the night's one baseline (its lines are the nightly's to print, once).
    package func report(_ drift: (run: DriftRun, ledger: CallLedger), phases: [HumanReport.Phase] = [], verb: String = "drift",
                nightly: NightlyBaseline? = nil) throws -> VerbStatus {
        // An operation that answered only 5xx is set aside: its cases are skipped, its answers graded as no drift.
        let operations = drift.ledger.health.operationsNotJudged
        let global = CouldNotJudge.cause(drift.ledger)
        var run = drift.run
        run.results.removeAll { operations[$0.endpoint] != nil }
        let setAside = DriftReport.caseResults(DriftRun(results: drift.run.results.filter { operations[$0.endpoint] != nil }),
                                               failOn: failOn.grade).map { result in
            var result = result
            result.verdict = .skip(reason: CallHealth.notJudgedReason(operations[result.endpoint] ?? ""))
            return result
        }
        let partly = global == nil ? partialCause(run, ledger: drift.ledger) : nil
        let couldNotJudge = global ?? partly
        let (cases, baselineUse) = try grade(run, couldNotJudge: global, partly: partly != nil, setAside: setAside, nightly: nightly,
                                             held: CouldNotJudge.notJudged(drift.ledger) != nil)
        var summary = DriftSummary(run, preferred: project.liveContracts ?? [])
        summary.staleFails = project.staleFails
        summary.callsMade = drift.ledger.tally.calls
        if let baselineUse, let file = nightly?.file ?? baseline {
            // Known means in the file as read: a finding this run accepts (`--update-baseline`) is news tonight.
            let known = Set(baselineUse.known).intersection(file.baseline.entries.map(\.fingerprint))
            summary.baseline = (known, baselineUse.findings.subtracting(known))
            // A document break whose case the baseline let pass (its violations known in the file as read).
            let failing = Set(cases.filter(\.verdict.isProblem).map(\.name))
            let inFile = Set(file.baseline.entries.map(\.fingerprint))
            summary.knownDocumentBreaks = Set(run.results.compactMap { result in
                guard let conformance = result.conformance, !failing.contains(conformance.name),
                      case let .fail(message, _) = conformance.verdict else { return nil }
                // Known only through the file as read: a break this run accepts (`--update-baseline`) is news tonight.
                let violations = conformance.findings.isEmpty ? [message] : conformance.findings
                let fingerprints = violations.map {
                    Baseline.fingerprint(contract: result.contract, endpoint: result.endpoint, check: conformance.check.rawValue, message: $0)
                }
                guard fingerprints.allSatisfy({ file.baseline.entry($0).map { inFile.contains($0.fingerprint) } ?? false }) else { return nil }
                return DriftSummary.answerKey(fixture: result.fixture, auth: result.auth)
            })
        }
        let baseURL = options.baseURL.absoluteString
        if global == nil {
            print(summary.terminal())
            if let line = DriftReport.documentLine(run) { print(line) }
        }
        if nightly == nil, let baseline, let baselineUse { baselineUse.lines(path: baseline.path).forEach { print($0) } }
        print(Summary.render(cases, maxProblems: 5))
        NightlyLines(ledger: drift.ledger, stale: []).terminal.forEach { print($0) }
        print(options.writeLog.summary)

        let results = run.results
        var report = HarnessReport(properties: [
            ("mode", "drift"), ("auth_styles", request.live.auth.styles.map(\.rawValue).joined(separator: ",")),
            ("base_url", baseURL), ("api_version", options.apiVersion), ("tool_version", ToolVersion.current),
            ("fail_on", failOn.rawValue),
        ] + NightlyLines(ledger: drift.ledger, stale: []).properties + (summary.spokenContract.map { [("server_contract", $0.rawValue)] } ?? []) + DriftReport.contractProperties(summary))
        report.suiteProperties = { suite in DriftReport.gradeCounts(results, endpoint: suite) }
        let markdown = global.map { "## fsq-contract \(verb): could not judge the contract\n\n\($0)\n" }
            ?? summary.markdown(baseURL: baseURL) + (partly.map { "\n**Could not judge the contract:** \($0)\n" } ?? "")
        let json = request.json
        do {
            try report.write(cases, to: reportPath)
            if let path = summaryPath { try AtomicFile.write(Data(markdown.utf8), to: URL(fileURLWithPath: path)) }
            if let json { try AtomicFile.write(try DriftReport.json(run, baseURL: baseURL, preferred: project.liveContracts ?? []), to: URL(fileURLWithPath: json)) }
        } catch {
            throw UsageFailure("cannot write an output: \(error)")
        }
        CIJobOutput.appendStepSummary(markdown, key: key)
        print("report: \(reportPath)" + (summaryPath.map { ", summary: \($0)" } ?? "") + (json.map { ", json: \($0)" } ?? ""))
        try writeHumanReports(cases: cases, summary: summary, baselineUse: baselineUse, ledger: drift.ledger, phases: phases)
        if let couldNotJudge, nightly == nil { print(CouldNotJudge.line(verb: verb, cause: couldNotJudge)) }
        var status = VerbStatus(failed: cases.contains(where: \.verdict.isProblem), couldNotJudge: couldNotJudge)
        cases.filter(\.verdict.isProblem).forEach { status.failures.add($0.check) }
        status.failures.breaking(summary.breaking)
        status.notJudged = CouldNotJudge.notJudged(drift.ledger)
        if nightly == nil { CouldNotJudge.planLines(drift.ledger).forEach { print($0) } }
        if nightly == nil, couldNotJudge == nil, !status.failed, let cause = status.notJudged { print(CouldNotJudge.partLine(verb: verb, cause: cause)) }
        return status
    }

    /// Why part of the run could not be judged (operations that answered only 5xx, the deadline), from its other
    /// cases graded against the baseline as read (nothing judged or written yet); nil when a judged case failed.
    func partialCause(_ run: DriftRun, ledger: CallLedger) -> String? {
        let cases = DriftReport.caseResults(run, failOn: failOn.grade, staleFails: project.staleFails,
                                            baseline: baseline.map { BaselineUse($0.baseline) })
        return CouldNotJudge.cause(ledger, tally: RunTally(cases), deadline: options.deadlineAsGiven)
    }

    /// `--html`, `--ctrf` and `--pr-comment` (and the HTML report by default in CI), from the cases the JUnit report
    /// holds, with the drift changelog.
    package func writeHumanReports(cases: [CaseResult], summary: DriftSummary, baselineUse: BaselineUse?, ledger: CallLedger,
                           phases: [HumanReport.Phase]) throws {
        guard request.humanReports.wanted(junit: reportPath) else { return }
        let collector = HumanReportCollector()
        collector.add(cases)
        collector.note(loaded, problemFixtures: Set(cases.filter(\.verdict.isProblem).map(\.fixture)))
        let finished = Date()
        var report = HumanReport(title: "fsq-contract drift", mode: "drift", junitPath: reportPath,
                                 fixturesFolder: request.fixtures.folder,
                                 started: finished.addingTimeInterval(-phases.reduce(0) { $0 + $1.seconds }), finished: finished,
                                 cases: collector.collected.cases, facts: collector.collected.facts)
        report.baseURL = options.baseURL.absoluteString
        report.apiVersion = options.apiVersion
        report.phases = phases
        report.callsLine = ledger.line
        report.drift = DriftChangelog(summary, baseline: baseline.flatMap { b in baselineUse.map { (b.path, $0) } })
        try request.humanReports.write(report, junit: reportPath, key: key)
    }
}
