import Foundation
import HarnessCore
import OpenAPIConformance
import Testing
import TestSupport

/// Each schema keyword the validator reads, with a body that keeps it and one that must fail, through a small
/// OpenAPI 3.1 document written to disk and loaded as `--openapi` loads it.
@Suite("OpenAPI schema keywords")
struct SchemaKeywordTests {
    /// A document whose `GET /thing` answers 200 with `schema` (YAML, to cover that reader too).
    static func oracle(schema: String, components: String = "{}", headers: String = "{}", version: String = "3.1.0") throws -> any DocumentOracle {
        try withTemporaryDirectory { tmp in
            let yaml = """
            openapi: \(version)
            info: {title: t, version: "20250617"}
            paths:
              /thing:
                get:
                  parameters:
                    - {name: limit, in: query, schema: {type: integer}}
                    - {name: sort, in: query, schema: {type: string, enum: [RELEVANCE, DISTANCE]}}
                  responses:
                    "200":
                      description: ok
                      headers: \(headers)
                      content:
                        application/json:
                          schema: \(schema)
            components: {schemas: \(components)}
            """
            let file = tmp.appendingPathComponent("doc.yaml")
            try yaml.write(to: file, atomically: true, encoding: .utf8)
            return try OpenAPIDocumentLoader().load(documents: [DocumentArgument(contract: nil, path: file.path)], overrides: []).oracle
        }
    }

    static func violations(_ oracle: any DocumentOracle, _ body: String, query: [String: String] = [:],
                           headers: [String: String] = ["content-type": "application/json"], status: Int = 200) -> [String] {
        oracle.violations(of: DocumentExchange(contract: "2025-06-17", method: "GET", path: "/thing", query: query, status: status,
                                               headers: headers, body: Data(body.utf8))).map(\.message)
    }

    @Test func types() throws {
        let oracle = try Self.oracle(schema: "{type: object, properties: {n: {type: integer}, x: {type: number}, s: {type: string}, b: {type: boolean}, a: {type: array}}}")
        #expect(Self.violations(oracle, #"{"n": 3, "x": 1.5, "s": "a", "b": true, "a": []}"#).isEmpty)
        let found = Self.violations(oracle, #"{"n": 1.5, "x": "1", "s": 2, "b": 1, "a": {}}"#)
        #expect(found.count == 5, "\(found)")
        #expect(found.contains("$.s: expected string (document: GET /thing 200 body.s), found number 2"))
        #expect(found.contains { $0.hasPrefix("$.b: expected boolean") })
        // JSON Schema counts the value, not its spelling: 1.0 and 1e3 are integers, 1e-1 is not.
        #expect(Self.violations(oracle, #"{"n": 1.0}"#).isEmpty)
        #expect(Self.violations(oracle, #"{"n": 1e3}"#).isEmpty)
        #expect(Self.violations(oracle, #"{"n": 1e-1}"#) == ["$.n: expected integer (document: GET /thing 200 body.n), found number 1e-1"])
    }

    @Test func required() throws {
        let oracle = try Self.oracle(schema: "{type: object, required: [id], properties: {id: {type: string}}}")
        #expect(Self.violations(oracle, #"{"id": "a"}"#).isEmpty)
        #expect(Self.violations(oracle, #"{}"#) == ["$.id: expected a required property (document: GET /thing 200 body), found none"])
    }

    @Test func enumeration() throws {
        let oracle = try Self.oracle(schema: "{type: string, enum: [open, closed]}")
        #expect(Self.violations(oracle, #""open""#).isEmpty)
        #expect(Self.violations(oracle, #""ajar""#).first?.contains("expected one of \"open\", \"closed\"") == true)
    }

    @Test func formats() throws {
        let oracle = try Self.oracle(schema: "{type: object, properties: {d: {type: string, format: date}, t: {type: string, format: date-time}, u: {type: string, format: uri}}}")
        #expect(Self.violations(oracle, #"{"d": "2024-02-29", "t": "2025-06-17T09:30:00.5+02:00", "u": "https://example.com/a?b=c"}"#).isEmpty)
        let found = Self.violations(oracle, #"{"d": "2023-02-29", "t": "2025-06-17 09:30", "u": "not a uri"}"#)
        #expect(found.count == 3, "\(found)")
    }

    @Test func nullable() throws {
        let oracle30 = try Self.oracle(schema: "{type: object, properties: {a: {type: string, nullable: true}, b: {type: string}}}", version: "3.0.3")
        #expect(Self.violations(oracle30, #"{"a": null, "b": "x"}"#).isEmpty)
        #expect(Self.violations(oracle30, #"{"b": null}"#).first?.hasPrefix("$.b: expected string") == true)
        let oracle31 = try Self.oracle(schema: "{type: object, properties: {a: {type: [string, \"null\"]}}}")
        #expect(Self.violations(oracle31, #"{"a": null}"#).isEmpty)
        #expect(!Self.violations(oracle31, #"{"a": 1}"#).isEmpty)
    }

    @Test func combinators() throws {
        let oracle = try Self.oracle(schema: """
            {type: object, properties: {one: {oneOf: [{type: string}, {type: integer}]}, any: {anyOf: [{type: string}, {type: boolean}]}, all: {allOf: [{type: object, required: [a]}, {type: object, required: [b]}]}}}
            """)
        #expect(Self.violations(oracle, #"{"one": 1, "any": true, "all": {"a": 1, "b": 2}}"#).isEmpty)
        let found = Self.violations(oracle, #"{"one": 1.5, "any": 3, "all": {"a": 1}}"#)
        #expect(found.contains { $0.hasPrefix("$.one: expected a match for exactly one of 2 oneOf") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("$.any: expected a match for one of 2 anyOf") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("$.all.b: expected a required property") }, "\(found)")
    }

    @Test func additionalProperties() throws {
        let closed = try Self.oracle(schema: "{type: object, properties: {a: {type: string}}, additionalProperties: false}")
        #expect(Self.violations(closed, #"{"a": "x"}"#).isEmpty)
        #expect(Self.violations(closed, #"{"a": "x", "b": 1}"#).first?.hasPrefix("$.b: expected no property") == true)
        let typed = try Self.oracle(schema: "{type: object, additionalProperties: {type: integer}}")
        #expect(Self.violations(typed, #"{"x": 1, "y": 2}"#).isEmpty)
        #expect(Self.violations(typed, #"{"x": "1"}"#).first?.hasPrefix("$.x: expected integer") == true)
    }

    @Test func itemsAndUniqueItems() throws {
        let oracle = try Self.oracle(schema: "{type: array, uniqueItems: true, items: {type: string}}")
        #expect(Self.violations(oracle, #"["a", "b"]"#).isEmpty)
        #expect(Self.violations(oracle, #"["a", 7]"#) == [#"$[1]: expected string (document: GET /thing 200 body[]), found number 7"#])
        #expect(Self.violations(oracle, #"["a", "a"]"#).first?.hasPrefix("$[1]: expected unique items") == true)
    }

    @Test func nestedReferencesNameTheComponent() throws {
        let oracle = try Self.oracle(
            schema: "{type: object, properties: {results: {type: array, items: {$ref: '#/components/schemas/Place'}}}}",
            components: "{Place: {type: object, properties: {unresolved_flags: {type: array, items: {type: string}}, parent: {$ref: '#/components/schemas/Parent'}}}, Parent: {type: object, properties: {fsq_place_id: {type: string}}}}")
        #expect(Self.violations(oracle, #"{"results": [{"unresolved_flags": ["x"], "parent": {"fsq_place_id": "p"}}]}"#).isEmpty)
        let found = oracle.violations(of: DocumentExchange(
            contract: "2025-06-17", method: "GET", path: "/thing", query: [:], status: 200, headers: ["content-type": "application/json"],
            body: Data(#"{"results": [{"unresolved_flags": "closed", "parent": {"fsq_place_id": 42}}]}"#.utf8)))
        #expect(found.map(\.message) == [
            #"$.results[0].parent.fsq_place_id: expected string (document: Parent.fsq_place_id), found number 42"#,
            #"$.results[0].unresolved_flags: expected array (document: Place.unresolved_flags), found string "closed""#,
        ])
        #expect(found.last?.pointer == "#/components/schemas/Place/properties/unresolved_flags")
    }

    @Test func queryParametersStatusContentTypeAndHeaders() throws {
        let oracle = try Self.oracle(schema: "{type: object}", headers: "{X-Rate: {required: true, schema: {type: integer}}}")
        let good = ["content-type": "application/json; charset=utf-8", "x-rate": "10"]
        #expect(Self.violations(oracle, "{}", query: ["limit": "5", "sort": "DISTANCE"], headers: good).isEmpty)
        let query = Self.violations(oracle, "{}", query: ["limit": "ten", "sort": "NAME", "near": "x"], headers: good)
        #expect(query.count == 3, "\(query)")
        // A number as JSON spells one: Swift's Double would also read a hex float.
        #expect(Self.violations(oracle, "{}", query: ["limit": "0x1p-2"], headers: good)
            == [#"query limit: expected integer (document: GET /thing query limit), found string "0x1p-2""#])
        #expect(query.contains { $0.hasPrefix("query parameter near: not declared") })
        #expect(Self.violations(oracle, "{}", headers: good, status: 500).first?.hasPrefix("status 500: not documented") == true)
        #expect(Self.violations(oracle, "{}", headers: ["content-type": "text/html", "x-rate": "1"]).first?.hasPrefix("content type: text/html is not declared") == true)
        #expect(Self.violations(oracle, "{}", headers: ["content-type": "application/json"]) == ["header x-rate: required for 200, missing"])
        #expect(Self.violations(oracle, "{}", headers: ["content-type": "application/json", "x-rate": "many"]).first?.hasPrefix("header x-rate: expected integer") == true)
        let unknown = oracle.violations(of: DocumentExchange(contract: "2025-06-17", method: "GET", path: "/other", query: [:], status: 200, headers: [:], body: Data()))
        #expect(unknown.first?.message.contains("no operation in the document") == true)
    }

    @Test func deepInputEndsWithAViolationNotACrash() throws {
        let oracle = try Self.oracle(schema: "{type: array, items: {type: array, items: {type: array, items: {type: string}}}}")
        let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        #expect(Self.violations(oracle, deep) == ["$: the body cannot be checked (nesting deeper than 512), the document declares application/json"])
        #expect(Self.violations(oracle, "[[[1]]]").count == 1)
    }

    @Test func aBodyThatIsNotJSONIsOneViolationWithWhere() throws {
        let oracle = try Self.oracle(schema: "{type: object}")
        #expect(Self.violations(oracle, "{\"a\": 1,\n \"b\": nope}") == [
            "$: the body is not JSON (unexpected 'n', expected a value at line 2, column 7), the document declares application/json",
        ])
        #expect(Self.violations(oracle, "").first?.hasPrefix("$: the body is not JSON (unexpected end of file") == true)
        // A byte order mark is ignored, as RFC 8259 allows and the model's decoder does.
        #expect(Self.violations(oracle, "\u{FEFF}{\"a\": 1}").isEmpty)
    }

    /// The document is decoded in two halves at once (without `paths`, without `components.schemas`): a flaw in
    /// either is still found and named, and references and security requirements across them still resolve.
    @Test func aDocumentDecodedInHalvesStillNamesItsFlaws() throws {
        try withTemporaryDirectory { tmp in
            func load(_ paths: String, _ schemas: String) throws -> LoadedDocuments {
                let doc = tmp.appendingPathComponent("doc.json")
                try """
                {"openapi": "3.0.1", "info": {"title": "t", "version": "20250617"}, "security": [{"key": []}],
                 "paths": \(paths),
                 "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "Authorization"}}, "schemas": \(schemas)}}
                """.write(to: doc, atomically: true, encoding: .utf8)
                return try OpenAPIDocumentLoader().load(documents: [DocumentArgument(contract: nil, path: doc.path)], overrides: [])
            }
            let good = ##"{"/thing": {"get": {"security": [{"key": []}], "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}}}}}}"##
            let thing = #"{"Thing": {"type": "object", "properties": {"id": {"type": "string"}}}}"#
            let loaded = try load(good, thing)
            let found = loaded.oracle.violations(of: DocumentExchange(
                contract: "2025-06-17", method: "GET", path: "/thing", query: [:], status: 200, headers: ["content-type": "application/json"],
                body: Data(#"{"id": 7}"#.utf8)))
            #expect(found.map(\.message) == ["$.id: expected string (document: Thing.id), found number 7"])
            #expect { try load(#"{"/thing": {"get": {"responses": {"200": {"description": 5}}}}}"#, thing) }
                throws: { "\($0)".contains("doc.json: not an OpenAPI 3.0.1 document") && "\($0)".contains("/thing") && !"\($0)".contains("\n") }
            #expect { try load(good, #"{"Thing": {"type": "object", "required": "id"}}"#) }
                throws: { "\($0)".contains("doc.json: not an OpenAPI 3.0.1 document") && "\($0)".contains("Thing") && !"\($0)".contains("\n") }
            #expect { try load(#"{"/thing": {"get": {"security": [{"nokey": []}], "responses": {"200": {"description": "ok"}}}}}"#, thing) }
                throws: { "\($0)".contains("nokey") }
        }
    }

    @Test func overridesPatchDropAddAndDemote() throws {
        try withTemporaryDirectory { tmp in
            let doc = tmp.appendingPathComponent("doc.json")
            try #"""
            {"openapi": "3.0.1", "info": {"title": "t", "version": "20250617"}, "paths": {"/thing": {"get": {"responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"type": "object", "properties": {"lat": {"type": "object"}, "odd": {"type": "string"}, "soft": {"type": "string"}}}}}}}}}}}
            """#.write(to: doc, atomically: true, encoding: .utf8)
            let overrides = tmp.appendingPathComponent("o.json")
            try #"""
            {"overrides": [
              {"pointer": "/paths/**/properties/lat", "set": {"type": "number"}, "reason": "numbers"},
              {"pointer": "/paths/**/properties/odd", "drop": true, "reason": "stray"},
              {"pointer": "/paths/*/get/responses", "add": {"default": {"description": "e"}}, "reason": "errors"},
              {"pointer": "/paths/**/properties/soft", "warn": true, "reason": "soft"},
              {"pointer": "/nowhere", "drop": true, "reason": "stale"}]}
            """#.write(to: overrides, atomically: true, encoding: .utf8)
            let loaded = try OpenAPIDocumentLoader().load(documents: [DocumentArgument(contract: nil, path: doc.path)],
                                                          overrides: [DocumentArgument(parsing: "2025-06-17=\(overrides.path)")])
            #expect(loaded.notices.contains { $0.contains("4 overrides applied") }, "\(loaded.notices)")
            #expect(loaded.notices.contains { $0.contains("/nowhere matched nothing") })
            let found = loaded.oracle.violations(of: DocumentExchange(
                contract: "2025-06-17", method: "GET", path: "/thing", query: [:], status: 200, headers: ["content-type": "application/json"],
                body: Data(#"{"lat": 40.7, "odd": 3, "soft": 4}"#.utf8)))
            #expect(found.count == 1 && found[0].isWarning && found[0].message.hasPrefix("$.soft"), "\(found)")
            let error = loaded.oracle.violations(of: DocumentExchange(contract: "2025-06-17", method: "GET", path: "/thing", query: [:],
                                                                      status: 503, headers: [:], body: Data()))
            #expect(error.isEmpty, "the added default response covers a 503")
            // Without the overrides the same body breaks the document.
            let plain = try OpenAPIDocumentLoader().load(documents: [DocumentArgument(contract: nil, path: doc.path)], overrides: [])
            #expect(plain.oracle.violations(of: DocumentExchange(
                contract: "2025-06-17", method: "GET", path: "/thing", query: [:], status: 200, headers: ["content-type": "application/json"],
                body: Data(#"{"lat": 40.7, "odd": 3, "soft": 4}"#.utf8))).count == 3)
        }
    }

    @Test func badInputIsOneLineNamingTheFile() throws {
        try withTemporaryDirectory { tmp in
            let doc = tmp.appendingPathComponent("doc.json")
            try #"{"openapi": "3.0.1", "info": {"title": "t", "version": "1.0"}, "paths": {}}"#.write(to: doc, atomically: true, encoding: .utf8)
            #expect { try OpenAPIDocumentLoader().load(documents: [DocumentArgument(contract: nil, path: doc.path)], overrides: []) }
                throws: { "\($0)".contains(doc.path) && "\($0)".contains("info.version '1.0'") && !"\($0)".contains("\n") }
            #expect { try OpenAPIDocumentLoader().load(documents: [DocumentArgument(contract: nil, path: tmp.appendingPathComponent("none.json").path)], overrides: []) }
                throws: { "\($0)".contains("none.json") }
        }
    }
}
