/// GitHub workflow commands that put failing cases on the pull request's diff:
/// `::error file=Fixtures/…,title=…::message`.
public enum Annotations {
    /// GitHub shows at most 10 error annotations per step; more is noise.
    public static let defaultLimit = 10

    /// One `::error` line per problem, at most `limit`, then a `::notice` saying how many were left out.
    public static func lines(_ problems: [ProblemCase], problemCount: Int, limit: Int = defaultLimit, reportPath: String? = nil) -> [String] {
        var lines: [String] = []
        for p in problems.prefix(limit) {
            var properties: [String] = []
            if let file = p.file { properties.append("file=" + escapeProperty(file)) }
            properties.append("title=" + escapeProperty(p.name))
            lines.append("::error \(properties.joined(separator: ","))::" + escapeData(text(p)))
        }
        let shown = min(problems.count, limit)
        if problemCount > shown {
            let whereMore = reportPath.map { " (see \($0))" } ?? ""
            lines.append("::notice::" + escapeData("\(problemCount - shown) more failing cases are not annotated\(whereMore)"))
        }
        return lines
    }

    /// The message, then the detail, cut to keep the annotation readable.
    static func text(_ p: ProblemCase) -> String {
        var text = p.message
        if !p.detail.isEmpty && p.detail != p.message { text += "\n" + p.detail }
        return text.count > 2_000 ? String(text.prefix(2_000)) + "…" : text
    }

    /// Workflow-command data: `%`, CR and LF are percent-encoded.
    static func escapeData(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Workflow-command property values: as data, plus `:` and `,`, which separate properties.
    static func escapeProperty(_ s: String) -> String {
        var out = ""
        for ch in escapeData(s).unicodeScalars {
            switch ch {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
