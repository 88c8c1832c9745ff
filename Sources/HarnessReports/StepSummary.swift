import HarnessCore

/// The markdown a run appends to GitHub's job page (`$GITHUB_STEP_SUMMARY`): a headline, the failures
/// first with one-line reasons (capped), then the counts per endpoint.
package enum StepSummary {
    package static func markdown(
        title: String, suites: [SuiteCounts], problems: [ProblemCase], problemCount: Int,
        maxProblems: Int = 20, reportPath: String? = nil, warningCount: Int = 0
    ) -> String {
        let passed = suites.reduce(0) { $0 + $1.passed }
        let skipped = suites.reduce(0) { $0 + $1.skipped }
        var lines: [String] = []
        let verdict = problemCount == 0 ? "✅ \(passed) passed" : "❌ \(problemCount) failed, \(passed) passed"
        lines.append("### \(escape(title)): \(verdict)\(skipped > 0 ? ", \(skipped) skipped" : "")")
        lines.append("")
        if warningCount > 0 {
            lines.append("⚠️ \(warningCount) OpenAPI warning\(warningCount == 1 ? "" : "s") (not failures; each testcase's system-out lists them)")
            lines.append("")
        }
        if problemCount > 0 {
            for p in problems.prefix(maxProblems) {
                let kind = p.kind == .failure ? "FAIL" : "ERROR"
                lines.append("- **\(kind)** `\(code(p.name))`: \(escape(oneLine(p.message)))")
            }
            let shown = min(problems.count, maxProblems)
            if problemCount > shown {
                let whereMore = reportPath.map { " in `\(code($0))`" } ?? ""
                lines.append("- … and \(problemCount - shown) more\(whereMore)")
            }
            lines.append("")
        }
        lines.append("| endpoint | passed | failed | errors | skipped |")
        lines.append("|---|---:|---:|---:|---:|")
        for s in suites.sorted(by: { $0.problems > $1.problems }) {
            lines.append("| \(escape(s.name)) | \(s.passed) | \(s.failed) | \(s.errors) | \(s.skipped) |")
        }
        lines.append("")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line, at most 200 characters: the job page is a summary, the report has the rest.
    static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 200 ? String(flat.prefix(200)) + "…" : flat
    }

    /// Markdown and HTML that a message could carry (`<redacted>`, `|`, `*`) shown as text.
    static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "|", "#": out += "\\" + String(ch)
            default: out.append(ch)
            }
        }
        return out
    }

    /// Inside a code span only a backtick is special.
    static func code(_ text: String) -> String {
        oneLine(text).replacingBackticks()
    }
}

extension String {
    fileprivate func replacingBackticks() -> String {
        String(map { $0 == "`" ? "'" : $0 })
    }
}
