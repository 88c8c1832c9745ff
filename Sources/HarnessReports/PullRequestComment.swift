import Foundation
import FoursquarePlaces
import HarnessCore

/// The body of a pull-request comment: what the step summary shows (the verdict, the failures, the counts per
/// endpoint; for drift its changelog's headline and changes), trimmed to what GitHub takes, with a link to the HTML
/// report.
package enum PullRequestComment {
    /// The most characters GitHub takes in a comment body.
    package static let maxCharacters = 65_536

    /// The markdown, at most `limit` characters; `link` is where the HTML report can be read (the run's artifacts).
    package static func markdown(_ report: HumanReport, link: String?, limit: Int = maxCharacters, key: APIKey? = nil) -> String {
        let redactor = key.map { Redactor(key: $0) }
        let report = redactor.map(report.redacted) ?? report
        var suites: [String: SuiteCounts] = [:]
        for c in report.cases {
            var s = suites[c.suite] ?? SuiteCounts(name: c.suite)
            switch c.outcome {
            case .passed: s.passed += 1
            case .failed: s.failed += 1
            case .error: s.errors += 1
            case .skipped: s.skipped += 1
            }
            suites[c.suite] = s
        }
        let problems = report.problems
        let shown = problems.prefix(50).map { c in
            ProblemCase(kind: c.outcome == .error ? .error : .failure, name: c.name, file: c.fixture, message: c.message)
        }
        var body = StepSummary.markdown(
            title: report.title, suites: SuiteOrder.of(suites.keys).compactMap { suites[$0] }, problems: shown,
            problemCount: problems.count, maxProblems: 50, reportPath: report.junitPath)
        if let drift = report.drift {
            var lines = ["#### Drift", "", StepSummary.escape(drift.headline), ""]
            for change in drift.changes where change.level != .info {
                lines.append("- **\(change.level.rawValue)** `\(StepSummary.code(change.field))` \(StepSummary.escape(change.kind)): "
                             + StepSummary.escape(StepSummary.oneLine(change.phrase)))
            }
            if !drift.stale.isEmpty { lines.append("- \(drift.stale.count) stale fixture\(drift.stale.count == 1 ? "" : "s")") }
            body += lines.joined(separator: "\n") + "\n"
        }
        let footer = "\n" + (link.map { "📄 [Full HTML report](\($0)) (coverage matrix, each failure's request, expected and actual, and how to reproduce it)" }
            ?? "📄 Full HTML report: see the run's artifacts") + "\n"
        // Every value was redacted before it was escaped; this pass only catches a form no field showed.
        if let redactor { body = redactor.text(body) }
        return trim(body, footer: footer, limit: limit)
    }

    /// `body` then `footer`, within `limit` characters: whole lines are dropped from the end of the body, and a line
    /// says so.
    static func trim(_ body: String, footer: String, limit: Int) -> String {
        if body.count + footer.count <= limit { return body + footer }
        let note = "\n… trimmed to fit a comment; the HTML report has everything.\n"
        let budget = max(0, limit - footer.count - note.count)
        var kept = ""
        var count = 0
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let length = line.count + 1
            if count + length > budget { break }
            kept += line + "\n"
            count += length
        }
        return kept + note + footer
    }
}
