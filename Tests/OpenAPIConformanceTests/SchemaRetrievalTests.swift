import FixtureFormat
import Foundation
@testable import OpenAPIConformance
import Testing

/// The compiler's retrieval hook: documents registered by URL resolve a `$ref` outside the document; without them
/// (as `--openapi` runs) that reference stays unchecked and is named.
@Suite struct SchemaRetrievalTests {
    static func document(_ schema: String) throws -> JSONValue {
        try JSONSpan.parse(Data("""
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
         "components": {"schemas": {"case": \(schema)}}}
        """.utf8))
    }

    static let remote = try! JSONSpan.parse(Data("""
        {"$id": "http://remote.test/real.json", "$defs": {"count": {"type": "integer", "maximum": 10}},
         "$anchor": "top", "properties": {"n": {"$ref": "#/$defs/count"}}}
        """.utf8))

    static func isValid(_ table: SchemaTable, _ body: String) throws -> Bool {
        var table = table
        let root = table.compile(at: JSONPointer(["components", "schemas", "case"]), name: "case")
        return InstanceValidator(table: table).isValid(try JSONSpan.parse(Data(body.utf8)), against: root)
    }

    @Test func aRegisteredDocumentIsFollowedByItsRetrievalURLItsIDAndItsAnchors() throws {
        let externals = ["http://remote.test/fetched-from.json": Self.remote]
        for reference in ["http://remote.test/fetched-from.json", "http://remote.test/real.json#top",
                          "http://remote.test/real.json#/$defs/count"] {
            let table = SchemaTable(document: try Self.document(#"{"$ref": "\#(reference)"}"#), dialect: .jsonSchema2020,
                                    externalDocuments: externals)
            let body = reference.hasSuffix("count") ? "11" : #"{"n": 11}"#
            #expect(try !Self.isValid(table, body), "\(reference): 11 breaks maximum 10 in the remote document")
            #expect(try Self.isValid(table, reference.hasSuffix("count") ? "3" : #"{"n": 3}"#), "\(reference)")
        }
    }

    @Test func withoutRegisteredDocumentsARemoteReferenceIsUncheckedAndNamed() throws {
        var table = SchemaTable(document: try Self.document(#"{"$ref": "http://remote.test/real.json"}"#), dialect: .jsonSchema2020)
        _ = table.compile(at: JSONPointer(["components", "schemas", "case"]), name: "case")
        let named = table.unchecked.keys.filter { $0.contains("http://remote.test/real.json") }
        #expect(named.count == 1, "unchecked: \(table.unchecked.keys.sorted())")
        #expect(try Self.isValid(table, #"{"n": 11}"#), "an unresolved reference passes only its own keyword, reported as unchecked")
    }
}
