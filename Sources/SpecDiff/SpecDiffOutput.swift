import HarnessCore
import Foundation
import JUnitXML
import OpenAPIConformance

/// What `spec-diff` prints and writes: the terminal summary, a markdown changelog for a pull request or issue,
/// JUnit (one case per operation, failing on a breaking change) and JSON.
enum SpecDiffOutput {
    /// `1 breaking, 0 warnings, 2 info (3 changes at 56 places)`: distinct changes, each counted once.
    static func counts(_ run: SpecDiffRun) -> String {
        let groups = run.groups
        let breaking = run.count(.breaking), warnings = run.count(.warning), info = run.count(.info)
        let known = groups.filter { $0.known != nil }.count
        let places = run.changes.count
        return "\(breaking) breaking" + (known > 0 ? " (\(known) known)" : "")
            + ", \(warnings) warning\(warnings == 1 ? "" : "s"), \(info) info"
            + (places > groups.count ? " (\(groups.count) changes at \(places) places)" : "")
    }

    static func place(_ change: SpecChange) -> String {
        change.operation + (change.endpoint.map { " (\($0))" } ?? "")
    }

    /// `GET /places/search (place-search), GET /places/{fsq_place_id} (place-details) and 4 more`.
    static func operationList(_ operations: [String], shown: Int = 3) -> String {
        let head = operations.prefix(shown).joined(separator: ", ")
        return operations.count > shown ? "\(head) and \(operations.count - shown) more" : head
    }

    /// One line per change: a change at one place names its operation and pointer; one the document repeats names
    /// what changed once, with how many places and which operations, and the worst place's pointer.
    static func line(_ group: SpecChangeGroup) -> String {
        let worst = group.worst
        let consequence = worst.message.range(of: "; ").map { String(worst.message[$0.upperBound...]) }
        if group.places.count == 1 {
            return "\(place(worst)) \(worst.pointer): \(worst.message)"
        }
        let operations = group.operations
        return "\(group.subject) at \(group.places.count) places in \(operations.count) operation\(operations.count == 1 ? "" : "s") "
            + "(\(operationList(operations)))" + (consequence.map { "; at \(place(worst)): \($0)" } ?? "")
            + "; e.g. \(worst.pointer)"
    }

    static func summary(_ run: SpecDiffRun) -> String {
        let head = "spec-diff: \(run.old.source) → \(run.new.source), graded for contract \(run.contract)"
        guard !run.changes.isEmpty else { return head + ": no changes\n" }
        var text = head + ": " + counts(run) + "\n"
        let groups = run.groups
        for group in groups {
            let grade = group.known == nil ? group.grade.rawValue : "known"
            text += "  \(grade.padding(toLength: 8, withPad: " ", startingAt: 0)) \(line(group))"
                + (group.known.map { " [baseline: \($0)]" } ?? "") + "\n"
        }
        let failing = groups.filter(\.fails).count
        text += failing == 0 ? "spec-diff: nothing breaks the client\n" : "spec-diff: \(failing) breaking change\(failing == 1 ? "" : "s") for the client\n"
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
        let groups = run.groups
        for grade in SpecChange.Grade.allCases {
            let changes = groups.filter { $0.grade == grade }
            guard !changes.isEmpty else { continue }
            text += "\n## \(titles[grade]!) (\(changes.count))\n\n| Change | Places | Operations | e.g. |\n|---|---:|---|---|\n"
            for group in changes {
                let known = group.known.map { " *(known: \(cell($0)))*" } ?? ""
                let worst = group.worst
                let consequence = worst.message.range(of: "; ").map { "; at `\(place(worst))`: " + String(worst.message[$0.upperBound...]) } ?? ""
                let what = group.places.count == 1 ? worst.message : group.subject + consequence
                text += "| \(cell(what))\(known) | \(group.places.count) | \(cell(operationList(group.operations.map { "`\($0)`" }, shown: 6))) "
                    + "| `\(cell(worst.pointer))` |\n"
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
        /// Each change once, with its places.
        var groups: [SpecChangeGroup]
        var changes: [SpecChange]
    }

    static func json(_ run: SpecDiffRun) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let report = JSONReport(old: run.old.source, new: run.new.source, contract: run.contract.rawValue,
                                breaking: run.count(.breaking), warnings: run.count(.warning), info: run.count(.info),
                                failing: run.groups.filter(\.fails).count, groups: run.groups, changes: run.changes)
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
