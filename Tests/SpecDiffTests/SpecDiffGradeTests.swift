import FixtureFormat
import Foundation
import FoursquarePlaces
import OpenAPIConformance
@testable import SpecDiff
import Testing
import TestSupport

/// Foursquare's 2025-06-17 document as the package carries it (`docs/openapi/`).
enum CurrentDocument {
    static let path = PackageDocuments.current.path

    /// The raw tree: the vendor's document, less its prose.
    static let tree: JSONValue? = try? DocumentFile.tree(at: path)
}

/// A JSON literal.
func json(_ text: String) -> JSONValue {
    try! JSONSpan.parse(Data(text.utf8))
}

extension JSONValue {
    /// Runs `change` on the node at `pointer` (nil: absent; set nil to remove it), as a vendor editing its document.
    mutating func edit(_ pointer: String, _ change: (inout JSONValue?) -> Void) {
        edit(JSONPointer(parsing: pointer).segments[...], change)
    }

    private mutating func edit(_ path: ArraySlice<String>, _ change: (inout JSONValue?) -> Void) {
        guard let head = path.first else { return }
        switch self {
        case var .object(members):
            let index = members.lastIndex { $0.key == head }
            var child: JSONValue? = index.map { members[$0].value }
            if path.count == 1 { change(&child) } else if child != nil { child!.edit(path.dropFirst(), change) }
            if let index { if let child { members[index].value = child } else { members.remove(at: index) } }
            else if let child { members.append((head, child)) }
            self = .object(members)
        case var .array(items):
            guard let index = Int(head), items.indices.contains(index) else { return }
            var child: JSONValue? = items[index]
            if path.count == 1 { change(&child) } else { child!.edit(path.dropFirst(), change) }
            if let child { items[index] = child } else { items.remove(at: index) }
            self = .array(items)
        default:
            return
        }
    }

    /// Sets `key` in the object at `pointer`.
    mutating func set(_ pointer: String, _ key: String, _ value: JSONValue) {
        edit(pointer) { node in
            guard case var .object(members)? = node else { return }
            members.removeAll { $0.key == key }
            members.append((key, value))
            node = .object(members)
        }
    }

    mutating func remove(_ pointer: String) { edit(pointer) { $0 = nil } }

    /// Appends `value` to the array at `pointer`.
    mutating func append(_ pointer: String, _ value: JSONValue) {
        edit(pointer) { node in
            guard case let .array(items)? = node else { return }
            node = .array(items + [value])
        }
    }

    /// Moves the member at `from` (a path item's key, or an operation's method) to `key` beside it.
    mutating func rename(_ parent: String, _ from: String, to key: String) {
        edit(parent) { node in
            guard case var .object(members)? = node, let index = members.firstIndex(where: { $0.key == from }) else { return }
            members[index].key = key
            node = .object(members)
        }
    }
}

/// The pointers the cases edit, in the raw document.
enum At {
    static let search = "/paths/~1places~1search/get"
    static let searchBody = search + "/responses/200/content/application~1json/schema"
    static let place = searchBody + "/properties/results/items"
    static let details = "/paths/~1places~1{fsq_place_id}/get"
    static let detailsBody = details + "/responses/200/content/application~1json/schema"
    static let tips = "/paths/~1places~1{fsq_place_id}~1tips"
    static let autocomplete = "/paths/~1autocomplete/get"
    static let suggestion = autocomplete + "/responses/200/content/application~1json/schema/properties/results/items"
}

/// One hand-made change to Foursquare's document and the grade the client gives it.
struct GradeCase: CustomTestStringConvertible, Sendable {
    let name: String
    let grade: SpecChange.Grade
    let kind: String
    /// A word the pointer of the graded change must contain.
    let pointer: String
    /// Applied to the old document too (a change between two edited copies).
    let before: (@Sendable (inout JSONValue) -> Void)?
    let edit: @Sendable (inout JSONValue) -> Void

    init(_ name: String, _ grade: SpecChange.Grade, _ kind: String, at pointer: String,
         before: (@Sendable (inout JSONValue) -> Void)? = nil, _ edit: @escaping @Sendable (inout JSONValue) -> Void) {
        self.name = name
        self.grade = grade
        self.kind = kind
        self.pointer = pointer
        self.before = before
        self.edit = edit
    }

    var testDescription: String { "\(name) → \(grade)" }
}

/// The changes between two edits of the real document, each patched with the shipped overrides' document fixes as `spec-diff` does.
func gradedChanges(old: JSONValue, new: JSONValue, contract: ContractID = .v20250617) -> [SpecChange] {
    func patched(_ tree: JSONValue) -> SpecDocument {
        var tree = tree
        _ = ShippedOverrides.forDocument(tree, contract: contract)?.documentFixesOnly.apply(to: &tree)
        return SpecDocument(tree: tree, source: "doc.json")
    }
    return SpecDiff.compare(old: patched(old), new: patched(new), contract: Contract.named(contract)!)
}

@Suite("spec-diff grades")
struct SpecDiffGradeTests {
    static let cases: [GradeCase] = [
        // Breaking: what the client does today stops working.
        GradeCase("place id removed from search", .breaking, "field-removed", at: "fsq_place_id") { $0.remove(At.place + "/properties/fsq_place_id") },
        GradeCase("place id removed from details", .breaking, "field-removed", at: "fsq_place_id") { $0.remove(At.detailsBody + "/properties/fsq_place_id") },
        GradeCase("tips operation removed", .breaking, "operation-removed", at: "tips") { $0.remove(At.tips) },
        GradeCase("tips path renamed", .breaking, "operation-moved", at: "tips") { $0.rename("/paths", "/places/{fsq_place_id}/tips", to: "/places/{fsq_place_id}/reviews") },
        GradeCase("search method changed to POST", .breaking, "operation-moved", at: "search") { $0.rename("/paths/~1places~1search", "get", to: "post") },
        GradeCase("new required search parameter", .breaking, "parameter-new-required", at: "parameters") {
            $0.append(At.search + "/parameters", json(#"{"name": "region", "in": "query", "required": true, "schema": {"type": "string"}}"#))
        },
        GradeCase("new required header", .breaking, "parameter-new-required", at: "parameters") {
            $0.append(At.search + "/parameters", json(#"{"name": "X-Tenant", "in": "header", "required": true, "schema": {"type": "string"}}"#))
        },
        GradeCase("search query made required", .breaking, "parameter-now-required", at: "required") { $0.set(At.search + "/parameters/0", "required", .bool(true)) },
        GradeCase("tips limit removed", .breaking, "parameter-removed", at: "parameters") { $0.remove(At.tips + "/get/parameters/1") },
        GradeCase("search limit maximum lowered below what the client sends", .breaking, "parameter-refuses", at: "schema") {
            $0.set(At.search + "/parameters/17/schema", "maximum", .number("20"))
        },
        GradeCase("sort enum loses DISTANCE", .breaking, "parameter-refuses", at: "schema") {
            $0.set(At.search + "/parameters/16/schema", "enum", json(#"["RELEVANCE", "RATING", "POPULARITY"]"#))
        },
        GradeCase("open_now typed integer", .breaking, "parameter-refuses", at: "schema") { $0.set(At.search + "/parameters/11/schema", "type", .string("integer")) },
        GradeCase("query gets a maxLength", .breaking, "parameter-refuses", at: "schema") { $0.set(At.search + "/parameters/0/schema", "maxLength", .number("10")) },
        GradeCase("distance made a string", .breaking, "field-type-changed", at: "distance") { $0.set(At.place + "/properties/distance", "type", .string("string")) },
        GradeCase("distance widened to number (an Int does not decode 1.5)", .breaking, "field-type-changed", at: "distance") {
            $0.set(At.place + "/properties/distance", "type", .string("number"))
        },
        GradeCase("rating made a string", .breaking, "field-type-changed", at: "rating") { $0.set(At.place + "/properties/rating", "type", .string("string")) },
        GradeCase("results made an object", .breaking, "field-type-changed", at: "results") { $0.set(At.searchBody + "/properties/results", "type", .string("object")) },
        GradeCase("place id made nullable", .breaking, "field-nullable", at: "fsq_place_id") { $0.set(At.place + "/properties/fsq_place_id", "nullable", .bool(true)) },
        GradeCase("place id no longer required", .breaking, "field-optional", at: "fsq_place_id",
                  before: { $0.set(At.place, "required", json(#"["fsq_place_id"]"#)) }) { $0.remove(At.place + "/required") },
        GradeCase("new unmapped error status", .breaking, "status-unmapped", at: "418") {
            $0.set(At.search + "/responses", "418", json(#"{"description": "teapot"}"#))
        },
        GradeCase("mapped 404 removed from details", .breaking, "status-removed", at: "404") { $0.remove(At.details + "/responses/404") },
        GradeCase("success body no longer JSON", .breaking, "body-removed", at: "200") {
            $0.set(At.details + "/responses/200", "content", json(#"{"text/plain": {"schema": {"type": "string"}}}"#))
        },
        // Warnings: decoding still works, an app may notice.
        GradeCase("distance removed (read as optional)", .warning, "field-removed", at: "distance") { $0.remove(At.place + "/properties/distance") },

        GradeCase("tel loses its type", .warning, "field-untyped", at: "tel") { $0.remove(At.place + "/properties/tel/type") },
        GradeCase("search deprecated", .warning, "operation-deprecated", at: "deprecated") { $0.set(At.search, "deprecated", .bool(true)) },
        GradeCase("search given a sunset date", .warning, "operation-sunset", at: "search") { $0.set(At.search, "x-sunset", .string("2026-12-31")) },
        GradeCase("fields parameter deprecated", .warning, "parameter-deprecated", at: "deprecated") { $0.set(At.search + "/parameters/7", "deprecated", .bool(true)) },
        GradeCase("autocomplete radius bounded above what the client sends", .warning, "parameter-bound-narrowed", at: "schema") {
            $0.set(At.autocomplete + "/parameters/2/schema", "maximum", .number("200000"))
        },
        GradeCase("new success status", .warning, "status-added", at: "203") { $0.set(At.search + "/responses", "203", json(#"{"description": "partial"}"#)) },
        GradeCase("version header default moves to a new version", .warning, "header-default-changed", at: "default") {
            $0 = SpecDiffHeaderTests.editHeader($0, SpecDiffHeaderTests.set("default", .string("2026-01-15")))
        },
        // Info: additions, and changes to what the client does not read.
        GradeCase("new optional field on a place", .info, "field-added", at: "vibe") { $0.set(At.place + "/properties", "vibe", json(#"{"type": "string"}"#)) },
        GradeCase("new enum value on a response string field", .info, "enum-value-added", at: "type",
                  before: { $0.set(At.suggestion + "/properties/type", "enum", json(#"["place", "search"]"#)) }) {
            $0.set(At.suggestion + "/properties/type", "enum", json(#"["place", "search", "geo"]"#))
        },
        GradeCase("enum listed on a response string field", .info, "enum-added", at: "type") {
            $0.set(At.suggestion + "/properties/type", "enum", json(#"["place", "search", "geo"]"#))
        },
        // Since issue 65 the models read every member; a member read as any JSON value (RawJSON) takes any type.
        GradeCase("optional JSON-value field removed", .warning, "field-removed", at: "plugins") { $0.remove(At.place + "/properties/plugins") },
        GradeCase("a field read as any JSON value changes type", .info, "field-type-changed", at: "plugins") {
            $0.set(At.place + "/properties/plugins", "type", .string("array"))
        },
        GradeCase("rating narrowed to integer (still decodes into a Double)", .info, "field-type-changed", at: "rating") {
            $0.set(At.place + "/properties/rating", "type", .string("integer"))
        },
        GradeCase("optional field made nullable", .info, "field-nullable", at: "name") { $0.set(At.place + "/properties/name", "nullable", .bool(true)) },
        GradeCase("new optional query parameter", .info, "parameter-added", at: "parameters") {
            $0.append(At.search + "/parameters", json(#"{"name": "vibe", "in": "query", "schema": {"type": "string"}}"#))
        },
        GradeCase("limit maximum raised", .info, "parameter-schema-changed", at: "schema") { $0.set(At.search + "/parameters/17/schema", "maximum", .number("100")) },
        GradeCase("sort enum gains a value", .info, "parameter-schema-changed", at: "schema") {
            $0.set(At.search + "/parameters/16/schema", "enum", json(#"["RELEVANCE", "RATING", "DISTANCE", "POPULARITY", "NEWEST"]"#))
        },
        GradeCase("new version header value listed", .info, "header-enum-changed", at: "enum") {
            $0 = SpecDiffHeaderTests.editHeader($0, SpecDiffHeaderTests.set("enum", json(#"["2025-06-17", "2026-01-15"]"#)))
        },
        GradeCase("new mapped error status", .info, "status-added", at: "429") { $0.set(At.search + "/responses", "429", json(#"{"description": "slow down"}"#)) },
        GradeCase("new operation", .info, "operation-added", at: "menu") {
            $0.set("/paths", "/places/{fsq_place_id}/menu", json(#"{"get": {"operationId": "place-menu", "responses": {"200": {"description": "ok"}}}}"#))
        },
        GradeCase("format of a read field changes", .info, "field-format-changed", at: "distance") { $0.set(At.place + "/properties/distance", "format", .string("int64")) },
    ]

    @Test("each single change gets its grade, naming the operation and pointer", arguments: cases)
    func grade(_ gradeCase: GradeCase) throws {
        var old = try #require(CurrentDocument.tree)
        gradeCase.before?(&old)
        var new = old
        gradeCase.edit(&new)
        let changes = gradedChanges(old: old, new: new)
        let graded = changes.filter { $0.kind == gradeCase.kind && $0.pointer.contains(gradeCase.pointer) }
        #expect(!graded.isEmpty, "no \(gradeCase.kind) at \(gradeCase.pointer) among \(changes.map { "\($0.grade) \($0.kind) \($0.pointer)" })")
        #expect(graded.allSatisfy { $0.grade == gradeCase.grade }, "\(graded.map { "\($0.grade) \($0.message)" })")
        // The case's own grade is the worst it causes: a single edit does not drag in worse ones.
        #expect(changes.map(\.grade).min() == gradeCase.grade, "\(changes.map { "\($0.grade) \($0.kind) \($0.pointer)" })")
        #expect(graded.allSatisfy { !$0.operation.isEmpty && $0.pointer.hasPrefix("#/paths/") })
    }

    @Test("the document against itself: no changes")
    func identical() throws {
        let tree = try #require(CurrentDocument.tree)
        #expect(gradedChanges(old: tree, new: tree).isEmpty)
    }

    @Test("breaking changes name the operation the client calls and its registry id")
    func breakingNamesEndpoint() throws {
        var new = try #require(CurrentDocument.tree)
        new.remove(At.place + "/properties/fsq_place_id")
        let change = try #require(gradedChanges(old: CurrentDocument.tree!, new: new).first { $0.grade == .breaking })
        #expect(change.operation == "GET /places/search")
        #expect(change.endpoint == "place-search")
        #expect(change.pointer == "#/paths/~1places~1search/get/responses/200/content/application~1json/schema/properties/results/items/properties/fsq_place_id")
        #expect(change.message.contains("$.results[*].fsq_place_id"))
    }

    @Test("a new enum value on a field the model reads as a string says it decodes, rather than cry wolf")
    func enumValueSaysWhy() throws {
        var old = try #require(CurrentDocument.tree)
        old.set(At.suggestion + "/properties/type", "enum", json(#"["place", "search"]"#))
        var new = old
        new.set(At.suggestion + "/properties/type", "enum", json(#"["place", "search", "geo"]"#))
        let change = try #require(gradedChanges(old: old, new: new).first { $0.kind == "enum-value-added" })
        #expect(change.grade == .info && change.endpoint == "autocomplete")
        #expect(change.message.contains("reads it as a required string, so new values decode"), "\(change.message)")
    }

    @Test("a declared departure reads the client's side: the cursor the overrides add is not a change")
    func overridesAppliedToBoth() throws {
        let tree = try #require(CurrentDocument.tree)
        var new = tree
        // The vendor documents the cursor itself: with the overrides on both sides nothing changes for the client.
        new.append(At.search + "/parameters", json(#"{"name": "cursor", "in": "query", "schema": {"type": "string"}}"#))
        #expect(gradedChanges(old: tree, new: new).filter { $0.grade != .info }.isEmpty)
    }
}
