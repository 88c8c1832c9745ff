import Foundation
import HarnessCore
import HarnessRecord
import Testing
import TestSupport

/// The fields synthesis keeps come from the document and the answers, not from guesses: each is a property of
/// Foursquare's 2025-06-17 OpenAPI document or a key of a shipped answer, and every enum the document gives an
/// answer property is kept as a closed set.
@Suite
struct SynthesisFieldsTests {
    static let document = CurrentDocument.url

    /// Property names of the document's schemas, and those whose schema has an `enum`.
    static func documentProperties() throws -> (all: Set<String>, enums: Set<String>) {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: document))
        var all: Set<String> = [], enums: Set<String> = []
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    for (name, schema) in properties {
                        all.insert(name)
                        if let schema = schema as? [String: Any], schema["enum"] != nil { enums.insert(name) }
                    }
                }
                object.values.forEach(walk)
            } else if let array = node as? [Any] {
                array.forEach(walk)
            }
        }
        walk(root)
        return (all, enums)
    }

    /// Keys of the shipped corpus's 2xx answers (the seed contract has no OpenAPI document).
    static func answerKeys() throws -> Set<String> {
        var keys: Set<String> = []
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                keys.formUnion(object.keys)
                object.values.forEach(walk)
            } else if let array = node as? [Any] {
                array.forEach(walk)
            }
        }
        let folder = Products.packageRoot.appendingPathComponent("Fixtures")
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json", let data = try? Data(contentsOf: url),
                  let fixture = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let body = (fixture["response"] as? [String: Any])?["body"] else { continue }
            walk(body)
        }
        return keys
    }

    @Test func everyKeptFieldIsAFieldOfTheDocumentOrOfAShippedAnswer() throws {
        let known = try Self.documentProperties().all.union(Self.answerKeys())
        let named = SynthesisFields.ids.union(SynthesisFields.closedSets).union(SynthesisFields.apiText)
            .union(SynthesisFields.placeNumbers.keys)
        #expect(named.subtracting(known).sorted() == [])
    }

    @Test func everyEnumOfTheDocumentIsKeptAsAClosedSet() throws {
        let enums = try Self.documentProperties().enums
        #expect(!enums.isEmpty)
        for name in enums { #expect(SynthesisFields.keptReason(name) == .closedSet, "\(name)") }
    }

    @Test func theGuideTableListsEveryKeptStringField() {
        let table = SynthesisFields.keptTable
        #expect(Set(table.map(\.field)) == SynthesisFields.ids.union(SynthesisFields.closedSets).union(SynthesisFields.apiText)
            .union(Redactor.secretFields))
        #expect(table.contains { $0.field == "fsq_place_id" && $0.reason == .id })
    }
}

/// Foursquare's 2025-06-17 OpenAPI document, as the package carries it (`docs/openapi/`).
enum CurrentDocument {
    static let url = PackageDocuments.current
}
