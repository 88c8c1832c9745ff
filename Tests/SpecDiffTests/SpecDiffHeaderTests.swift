import FixtureFormat
import Foundation
import FoursquarePlaces
import OpenAPIConformance
@testable import SpecDiff
import Testing

/// A new version's document moves the version header: its `default` (and usually its `enum`) names the new date in
/// every operation. `spec-diff` says so once per kind of change, naming the header, the old and new values, and
/// the command that starts the version.
@Suite("spec-diff header changes")
struct SpecDiffHeaderTests {
    /// `tree` with `change` run on the schema of every header parameter named `name`, in every operation.
    static func editHeader(_ tree: JSONValue, named name: String = "X-Places-Api-Version", _ change: (inout [(key: String, value: JSONValue)]) -> Void) -> JSONValue {
        switch tree {
        case let .object(members):
            if case .string("header")? = tree.member("in"), case .string(name)? = tree.member("name") {
                return .object(members.map { member in
                    guard member.key == "schema", case var .object(schema) = member.value else { return member }
                    change(&schema)
                    return (member.key, .object(schema))
                })
            }
            return .object(members.map { ($0.key, editHeader($0.value, named: name, change)) })
        case let .array(items):
            return .array(items.map { editHeader($0, named: name, change) })
        default:
            return tree
        }
    }

    /// Sets `key` in a schema's members.
    static func set(_ key: String, _ value: JSONValue) -> (inout [(key: String, value: JSONValue)]) -> Void {
        { schema in
            schema.removeAll { $0.key == key }
            schema.append((key, value))
        }
    }

    /// The document of the trial's next version: the header's default is 2026-01-15, its enum lists both dates.
    static func nextVersion(_ tree: JSONValue) -> JSONValue {
        var new = editHeader(tree, set("default", .string("2026-01-15")))
        new = editHeader(new, set("enum", json(#"["2025-06-17", "2026-01-15"]"#)))
        return new
    }

    /// The operations of the document the 2025-06-17 registry calls: each repeats the header.
    static func calledOperations(_ tree: JSONValue) -> Int {
        let document = SpecDocument(tree: tree, source: "doc.json")
        return Contract.v20250617.endpoints.filter { document.operations[SpecDocument.key(method: $0.method, path: $0.pathTemplate)] != nil }.count
    }

    @Test("a default that moves to a new version is a warning naming the header, both values and new-contract.sh")
    func defaultMoves() throws {
        let old = try #require(CurrentDocument.tree)
        let changes = gradedChanges(old: old, new: Self.nextVersion(old))
        let moved = changes.filter { $0.kind == "header-default-changed" }
        #expect(moved.count == Self.calledOperations(old), "once per operation the client calls: \(moved.map(\.operation))")
        #expect(moved.allSatisfy { $0.grade == .warning && $0.pointer.hasSuffix("/schema/default") })
        let change = try #require(moved.first)
        #expect(change.subject == "header X-Places-Api-Version: default 2025-06-17 → 2026-01-15", "\(change.subject)")
        #expect(change.message.contains("the client sends 2025-06-17 (contract 2025-06-17)"), "\(change.message)")
        #expect(change.message.contains("run scripts/new-contract.sh 2025-06-17 2026-01-15 --document "), "\(change.message)")
        // The enum gaining the date is its own change, and info: the client's version is still listed.
        let listed = changes.filter { $0.kind == "header-enum-changed" }
        #expect(listed.count == moved.count && listed.allSatisfy { $0.grade == .info }, "\(listed.map { "\($0.grade) \($0.message)" })")
        #expect(listed.first?.subject == "header X-Places-Api-Version: enum 2025-06-17 → 2025-06-17|2026-01-15, added 2026-01-15",
                "\(listed.first?.subject ?? "none")")
        #expect(Set(changes.map(\.kind)) == ["header-default-changed", "header-enum-changed"], "\(Set(changes.map(\.kind)))")
    }

    @Test("the summary says each header change once: a head, two lines and a verdict")
    func summaryLines() throws {
        let old = try #require(CurrentDocument.tree)
        let new = Self.nextVersion(old)
        func document(_ tree: JSONValue, _ source: String) -> SpecDocument {
            var tree = tree
            _ = ShippedOverrides.forDocument(tree, contract: .v20250617)?.documentFixesOnly.apply(to: &tree)
            return SpecDocument(tree: tree, source: source)
        }
        let run = SpecDiffRun(old: document(old, "old.json"), new: document(new, "new.json"), contract: .v20250617,
                              changes: gradedChanges(old: old, new: new), notices: [], operations: [])
        let lines = SpecDiffOutput.summary(run).split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[0].contains("0 breaking, 1 warning, 1 info"), "\(lines[0])")
        #expect(lines[1].hasPrefix("  warning  header X-Places-Api-Version: default 2025-06-17 → 2026-01-15 at "), "\(lines[1])")
        #expect(lines[1].contains("scripts/new-contract.sh 2025-06-17 2026-01-15"), "\(lines[1])")
        #expect(lines[3] == "spec-diff: nothing breaks the client", "\(lines[3])")
    }

    @Test("an enum that drops the version the client sends is a warning, with the command for the one it lists")
    func enumDropsTheClientsVersion() throws {
        let old = try #require(CurrentDocument.tree)
        let new = Self.editHeader(old, Self.set("enum", json(#"["2026-01-15"]"#)))
        let changes = gradedChanges(old: old, new: new)
        #expect(!changes.isEmpty && changes.allSatisfy { $0.kind == "header-enum-changed" && $0.grade == .warning },
                "\(changes.map { "\($0.grade) \($0.kind)" })")
        let message = try #require(changes.first?.message)
        #expect(message.hasPrefix("header X-Places-Api-Version: enum 2025-06-17 → 2026-01-15, added 2026-01-15, removed 2025-06-17; "
            + "the document no longer lists 2025-06-17, which the client sends"), "\(message)")
        #expect(message.contains("scripts/new-contract.sh 2025-06-17 2026-01-15"), "\(message)")
    }

    @Test("a default that moves to the version the client sends is info; advice names --contract for a version the package has")
    func defaultMovesToAKnownVersion() throws {
        var old = try #require(CurrentDocument.tree)
        old = Self.editHeader(old, Self.set("default", .string("2024-01-01")))
        let changes = gradedChanges(old: old, new: try #require(CurrentDocument.tree))
        let change = try #require(changes.first { $0.kind == "header-default-changed" })
        // The client sends 2025-06-17, the new default: nothing to do.
        #expect(change.grade == .info && change.message.contains("the version the client sends"), "\(change.message)")
        #expect(!change.message.contains("new-contract.sh"))
        #expect(HeaderChange.advice(for: ["2025-06-17"], contract: .v20250617, document: "new.json").contains("--contract 2025-06-17"))
        #expect(HeaderChange.advice(for: ["2024-01-01"], contract: .v20250617, document: "new.json").isEmpty, "not later than the latest version: no scaffold")
    }

    @Test("another header's default is a warning (the client does not send it), its enum info")
    func otherHeader() throws {
        var old = try #require(CurrentDocument.tree)
        old.append(At.search + "/parameters", json(#"{"name": "X-Units", "in": "header", "schema": {"type": "string", "enum": ["metric"], "default": "metric"}}"#))
        var new = old
        new = Self.editHeader(new, named: "X-Units", Self.set("enum", json(#"["metric", "imperial"]"#)))
        new = Self.editHeader(new, named: "X-Units", Self.set("default", .string("imperial")))
        let changes = gradedChanges(old: old, new: new)
        let byKind = Dictionary(grouping: changes, by: \.kind)
        #expect(Set(byKind.keys) == ["header-enum-changed", "header-default-changed"], "\(changes.map(\.message))")
        #expect(byKind["header-default-changed"]?.map(\.grade) == [.warning])
        #expect(byKind["header-default-changed"]?.first?.message
            == "header X-Units: default metric → imperial; the client does not send it, so the server now assumes imperial")
        #expect(byKind["header-enum-changed"]?.map(\.grade) == [.info])
        #expect(byKind["header-enum-changed"]?.first?.endpoint == "place-search")
    }
}
