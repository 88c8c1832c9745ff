import Foundation
import HarnessCore
import OpenAPIConformance
import Testing
import TestSupport

/// A violation of a rule the project's overrides add says the rule is ours, not the provider's document.
@Suite("our departures, named")
struct DepartureMessageTests {
    static func violations(_ body: String, schema: String) throws -> [String] {
        try withTemporaryDirectory { tmp in
            let yaml = """
            openapi: 3.1.0
            info: {title: t, version: "20250617"}
            paths:
              /thing:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: \(schema)
            """
            let document = tmp.appendingPathComponent("doc.yaml")
            try yaml.write(to: document, atomically: true, encoding: .utf8)
            let overrides = tmp.appendingPathComponent("overrides.json")
            let pointer = "/paths/~1thing/get/responses/200/content/application~1json/schema/properties/fsq_place_id"
            try Data(#"{"overrides": [{"pointer": "\#(pointer)", "require": true, "reason": "the client reads it"}]}"#.utf8).write(to: overrides)
            let oracle = try OpenAPIDocumentLoader().load(documents: [DocumentArgument(contract: nil, path: document.path)],
                                                          overrides: [DocumentArgument(contract: "2025-06-17", path: overrides.path)]).oracle
            return oracle.violations(of: DocumentExchange(contract: "2025-06-17", method: "GET", path: "/thing", query: [:], status: 200,
                                                          headers: ["content-type": "application/json"], body: Data(body.utf8))).map(\.message)
        }
    }

    @Test func aPropertyOnlyOurOverridesRequireSaysItIsOurs() throws {
        let found = try Self.violations("{}", schema: "{type: object, properties: {fsq_place_id: {type: string}, name: {type: string}}}")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.contains("our departure: fsq_place_id required; the document marks nothing required") == true, "\(found)")
    }

    @Test func whatTheDocumentRequiresIsTheDocuments() throws {
        let found = try Self.violations("{}", schema: "{type: object, required: [name], properties: {fsq_place_id: {type: string}, name: {type: string}}}")
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.hasPrefix("$.name: expected a required property") && !$0.contains("our departure") }, "\(found)")
        #expect(found.contains { $0.contains("our departure: fsq_place_id required; the document requires only name") }, "\(found)")
    }
}
