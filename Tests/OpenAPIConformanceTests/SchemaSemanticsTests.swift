import Foundation
import HarnessCore
import OpenAPIConformance
import Testing
import TestSupport

/// Where `--openapi` once decided otherwise than JSON Schema: each case here failed before the validator was
/// compiled from the document's own JSON (keywords ignored, a type invented, combinators and equality wrong).
@Suite("OpenAPI schema semantics (JSON Schema 2020-12)")
struct SchemaSemanticsTests {
    static func oracle(_ schema: String, version: String = "3.1.0", components: String = "{}") throws -> any DocumentOracle {
        try SchemaKeywordTests.oracle(schema: schema, components: components, version: version)
    }

    static func passes(_ oracle: any DocumentOracle, _ body: String) -> Bool {
        SchemaKeywordTests.violations(oracle, body).isEmpty
    }

    @Test func boundsLengthsPatternAndCountsAreChecked() throws {
        let limit = try Self.oracle("{type: integer, minimum: 1, maximum: 50}")
        #expect(Self.passes(limit, "50"))
        #expect(SchemaKeywordTests.violations(limit, "51") == ["$: expected a number ≤ 50 (document: GET /thing 200 body), found number 51"])
        #expect(!Self.passes(limit, "0"))
        let exclusive = try Self.oracle("{type: number, exclusiveMinimum: 0, exclusiveMaximum: 1}")
        #expect(Self.passes(exclusive, "0.5"))
        #expect(!Self.passes(exclusive, "0"))
        #expect(!Self.passes(exclusive, "1"))
        let string = try Self.oracle("{type: string, minLength: 2, maxLength: 3, pattern: '^[a-z]+$'}")
        #expect(Self.passes(string, #""abc""#))
        #expect(!Self.passes(string, #""a""#))
        #expect(!Self.passes(string, #""abcd""#))
        #expect(!Self.passes(string, #""AB""#))
        let array = try Self.oracle("{type: array, minItems: 1, maxItems: 2}")
        #expect(Self.passes(array, "[1]"))
        #expect(!Self.passes(array, "[]"))
        #expect(!Self.passes(array, "[1, 2, 3]"))
    }

    @Test func stringLengthCountsCodePoints() throws {
        let oracle = try Self.oracle("{type: string, maxLength: 1}")
        // One code point, two UTF-16 units: within maxLength 1.
        #expect(Self.passes(oracle, #""\ud83d\ude00""#))
        // "é" as e + combining accent: two code points, one Character.
        #expect(!Self.passes(oracle, #""e\u0301""#))
    }

    @Test func keywordsBesideACombinatorApplyToo() throws {
        let typed = try Self.oracle("{type: string, anyOf: [{minLength: 1}, {maxLength: 0}]}")
        #expect(!Self.passes(typed, "5"))
        #expect(Self.passes(typed, #""x""#))
        let object = try Self.oracle("{allOf: [{type: object}], required: [country], properties: {country: {type: string}}}")
        #expect(!Self.passes(object, #"{"country": 5}"#))
        #expect(!Self.passes(object, #"{}"#))
        #expect(Self.passes(object, #"{"country": "FR"}"#))
        let branchFormat = try Self.oracle("{anyOf: [{format: date}, {type: integer}]}")
        #expect(!Self.passes(branchFormat, #""2023-02-30""#))
        #expect(Self.passes(branchFormat, #""2024-02-29""#))
    }

    @Test func noTypeIsInventedWhereTheSchemaGivesNone() throws {
        #expect(Self.passes(try Self.oracle("{properties: {a: {type: integer}}}"), #""str""#))
        #expect(Self.passes(try Self.oracle("{items: {type: integer}}"), #""str""#))
        #expect(Self.passes(try Self.oracle("{required: [a]}"), "5"))
        // And they still apply to values of their kind.
        #expect(!Self.passes(try Self.oracle("{properties: {a: {type: integer}}}"), #"{"a": "x"}"#))
        #expect(!Self.passes(try Self.oracle("{required: [a]}"), "{}"))
    }

    @Test func combinatorsDecideAsJSONSchemaDoes() throws {
        let oneOf = try Self.oracle("{oneOf: [{type: number, maximum: 1}, {type: integer}]}")
        #expect(Self.passes(oneOf, "5"))
        #expect(!Self.passes(oneOf, "2.5"))
        #expect(!Self.passes(oneOf, "1"))
        let not = try Self.oracle("{not: {type: string, maxLength: 0}}")
        #expect(Self.passes(not, #""a""#))
        #expect(!Self.passes(not, #""""#))
        let conditional = try Self.oracle("{if: {properties: {kind: {const: a}}}, then: {required: [x]}, else: {required: [y]}}")
        #expect(Self.passes(conditional, #"{"kind": "a", "x": 1}"#))
        #expect(!Self.passes(conditional, #"{"kind": "a", "y": 1}"#))
        #expect(Self.passes(conditional, #"{"kind": "b", "y": 1}"#))
    }

    @Test func equalityIsByCodePointsAndExactNumbers() throws {
        let unique = try Self.oracle("{type: array, uniqueItems: true}")
        #expect(Self.passes(unique, #"["caf\u00e9", "cafe\u0301"]"#))
        #expect(Self.passes(unique, "[9007199254740993, 9007199254740992]"))
        #expect(!Self.passes(unique, "[1, 1.0]"))
        #expect(!Self.passes(unique, #"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#))
        let integer = try Self.oracle("{type: integer}")
        #expect(!Self.passes(integer, "1.0000000000000001"))
        #expect(Self.passes(integer, "1.0"))
        #expect(Self.passes(integer, "12345678910111213141516171819202122232425262728293031"))
        // 2^53 + 1 is above 2^53, which a Double cannot tell apart.
        let big = try Self.oracle("{type: integer, maximum: 9007199254740992}")
        #expect(!Self.passes(big, "9007199254740993"))
        #expect(Self.passes(big, "9007199254740992"))
        let constant = try Self.oracle("{const: 9007199254740993}")
        #expect(!Self.passes(constant, "9007199254740992"))
        let multiple = try Self.oracle("{type: number, multipleOf: 0.01}")
        #expect(Self.passes(multiple, "0.07"))
        #expect(!Self.passes(multiple, "0.075"))
    }

    @Test func formatsByTheirRFCs() throws {
        let uri = try Self.oracle("{type: string, format: uri}")
        for bad in [#""http://a.example/%zz""#, #""http://a.example/#a#b""#, #""http://a.example/a\tb""#, #""http://a.example/<>""#] {
            #expect(!Self.passes(uri, bad), "\(bad)")
        }
        #expect(Self.passes(uri, #""urn:oasis:names:specification:docbook:dtd:xml:4.1.2""#))
        let dateTime = try Self.oracle("{type: string, format: date-time}")
        #expect(!Self.passes(dateTime, #""2021-02-14 10:00:00Z""#))
        #expect(!Self.passes(dateTime, #""1998-12-31T23:58:60Z""#))
        #expect(Self.passes(dateTime, #""1998-12-31T23:59:60Z""#))
        #expect(Self.passes(dateTime, #""1998-12-31T15:59:60.123-08:00""#))
        #expect(Self.passes(dateTime, #""0000-01-01T00:00:00Z""#))
        #expect(!Self.passes(dateTime, #""2021-02-14T10:00:00Z\n""#))
        let checks: [(format: String, good: String, bad: String)] = [
            ("time", "08:30:06Z", "08:30:06"), ("duration", "P4DT12H30M5S", "PT1D"), ("email", "joe.bloggs@example.com", "te..st@example.com"),
            ("uuid", "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "2eb8aa08-aa98-11ea-b4aa-73b441d1638"), ("ipv4", "192.168.0.1", "087.10.0.1"),
            ("ipv6", "1::d6:192.168.0.1", "1::d6::42"), ("hostname", "www.example.com", "-hostname"), ("uri-reference", "/abc", "/%zz"),
            ("date", "2024-02-29", "2023-02-29"),
        ]
        for check in checks {
            let oracle = try Self.oracle("{type: string, format: \(check.format)}")
            #expect(Self.passes(oracle, "\"\(check.good)\""), "\(check.format) \(check.good)")
            #expect(!Self.passes(oracle, "\"\(check.bad)\""), "\(check.format) \(check.bad)")
        }
    }

    @Test func patternsAreECMA262() throws {
        // \d is ASCII only in ECMA-262; ICU would accept a Bengali digit.
        let digits = try Self.oracle("{type: string, pattern: '^\\d+$'}")
        #expect(Self.passes(digits, #""42""#))
        #expect(!Self.passes(digits, #""\u09e8""#))
        // $ is the end of the text: a trailing newline is not accepted.
        #expect(!Self.passes(digits, #""42\n""#))
    }

    @Test func openAPI30RefSiblingsAreIgnoredAnd31AppliesThem() throws {
        let components = "{Name: {type: string}}"
        let v30 = try Self.oracle("{$ref: '#/components/schemas/Name', maxLength: 2}", version: "3.0.3", components: components)
        #expect(Self.passes(v30, #""long name""#))
        #expect(!Self.passes(v30, "5"))
        let v31 = try Self.oracle("{$ref: '#/components/schemas/Name', maxLength: 2}", components: components)
        #expect(!Self.passes(v31, #""long name""#))
        let exclusive30 = try Self.oracle("{type: number, minimum: 0, exclusiveMinimum: true}", version: "3.0.3")
        #expect(!Self.passes(exclusive30, "0"))
        #expect(Self.passes(exclusive30, "0.1"))
    }

    @Test func theDiscriminatorPicksTheBranch() throws {
        let components = """
        {Cat: {type: object, required: [kind, meows], properties: {kind: {type: string}, meows: {type: boolean}}},
         Dog: {type: object, required: [kind, barks], properties: {kind: {type: string}, barks: {type: boolean}}}}
        """
        let oracle = try Self.oracle("""
        {oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}], discriminator: {propertyName: kind, mapping: {dog: '#/components/schemas/Dog'}}}
        """, components: components)
        #expect(Self.passes(oracle, #"{"kind": "Cat", "meows": true}"#))
        #expect(Self.passes(oracle, #"{"kind": "dog", "barks": true}"#))
        let wrongBranch = SchemaKeywordTests.violations(oracle, #"{"kind": "dog", "meows": true}"#)
        #expect(wrongBranch == ["$.barks: expected a required property (document: Dog), found none"], "\(wrongBranch)")
        #expect(!Self.passes(oracle, #"{"kind": "cow"}"#))
        #expect(!Self.passes(oracle, #"{"meows": true}"#))
    }

    @Test func recursiveSchemasAndUnevaluatedProperties() throws {
        let components = "{Node: {type: object, properties: {value: {type: integer}, next: {$ref: '#/components/schemas/Node'}}, unevaluatedProperties: false}}"
        let oracle = try Self.oracle("{$ref: '#/components/schemas/Node'}", components: components)
        #expect(Self.passes(oracle, #"{"value": 1, "next": {"value": 2, "next": {"value": 3}}}"#))
        let found = SchemaKeywordTests.violations(oracle, #"{"value": 1, "next": {"value": "2", "extra": true}}"#)
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.hasPrefix("$.next.extra: expected no property \"extra\" (unevaluatedProperties: false)") })
    }

    @Test func whatCannotBeCheckedIsNamedOnce() throws {
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
                          schema: {type: object, properties: {a: {type: string, format: phone}, b: {type: string, format: phone}, c: {minimun: 3}}}
            """
            let file = tmp.appendingPathComponent("doc.yaml")
            try yaml.write(to: file, atomically: true, encoding: .utf8)
            let notices = try OpenAPIDocumentLoader().load(documents: [DocumentArgument(contract: nil, path: file.path)], overrides: []).notices
            let warnings = notices.filter { $0.hasPrefix("warning: ") }
            #expect(warnings.count == 2, "\(notices)")
            #expect(warnings.contains { $0.contains("not checked: format \"phone\" at #/paths/~1thing/get/responses/200/content/application~1json/schema/properties/a/format (and 1 more place)") },
                    "\(warnings)")
            #expect(warnings.contains { $0.contains("not checked: minimun at #/paths/~1thing/get/responses/200/content/application~1json/schema/properties/c/minimun") },
                    "\(warnings)")
        }
    }
}
