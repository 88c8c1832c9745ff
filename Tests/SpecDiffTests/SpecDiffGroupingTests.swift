import FixtureFormat
import Foundation
import FoursquarePlaces
import OpenAPIConformance
@testable import SpecDiff
import Testing

/// `spec-diff` says each change once: a document that repeats the tip schema inline in every operation changes
/// `agree_count` at dozens of places, and that is one line naming the operations it touches, after the operations
/// added or removed (with their operationId).
@Suite("spec-diff grouping")
struct SpecDiffGroupingTests {
    /// Every `agree_count` typed `integer` made `number`, wherever the document repeats it.
    static func agreeCountAsNumber(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(members):
            return .object(members.map { member in
                if member.key == "agree_count", case let .object(schema) = member.value {
                    return (member.key, .object(schema.map { $0.key == "type" ? ("type", .string("number")) : $0 }))
                }
                return (member.key, agreeCountAsNumber(member.value))
            })
        case let .array(items):
            return .array(items.map(agreeCountAsNumber))
        default:
            return value
        }
    }

    /// The next document of the trial: tips' `agree_count` a number, a new optional `vibe` on search's places, and a
    /// new menu operation.
    static func nextDocument(_ tree: JSONValue) -> JSONValue {
        var new = agreeCountAsNumber(tree)
        new.set(At.place + "/properties", "vibe", json(#"{"type": "string"}"#))
        new.set("/paths", "/places/{fsq_place_id}/menu", json(#"{"get": {"operationId": "place-menu", "responses": {"200": {"description": "ok"}}}}"#))
        return new
    }

    func run(old: JSONValue, new: JSONValue) -> SpecDiffRun {
        func document(_ tree: JSONValue, _ source: String) -> SpecDocument {
            var tree = tree
            _ = ShippedOverrides.forDocument(tree, contract: .v20250617)?.documentFixesOnly.apply(to: &tree)
            return SpecDocument(tree: tree, source: source)
        }
        let changes = gradedChanges(old: old, new: new)
        return SpecDiffRun(old: document(old, "old.json"), new: document(new, "new.json"), contract: .v20250617, changes: changes,
                           notices: [], operations: [])
    }

    @Test("three changes are three lines, the new operation first with its operationId")
    func threeChangesThreeLines() throws {
        let old = try #require(CurrentDocument.tree)
        let run = run(old: old, new: Self.nextDocument(old))
        let agree = run.changes.filter { $0.subject.contains("agree_count") }
        #expect(agree.count > 10, "the document repeats the tip schema: \(agree.count) places")
        #expect(run.groups.count == 3, "\(run.groups.map(\.subject))")
        let lines = SpecDiffOutput.summary(run).split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "a head, three changes, a verdict: \(lines)")
        #expect(lines[1].contains("GET /places/{fsq_place_id}/menu #/paths/~1places~1{fsq_place_id}~1menu/get: new operation (operationId place-menu)"),
                "\(lines)")
        let agreeLines = lines.filter { $0.contains("agree_count") }
        #expect(agreeLines.count == 1, "\(lines)")
        let line = try #require(agreeLines.first)
        #expect(line.contains("agree_count: type integer → number at \(agree.count) places in "), "\(line)")
        // Since issue 65 every model holding a tip reads agree_count (a place's tips, an icon's tip …), so the line names
        // the first of them.
        #expect(line.contains("reads it as an optional integer, so the answer no longer decodes"), "\(line)")
        #expect(line.hasPrefix("  breaking"), "graded by its worst place: the models read it as an integer: \(line)")
        #expect(lines[0].hasSuffix("(3 changes at \(run.changes.count) places)"), "\(lines[0])")
        #expect(lines[0].contains("1 breaking, 0 warnings, 2 info"), "\(lines[0])")
        // The markdown says it once too, and the JSON keeps every place beside the groups.
        let markdown = SpecDiffOutput.markdown(run)
        #expect(markdown.split(separator: "\n").filter { $0.contains("agree_count") }.count == 1, "\(markdown)")
        let report = try JSONSerialization.jsonObject(with: SpecDiffOutput.json(run)) as? [String: Any]
        #expect((report?["groups"] as? [Any])?.count == 3 && (report?["changes"] as? [Any])?.count == run.changes.count)
    }

    @Test("two different changes to fields of one name stay two lines")
    func differentChangesStayApart() throws {
        let old = try #require(CurrentDocument.tree)
        var new = old
        new.set(At.place + "/properties/distance", "type", .string("string"))
        new.set(At.detailsBody + "/properties/distance", "type", .string("number"))
        let groups = run(old: old, new: new).groups
        #expect(groups.map(\.subject).sorted() == ["response field distance: type integer → number", "response field distance: type integer → string"],
                "\(groups.map(\.subject))")
    }
}
