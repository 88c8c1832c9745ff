import Foundation
import FoursquarePlaces
import HarnessCore

/// One self-contained HTML file per run: the coverage matrix, each failure with what to send again, drift as a
/// changelog, and the run's timing. No script, style, font or image comes from outside the file (its
/// Content-Security-Policy forbids any request), and it reads the same with JavaScript off; the script only adds a
/// filter over the failures.
package struct HTMLReport: Sendable {
    /// What the document shows.
    package var report: HumanReport
    /// Failures shown in full; the rest are counted, and the JUnit report has them all.
    package var maxFailures = 500

    /// A document for `report`, showing at most `maxFailures` failures in full.
    package init(_ report: HumanReport, maxFailures: Int = 500) {
        self.report = report
        self.maxFailures = maxFailures
    }

    /// Writes the document atomically to `path`, creating its folder; the key, when given, is redacted from every byte.
    package func write(to path: String, key: APIKey? = nil) throws {
        let redactor = key.map { Redactor(key: $0) }
        var html = redactor.map { HTMLReport(report.redacted($0), maxFailures: maxFailures).render() } ?? render()
        // Every value was redacted before it was escaped; this pass only catches a form no field showed.
        if let redactor { html = redactor.text(html) }
        try HumanReportFile.write(Data(html.utf8), to: path)
    }

    /// The document.
    package func render() -> String {
        let matrix = CoverageMatrix(report)
        let totals = report.totals
        var h = HTMLText(capacity: 64 * 1024 + report.cases.count * 8)
        h.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        h.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">")
        h.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        h.element("title", report.title)
        h.raw("<style>")
        h.raw(Self.style)
        h.raw("</style></head><body>")
        header(&h, totals: totals, matrix: matrix)
        matrixSection(&h, matrix)
        failures(&h)
        if let drift = report.drift { changelog(&h, drift) }
        timing(&h)
        h.raw("<footer>Written by fsq-contract ")
        h.text(report.toolVersion)
        h.raw(". The counts equal the JUnit report's; this page makes no request.</footer>")
        h.raw("<script>")
        h.raw(Self.script)
        h.raw("</script></body></html>\n")
        return h.html
    }

    private func header(_ h: inout HTMLText, totals: [HumanReport.Outcome: Int], matrix: CoverageMatrix) {
        let (style, verdict) = Self.verdict(totals)
        h.open("header", [("class", style)])
        h.element("h1", report.title)
        h.open("p", [("id", "verdict")])
        h.text(verdict)
        h.close("p")
        h.open("table", [("id", "totals"), ("data-tests", String(report.cases.count))])
        h.raw("<tr><th>tests</th><th>passed</th><th>failed</th><th>errors</th><th>skipped</th></tr><tr>")
        h.element("td", String(report.cases.count), [("data-count", "tests")])
        for (outcome, label) in [(HumanReport.Outcome.passed, "passed"), (.failed, "failed"), (.error, "errors"), (.skipped, "skipped")] {
            h.element("td", String(totals[outcome] ?? 0), [("data-count", label)])
        }
        h.raw("</tr></table><dl class=\"meta\">")
        let facts: [(String, String)] = [
            ("mode", report.mode), ("JUnit report", report.junitPath), ("fixtures", report.fixturesFolder),
            ("base URL", report.baseURL ?? "replay (in-process)"),
            ("started", ISO8601DateFormatter().string(from: report.started)),
            ("took", String(format: "%.2f s", report.finished.timeIntervalSince(report.started))),
        ]
        for (name, value) in facts {
            h.element("dt", name)
            h.element("dd", value)
        }
        h.raw("</dl><nav><a href=\"#matrix\">Coverage</a> · <a href=\"#failures\">Failures</a>")
        if report.drift != nil { h.raw(" · <a href=\"#drift\">Drift</a>") }
        h.raw(" · <a href=\"#timing\">Timing</a></nav></header>")
    }

    private func matrixSection(_ h: inout HTMLText, _ matrix: CoverageMatrix) {
        h.raw("<section id=\"matrix\"><h2>Coverage: operations × statuses</h2>")
        h.raw("""
            <p class="legend"><span class="cell pass">✓ passed</span> <span class="cell fail">✗ failed or error</span> \
            <span class="cell skip">⊘ skipped</span> <span class="cell none">· not covered</span> \
            Each number counts testcases (fixture × auth style × check), as the JUnit report does.</p>
            """)
        var notProvoked: [(String, String)] = []
        for table in matrix.tables {
            h.open("table", [("class", "matrix"), ("data-contract", table.contract), ("data-auth", table.auth)])
            h.raw("<caption>")
            h.text("contract \(table.contract), auth \(table.auth == CoverageMatrix.anyAuth ? "any (checks run once per fixture)" : table.auth)")
            h.raw("</caption><thead><tr><th scope=\"col\">operation</th>")
            for column in table.columns { h.element("th", column, [("scope", "col")]) }
            h.raw("</tr></thead><tbody>")
            for row in table.rows {
                h.raw("<tr>")
                h.element("th", row, [("scope", "row")])
                for column in table.columns {
                    guard let c = table.counts(row, column), c.total > 0 else {
                        h.raw("<td class=\"cell none\" title=\"not covered: no fixture\">·</td>")
                        continue
                    }
                    let state = c.failed + c.errors > 0 ? "fail" : c.passed > 0 ? "pass" : "skip"
                    var attributes: [(StaticString, String)] = [
                        ("class", "cell \(state)"), ("data-passed", String(c.passed)), ("data-failed", String(c.failed)),
                        ("data-errors", String(c.errors)), ("data-skipped", String(c.skipped)),
                    ]
                    if !c.skipReasons.isEmpty {
                        attributes.append(("title", c.skipReasons.joined(separator: "\n")))
                        if c.passed + c.failed + c.errors == 0 { notProvoked.append(("\(table.contract) \(table.auth) \(row) \(column)", c.skipReasons[0])) }
                    }
                    h.open("td", attributes)
                    var parts: [String] = []
                    if c.passed > 0 { parts.append("\(c.passed) ✓") }
                    if c.failed + c.errors > 0 { parts.append("\(c.failed + c.errors) ✗") }
                    if c.skipped > 0 { parts.append("\(c.skipped) ⊘") }
                    h.text(parts.joined(separator: " "))
                    h.close("td")
                }
                h.raw("</tr>")
            }
            h.raw("</tbody></table>")
        }
        if matrix.unplaced.total > 0 {
            let u = matrix.unplaced
            h.open("p", [("id", "unplaced"), ("data-passed", String(u.passed)), ("data-failed", String(u.failed)),
                         ("data-errors", String(u.errors)), ("data-skipped", String(u.skipped))])
            h.text("\(u.total) case\(u.total == 1 ? "" : "s") belong to no cell (a file that did not load, a crashed worker): "
                   + "\(u.failed + u.errors) failed, \(u.skipped) skipped, \(u.passed) passed.")
            h.close("p")
        }
        if !notProvoked.isEmpty {
            h.raw("<h3>Statuses not provoked, and why</h3><ul class=\"notprovoked\">")
            for (cell, reason) in notProvoked.prefix(200) {
                h.open("li")
                h.element("code", cell)
                h.text(": \(reason)")
                h.close("li")
            }
            h.raw("</ul>")
        }
        h.raw("</section>")
    }

    private func failures(_ h: inout HTMLText) {
        let problems = report.problems
        h.raw("<section id=\"failures\"><h2>Failures</h2>")
        if problems.isEmpty {
            h.raw("<p class=\"none\">No case failed.</p></section>")
            return
        }
        h.raw("<p id=\"filter\" hidden><label>Filter failures <input id=\"filter-input\" type=\"search\" placeholder=\"endpoint, check, text\"></label></p>")
        for (index, c) in problems.prefix(maxFailures).enumerated() {
            failure(&h, c, index: index)
        }
        if problems.count > maxFailures {
            h.open("p", [("class", "more")])
            h.text("… and \(problems.count - maxFailures) more failures in \(report.junitPath).")
            h.close("p")
        }
        h.raw("</section>")
    }

    private func failure(_ h: inout HTMLText, _ c: HumanReport.Case, index: Int) {
        let facts = report.facts[c.fixture]
        h.open("article", [("class", "failure"), ("id", "failure-\(index + 1)"), ("data-check", c.check)])
        h.open("h3")
        h.element("span", c.outcome == .error ? "ERROR" : "FAIL", [("class", "badge")])
        h.raw(" ")
        h.element("code", c.name)
        h.close("h3")
        h.raw("<dl>")
        h.element("dt", "check")
        h.element("dd", c.check)
        h.element("dt", "fixture")
        h.open("dd")
        h.element("code", (report.fixturesFolder as NSString).appendingPathComponent(c.fixture))
        h.close("dd")
        h.element("dt", "message")
        h.element("dd", c.message)
        h.raw("</dl><div class=\"sbs\"><div><h4>Expected (the fixture)</h4>")
        if let facts {
            var request = "\(facts.method) \(facts.path)"
            if !facts.query.isEmpty { request += "?" + facts.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&") }
            h.element("pre", request + "\nHTTP \(facts.status)" + (facts.expectedError.map { " → the client throws \($0)" } ?? " → the client decodes the body"))
            let auth = c.auth ?? facts.contract.contract?.authStyles.first
            if let auth {
                h.raw("<table class=\"headers\"><caption>request headers (")
                h.text(auth.rawValue)
                h.raw(")</caption>")
                for (name, value) in ReproduceCommand.headers(auth: auth, apiVersion: facts.contract.contract?.apiVersion ?? report.apiVersion) {
                    h.raw("<tr>")
                    h.element("th", name)
                    h.element("td", value)
                    h.raw("</tr>")
                }
                h.raw("</table>")
            }
            if !facts.responseHeaders.isEmpty {
                h.raw("<table class=\"headers\"><caption>recorded response headers</caption>")
                for (name, value) in facts.responseHeaders.sorted(by: { $0.key < $1.key }) {
                    h.raw("<tr>")
                    h.element("th", name)
                    h.element("td", value)
                    h.raw("</tr>")
                }
                h.raw("</table>")
            }
            if let body = facts.body { h.element("pre", body, [("class", "body")]) }
        } else {
            h.raw("<p>No fixture was read for this case.</p>")
        }
        h.raw("</div><div><h4>Actual</h4>")
        diff(&h, c.detail.isEmpty ? c.message : c.detail)
        h.raw("</div></div><h4>Reproduce</h4>")
        if let facts {
            h.element("pre", ReproduceCommand.curl(facts, auth: c.auth, baseURL: report.baseURL, apiVersion: report.apiVersion), [("class", "cmd")])
        }
        h.element("pre", ReproduceCommand.rerun(mode: report.mode, fixture: c.fixture, auth: c.auth, fixturesFolder: report.fixturesFolder,
                                                baseURL: report.baseURL), [("class", "cmd")])
        h.raw("</article>")
    }

    /// The check's detail, a line each; lines that say what was expected, what was got, or how a field changed
    /// (drift's `$.path: removed …`) are marked, so the difference stands out.
    private func diff(_ h: inout HTMLText, _ detail: String) {
        h.raw("<pre class=\"detail\">")
        for line in detail.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = String(line)
            let kind = text.hasPrefix("$") || text.contains(": removed") || text.contains(": added") ? "field"
                : text.contains("expected") ? "exp" : text.contains("got ") || text.contains("threw") || text.contains("sent") ? "act" : ""
            if kind.isEmpty {
                h.text(text)
            } else {
                h.open("span", [("class", kind)])
                h.text(text)
                h.close("span")
            }
            h.raw("\n")
        }
        h.raw("</pre>")
    }

    private func changelog(_ h: inout HTMLText, _ drift: DriftChangelog) {
        h.raw("<section id=\"drift\"><h2>Drift changelog</h2>")
        h.element("p", drift.headline, [("class", "headline")])
        for level in DriftChangelog.Level.allCases {
            let changes = drift.changes.filter { $0.level == level }
            h.open("h3", [("class", "level \(level.rawValue)")])
            h.text("\(level.rawValue) (\(changes.count))")
            h.close("h3")
            guard !changes.isEmpty else { continue }
            h.open("ul", [("class", "changes \(level.rawValue)")])
            for change in changes.prefix(500) {
                h.raw("<li>")
                h.element("code", change.field)
                h.text(" \(change.kind): \(change.phrase) (\(change.calls) call\(change.calls == 1 ? "" : "s"))")
                if !change.endpoints.isEmpty { h.text("; endpoints: \(change.endpoints.joined(separator: ", "))") }
                if !change.fixtures.isEmpty {
                    h.raw("<br>fixtures: ")
                    for (i, fixture) in change.fixtures.prefix(20).enumerated() {
                        if i > 0 { h.raw(", ") }
                        h.element("code", fixture)
                    }
                    if change.fixtures.count > 20 { h.text(" … \(change.fixtures.count - 20) more") }
                }
                h.raw("</li>")
            }
            h.raw("</ul>")
        }
        h.raw("<h3>Stale fixtures</h3>")
        if drift.stale.isEmpty {
            h.raw("<p>None: every recorded place still answers.</p>")
        } else {
            h.raw("<ul class=\"stale\">")
            for stale in drift.stale {
                h.raw("<li>")
                h.element("code", stale.fixture)
                h.text(": place id \(stale.placeID) answers 404 while \(stale.endpoint) answers others. Re-record: ")
                h.element("code", stale.rerecordCommand)
                h.raw("</li>")
            }
            h.raw("</ul>")
        }
        h.raw("<h3>Baseline</h3>")
        if let path = drift.baselinePath {
            h.raw("<table class=\"baseline\"><tr><th>finding</th><th>reason</th><th>expires</th><th>this run</th></tr>")
            for entry in drift.baseline {
                h.open("tr", [("class", entry.standing == .expired ? "expired" : "")])
                h.element("td", entry.fingerprint)
                h.element("td", entry.reason)
                h.element("td", entry.expires)
                h.element("td", entry.standing.rawValue)
                h.raw("</tr>")
            }
            h.raw("</table>")
            h.open("p")
            h.text("from \(path)")
            h.close("p")
        } else {
            h.raw("<p>No baseline was given.</p>")
        }
        h.raw("</section>")
    }

    private func timing(_ h: inout HTMLText) {
        h.raw("<section id=\"timing\"><h2>Timing</h2>")
        if !report.phases.isEmpty {
            h.raw("<table class=\"phases\"><tr><th>phase</th><th>seconds</th></tr>")
            for phase in report.phases {
                h.raw("<tr>")
                h.element("td", phase.name)
                h.element("td", String(format: "%.3f", phase.seconds))
                h.raw("</tr>")
            }
            h.raw("</table>")
        }
        if let calls = report.callsLine { h.element("p", calls, [("id", "calls")]) }
        if report.mode != "replay" {
            let slowest = report.slowest()
            if !slowest.isEmpty {
                h.raw("<h3>Slowest calls</h3><table class=\"slowest\"><tr><th>case</th><th>seconds</th></tr>")
                for c in slowest {
                    h.raw("<tr>")
                    h.element("td", c.name)
                    h.element("td", String(format: "%.3f", c.seconds))
                    h.raw("</tr>")
                }
                h.raw("</table>")
            }
        }
        h.raw("</section>")
    }

    /// The header's class and line: green only when something passed and nothing failed; a run that checked
    /// nothing (every case skipped, or no case) is neither green nor red.
    static func verdict(_ totals: [HumanReport.Outcome: Int]) -> (style: String, line: String) {
        let problems = (totals[.failed] ?? 0) + (totals[.error] ?? 0)
        if problems > 0 { return ("bad", "\(problems) case\(problems == 1 ? "" : "s") failed") }
        let passed = totals[.passed] ?? 0
        if passed > 0 { return ("ok", "All checks passed") }
        return ("unchecked", "0 passed, \(totals[.skipped] ?? 0) skipped: nothing was checked")
    }

    static let style: StaticString = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:0 16px;color:#1b1f24;background:#fff}
        header{border-bottom:4px solid #2da44e;margin-bottom:12px}header.bad{border-color:#cf222e}header.unchecked{border-color:#bf8700}
        h1{font-size:22px;margin:12px 0 4px}#verdict{font-weight:600;font-size:16px}
        table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d0d7de;padding:2px 6px;text-align:left;vertical-align:top}
        .matrix td{text-align:center;min-width:44px;white-space:nowrap}caption{text-align:left;font-weight:600;padding:4px 0}
        .cell.pass{background:#dafbe1}.cell.fail{background:#ffebe9;font-weight:600}.cell.skip{background:#fff8c5}.cell.none{color:#8c959f}
        .legend .cell{padding:1px 6px;border:1px solid #d0d7de}
        dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:0 12px}dl.meta dt{font-weight:600}dl.meta dd{margin:0}
        article.failure{border:1px solid #d0d7de;border-left:4px solid #cf222e;padding:4px 12px;margin:12px 0}
        .badge{background:#cf222e;color:#fff;border-radius:3px;padding:0 6px;font-size:12px}
        .sbs{display:grid;grid-template-columns:1fr 1fr;gap:12px}.sbs>div{min-width:0}
        pre{background:#f6f8fa;padding:6px;overflow:auto;white-space:pre-wrap;word-break:break-word}
        pre .exp{color:#0550ae}pre .act{color:#cf222e}pre .field{background:#fff8c5}
        pre.cmd{background:#1b1f24;color:#f6f8fa}
        .level.breaking{color:#cf222e}.level.warning{color:#9a6700}.level.info{color:#0550ae}tr.expired td{background:#ffebe9}
        footer{color:#57606a;margin:24px 0;font-size:12px}
        """

    /// With JavaScript on: a filter over the failures. Nothing else depends on it.
    static let script: StaticString = """
        (function(){var p=document.getElementById('filter');if(!p)return;p.hidden=false;
        var input=document.getElementById('filter-input');var items=document.querySelectorAll('article.failure');
        input.addEventListener('input',function(){var q=input.value.toLowerCase();
        for(var i=0;i<items.length;i++){items[i].hidden=q!==''&&items[i].textContent.toLowerCase().indexOf(q)<0;}});})();
        """
}

/// Writing a human report's file: its folder made, the file replaced atomically, as the JUnit report is.
package enum HumanReportFile {
    /// Writes `data` to `path`.
    package static func write(_ data: Data, to path: String) throws {
        try AtomicFile.write(data, to: URL(fileURLWithPath: path))
    }
}
