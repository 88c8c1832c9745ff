import Foundation
import HarnessCore

/// GitHub workflow commands that put failing cases on the pull request's diff:
/// `::error file=Fixtures/…,line=3,col=7,title=…::message`.
package enum Annotations {
    /// GitHub shows at most 10 error annotations per step; more is noise.
    package static let defaultLimit = 10

    /// One `::error` line per problem, at most `limit`, then a `::notice` saying how many were left out.
    /// `workspace` (GitHub's checkout, else the current directory) makes `file=` relative, as GitHub needs it to
    /// find the file in the diff; a file outside it keeps its path.
    package static func lines(_ problems: [ProblemCase], problemCount: Int, limit: Int = defaultLimit, reportPath: String? = nil,
                             workspace: String? = nil) -> [String] {
        var lines: [String] = []
        for p in problems.prefix(limit) {
            var properties: [String] = []
            if let file = p.file {
                properties.append("file=" + escapeProperty(workspace.map { relative(file, to: $0) } ?? file))
                if let line = p.line {
                    properties.append("line=\(line)")
                    if let column = p.column { properties.append("col=\(column)") }
                }
            }
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

    /// The message once, then whatever the detail adds, cut to keep the annotation readable. Details often
    /// repeat the message as their first line; that copy is dropped.
    static func text(_ p: ProblemCase) -> String {
        let text: String
        if p.detail.isEmpty || p.message.contains(p.detail) {
            text = p.message
        } else if p.detail.contains(p.message) {
            text = p.detail
        } else {
            text = p.message + "\n" + p.detail
        }
        return text.count > 2_000 ? String(text.prefix(2_000)) + "…" : text
    }

    /// `file` relative to `workspace` when it lies inside it; a relative `file` is taken from the current directory.
    static func relative(_ file: String, to workspace: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current, isDirectory: true))
                .standardizedFileURL.resolvingSymlinksInPath().path
        }
        let root = resolved(workspace)
        let absolute = resolved(file)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : file
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
