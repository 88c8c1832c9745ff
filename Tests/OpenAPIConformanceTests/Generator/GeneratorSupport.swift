import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
@testable import OpenAPIConformance
import TestSupport

/// Foursquare's 2025-06-17 document as the package carries it (`docs/openapi/`), compiled with the shipped
/// overrides or with the ones a test gives.
enum GeneratorDocument {
    static let path = PackageDocuments.current.path

    static let shippedOverrides = Products.packageRoot.appendingPathComponent("Sources/OpenAPIConformance/Overrides/overrides-20250617.json")

    static func compiled(overrides: String? = nil) throws -> CompiledDocument {
        let loaded = try OpenAPIDocumentLoader().load(
            documents: [DocumentArgument(contract: nil, path: path)],
            overrides: overrides.map { [DocumentArgument(contract: .v20250617, path: $0)] } ?? [])
        return (loaded.oracle as! OpenAPIOracle).documents[.v20250617]!
    }

    /// The shipped overrides without the entries `drop` says to leave out, written to `folder`.
    static func overrides(without drop: (String) -> Bool, in folder: URL) throws -> String {
        let data = try Data(contentsOf: shippedOverrides)
        var object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let entries = object["overrides"] as! [[String: Any]]
        object["overrides"] = entries.filter { !drop($0["pointer"] as! String) }
        let file = folder.appendingPathComponent("overrides.json")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        return file.path
    }

    /// A schema compiled from JSON text, for generator tests that need keywords the document does not use.
    static func table(_ schema: String) throws -> (table: SchemaTable, root: Int) {
        let tree = try JSONSpan.parse(Data(#"{"schema": \#(schema)}"#.utf8))
        var table = SchemaTable(document: tree, dialect: .jsonSchema2020)
        let root = table.compile(at: JSONPointer(["schema"]), name: "test")
        return (table, root)
    }
}
