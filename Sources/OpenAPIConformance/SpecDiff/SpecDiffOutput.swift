import HarnessCore
import Foundation
import JUnitXML

/// What `spec-diff` prints and writes: the terminal summary, a markdown changelog for a pull request or issue,
/// JUnit (one case per operation, failing on a breaking change) and JSON.
enum SpecDiffOutput {
    static func counts(_ run: SpecDiffRun) -> String {
        let breaking = run.count(.breaking), warnings = run.count(.warning), info = run.count(.info)
        let known = run.changes.filter { $0.known != nil }.count
        return "\(breaking) breaking" + (known > 0 ? " (\(known) known)" : "")
            + ", \(warnings) warning\(warnings == 1 ? "" : "s"), \(info) info"
    }

    static func place(_ change: SpecChange) -> String {
        change.operation + (change.endpoint.map { " (\($0))" } ?? "")
    }

    static func summary(_ run: SpecDiffRun) -> String {
        let head = "spec-diff: \(run.old.source) → \(run.new.source), graded for contract \(run.contract)"
        guard !run.changes.isEmpty else { return head + ": no changes\n" }
        var text = head + ": " + counts(run) + "\n"
        for change in run.changes.sorted(by: { ($0.grade, $0.operation, $0.pointer) < ($1.grade, $1.operation, $1.pointer) }) {
            let grade = change.known == nil ? change.grade.rawValue : "known"
            text += "  \(grade.padding(toLength: 8, withPad: " ", startingAt: 0)) \(place(change)) \(change.pointer): \(change.message)"
                + (change.known.map { " [baseline: \($0)]" } ?? "") + "\n"
        }
        text += run.failing.isEmpty ? "spec-diff: nothing breaks the client\n" : "spec-diff: \(run.failing.count) breaking change\(run.failing.count == 1 ? "" : "s") for the client\n"
        return text
    }

    /// A table cell: pipes escaped, one line.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    static func markdown(_ run: SpecDiffRun) -> String {
        var text = "# API document changes for the client\n\n"
        text += "`\(run.old.source)` (version \(run.old.version)) → `\(run.new.source)` (version \(run.new.version)), graded for contract \(run.contract).\n\n"
        guard !run.changes.isEmpty else { return text + "No changes.\n" }
        text += "**\(counts(run)).**\n"
        let titles: [SpecChange.Grade: String] = [
            .breaking: "Breaking: the client can no longer do this, or no longer decodes what the document allows",
            .warning: "Warnings: an app may rely on this; decoding still works",
            .info: "Info: additions the client does not use yet, and changes to what it does not read",
        ]
        for grade in SpecChange.Grade.allCases {
            let changes = run.changes.filter { $0.grade == grade }
            guard !changes.isEmpty else { continue }
            text += "\n## \(titles[grade]!) (\(changes.count))\n\n| Operation | Where | Change |\n|---|---|---|\n"
            for change in changes {
                let known = change.known.map { " *(known: \(cell($0)))*" } ?? ""
                text += "| `\(cell(place(change)))` | `\(cell(change.pointer))` | \(cell(change.message))\(known) |\n"
            }
        }
        if !run.notices.isEmpty {
            text += "\n## Notes\n\n" + run.notices.map { "- \(cell($0))\n" }.joined()
        }
        return text
    }

    struct JSONReport: Codable {
        var old: String
        var new: String
        var contract: String
        var breaking: Int
        var warnings: Int
        var info: Int
        var failing: Int
        var changes: [SpecChange]
    }

    static func json(_ run: SpecDiffRun) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let report = JSONReport(old: run.old.source, new: run.new.source, contract: run.contract.rawValue,
                                breaking: run.count(.breaking), warnings: run.count(.warning), info: run.count(.info),
                                failing: run.failing.count, changes: run.changes)
        return try encoder.encode(report) + Data("\n".utf8)
    }

    /// One case per operation either document describes, failing when it has a breaking change not in the baseline.
    static func junit(_ run: SpecDiffRun) -> TestReport {
        let byOperation = Dictionary(grouping: run.changes, by: \.operation)
        let cases = run.operations.map { operation, endpoint -> TestCase in
            let changes = byOperation[operation] ?? []
            let endpoint = endpoint.map { " (\($0))" } ?? ""
            let lines = changes.map { "\($0.known == nil ? $0.grade.rawValue : "known"): \($0.pointer): \($0.message)" }
            let failing = changes.filter(\.fails)
            var testCase = TestCase(name: operation + endpoint, classname: "spec-diff.\(run.contract)")
            if !failing.isEmpty {
                testCase.outcome = .failure(TestProblem(
                    message: "\(failing.count) breaking change\(failing.count == 1 ? "" : "s"): \(failing[0].message)",
                    type: "breaking", text: lines.joined(separator: "\n")))
            } else if !lines.isEmpty {
                testCase.systemOut = lines.joined(separator: "\n")
            }
            return testCase
        }
        let suite = TestSuite(name: "spec-diff \(run.contract)",
                              properties: [Property(name: "old", value: run.old.source), Property(name: "new", value: run.new.source)],
                              testCases: cases)
        return TestReport(name: "fsq-contract spec-diff", suites: [suite])
    }
}
