import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessReports

/// Drift's JUnit cases, suite properties and JSON document.
package enum DriftReport {
    /// One testcase per fixture × style: ERR fails (or WARN with `failOn: .warn`); an error fixture the server
    /// does not reproduce is skipped with the reason; a call with no answer is an error; the rest go to system-out.
    /// A stale fixture (its place id gone, its endpoint answering others) is skipped, or fails with `staleFails`.
    /// With a `baseline`, a case whose every finding is a known, unexpired entry passes (listed as known); one
    /// whose entry expired fails naming it.
    package static func caseResults(_ run: DriftRun, failOn: DriftGrade = .err, staleFails: Bool = false,
                                   baseline: BaselineUse? = nil) -> [CaseResult] {
        let broken = run.broken.map { CaseResult.loadError(path: $0.path, suite: $0.suite, error: $0.error) }
        return broken + run.results.flatMap { result -> [CaseResult] in
            var cases = caseResult(result, run: run, failOn: failOn, staleFails: staleFails)
            if let baseline, result.notAsked == nil {
                baseline.answered("\(result.contract)/\(result.endpoint)", recorded: result.recordedStatus, live: result.liveStatus,
                                  stale: run.stale[result.fixture] != nil)
            }
            if let baseline, run.stale[result.fixture] == nil {
                if cases[0].verdict.isProblem {
                    let fingerprints = findings(result, failOn: failOn)
                    switch baseline.judge(fingerprints) {
                    case let .new(unknown):
                        // Known changes beside new ones: the case fails for the new ones, and says which they are.
                        if unknown.count < fingerprints.count, case let .fail(message, detail) = cases[0].verdict {
                            var seen: Set<String> = []
                            let text = "new drift beside \(baseline.knownEntries(among: fingerprints)) known in the baseline: "
                                + unknown.filter { seen.insert($0).inserted }.joined(separator: "; ")
                            cases[0].verdict = .fail(message: text, detail: text + "\n" + message + "\n" + detail)
                        }
                    case let .known(notes):
                        cases[0].verdict = .pass
                        cases[0].notes = notes + "\n" + result.changes.map(\.line).joined(separator: "\n")
                    case let .expired(message):
                        cases[0].verdict = .fail(message: message, detail: message + "\n" + result.changes.map(\.line).joined(separator: "\n"))
                    }
                }
                // `--openapi`'s case, graded apart from drift, is known or not on its own.
                var conformance = Array(cases.dropFirst())
                baseline.apply(to: &conformance, contract: result.contract, endpoint: result.endpoint)
                cases = [cases[0]] + conformance
            }
            return cases
        }
    }

    /// The fingerprints of what fails a drift case: its changes at or above `failOn`, or the style it was refused.
    package static func findings(_ result: DriftResult, failOn: DriftGrade) -> [String] {
        func fingerprint(_ path: String, _ kind: String) -> String {
            Baseline.fingerprint(contract: result.contract, endpoint: result.endpoint, check: "drift", path: path, kind: kind)
        }
        if result.refused, result.recordedStatus >= 400 { return [fingerprint("auth:\(result.auth.rawValue)", "refused")] }
        guard result.problem == nil, result.notAsked == nil, result.notJudged == nil, !result.unreproducible else { return [] }
        return Array(Set(result.changes.filter { $0.grade >= failOn }.map { fingerprint($0.path, $0.kind.rawValue) })).sorted()
    }

    static func caseResult(_ result: DriftResult, run: DriftRun, failOn: DriftGrade, staleFails: Bool) -> [CaseResult] {
        var verdict: Verdict = .pass
        var notes: String?
        if let stale = run.stale[result.fixture] {
            verdict = stale.verdict(fails: staleFails)
        } else if let reason = result.notAsked ?? result.notJudged {
            verdict = .skip(reason: reason)
        } else if let problem = result.problem {
            verdict = problem.contains("FSQ_API_KEY") ? .skip(reason: problem) : .error(message: problem, detail: problem)
        } else if result.refused, result.recordedStatus >= 400 {
            // A refusal is a 4xx too, so an error fixture would otherwise pass without being compared.
            let message = "the server refused the \(result.auth) style or the key with HTTP \(result.liveStatus ?? 0) "
                + "where the fixture recorded \(result.recordedStatus); nothing was compared (check FSQ_API_KEY)"
            verdict = .error(message: message, detail: message)
        } else if result.unreproducible {
            verdict = .skip(reason: "not reproducible live: the fixture recorded \(result.recordedStatus), "
                            + "the server answered \(result.liveStatus ?? 0); nothing to compare")
        } else if let worst = result.worst, worst >= failOn {
            let failing = result.changes.filter { $0.grade >= failOn }
            verdict = .fail(message: "\(failing.count) \(worst == .err ? "breaking" : "warning") change(s): \(failing[0].line)",
                            detail: result.changes.map(\.line).joined(separator: "\n"))
        } else if !result.changes.isEmpty {
            notes = result.changes.map(\.line).joined(separator: "\n")
        }
        if let flaky = result.flaky, !verdict.isProblem { notes = [flaky, notes].compactMap { $0 }.joined(separator: "\n") }
        return [CaseResult(endpoint: result.endpoint, fixture: result.fixture, auth: result.auth, check: .drift,
                           time: result.seconds, verdict: verdict, notes: notes)] + (result.conformance.map { [$0] } ?? [])
    }

    /// `OpenAPI: the API breaks its own document in 3 of 40 cases checked (…)`, or nil without `--openapi`. It counts
    /// cases (one per fixture and style), not calls: identical requests share one call, so calls can be fewer.
    package static func documentLine(_ run: DriftRun) -> String? {
        let checked = run.results.compactMap(\.conformance)
        guard !checked.isEmpty else { return nil }
        let breaking = checked.filter(\.verdict.isProblem)
        let warnings = checked.reduce(0) { $0 + $1.warnings }
        guard !breaking.isEmpty else {
            return "OpenAPI: all \(checked.count) cases checked keep the provider's document" + (warnings > 0 ? " (\(warnings) warnings)" : "")
                + " (one per fixture and style; identical requests share one call)"
        }
        return "OpenAPI: the API breaks its own document in \(breaking.count) of \(checked.count) cases checked (one per fixture and style; "
            + "identical requests share one call; apart from drift: see the live-openapi testcases)"
    }

    /// Counts per grade for one suite's properties: `drift.err`, `drift.warn`, `drift.info` (changes of calls
    /// that were compared; unreproducible error fixtures have none).
    package static func gradeCounts(_ results: [DriftResult], endpoint: String) -> [(String, String)] {
        let changes = results.filter { $0.endpoint == endpoint && !$0.unreproducible }.flatMap(\.changes)
        return DriftGrade.allCases.reversed().map { grade in
            ("drift.\(grade.rawValue.lowercased())", String(changes.filter { $0.grade == grade }.count))
        }
    }

    /// One property per contract section: `drift.contract.2025-06-17` = `0 breaking, 18 warnings`, in section order.
    package static func contractProperties(_ summary: DriftSummary) -> [(String, String)] {
        summary.sections.map { ("drift.contract.\($0.contract)", "\($0.breaking) breaking, \(plural($0.warnings, "warning"))") }
    }

    /// The machine-readable report for `--json`.
    package static func json(_ run: DriftRun, baseURL: String, preferred: [ContractID] = []) throws -> Data {
        struct Entry: Encodable {
            var fixture: String, endpoint: String, contract: ContractID, auth: String, recorded_status: Int, live_status: Int?
            var worst: String?, problem: String?, unreproducible: Bool
            /// Why the fixture was not called (an error no request provokes), nil when it was.
            var not_asked: String?
            /// The recorded place id that answers 404 while the endpoint answers others, when the fixture is stale.
            var stale_place_id: String?
            var changes: [DriftChange]
        }
        struct Broken: Encodable { var fixture: String, problem: String }
        struct Section: Encodable { var contract: ContractID, breaking: Int, warnings: Int }
        struct Document: Encodable {
            var base_url: String, tool_version: String, err: Int, warn: Int, info: Int
            var contracts: [String: Int], speaks: ContractID?
            /// Per contract, in the summary's order: distinct breaking changes and warnings.
            var sections: [Section]
            var results: [Entry], broken: [Broken]
        }
        let summary = DriftSummary(run, preferred: preferred)
        let all = run.results.filter { !$0.unreproducible && run.stale[$0.fixture] == nil }.flatMap(\.changes)
        let document = Document(
            base_url: baseURL, tool_version: ToolVersion.current,
            err: all.filter { $0.grade == .err }.count, warn: all.filter { $0.grade == .warn }.count,
            info: all.filter { $0.grade == .info }.count,
            contracts: Dictionary(uniqueKeysWithValues: summary.contracts.map { ($0.contract.rawValue, $0.breaking) }),
            speaks: summary.spokenContract,
            sections: summary.sections.map { Section(contract: $0.contract, breaking: $0.breaking, warnings: $0.warnings) },
            results: run.results.map { Entry(fixture: $0.fixture, endpoint: $0.endpoint, contract: $0.contract,
                                             auth: $0.auth.rawValue, recorded_status: $0.recordedStatus,
                                             live_status: $0.liveStatus, worst: $0.worst?.rawValue, problem: $0.problem,
                                             unreproducible: $0.unreproducible, not_asked: $0.notAsked,
                                             stale_place_id: run.stale[$0.fixture]?.placeID, changes: $0.changes) },
            broken: run.broken.map { Broken(fixture: $0.path, problem: $0.error.description) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }
}
