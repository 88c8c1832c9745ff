import Foundation
import JUnitXML
import Testing
import TestSupport

/// A sample of JSON Schema's own test suite through the real `fsq-contract run --openapi`, as a user runs it: each
/// case's schema is the response schema of `GET /places/search` for one status of an OpenAPI 3.1 document, each
/// test's data the recorded body of a fixture with that status. The `openapi` testcase must pass exactly when the
/// suite says the data is valid. (`OpenAPIConformanceTests` runs the whole suite through the same validator
/// in-process; this proves the binary decides the same.)
@Suite("JSON Schema Test Suite through fsq-contract run --openapi",
       .enabled(if: SuiteSample.folder != nil, "needs ../shared/json-schema-test-suite/draft2020-12"))
struct OpenAPISuiteSampleTests {
    @Test func theBinaryAgreesWithTheSuiteOnASample() async throws {
        let sample = try SuiteSample.cases()
        #expect(sample.count >= 150, "the sample is too small to say anything: \(sample.count) schemas")
        try await withTemporaryDirectory { tmp in
            var responses: [String: Any] = [:]
            var expected: [String: Bool] = [:]
            let folder = tmp.appendingPathComponent("Fixtures/place-search/2025-06-17")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (offset, testCase) in sample.enumerated() {
                let status = SuiteSample.statuses[offset]
                responses[String(status)] = ["description": testCase.description,
                                             "content": ["application/json": ["schema": testCase.schema]]]
                for (index, test) in testCase.tests.enumerated() {
                    let name = "\(status)-case\(offset)-test\(index)"
                    expected["place-search/2025-06-17/\(name).json openapi"] = test.valid
                    let fixture: [String: Any] = [
                        "endpoint": "place-search", "contract": "2025-06-17", "description": "\(testCase.description): \(test.description)",
                        "request": ["method": "GET", "path": "/places/search",
                                    "headers": ["accept": "application/json", "authorization": "<redacted>", "x-places-api-version": "2025-06-17"]],
                        "response": ["status": status, "headers": ["content-type": "application/json"], "body_base64": try Self.bytes(test.data)],
                        "recorded": ["source": "authored"],
                    ]
                    try JSONSerialization.data(withJSONObject: fixture, options: [.fragmentsAllowed, .sortedKeys])
                        .write(to: folder.appendingPathComponent("\(name).json"))
                }
            }
            let document: [String: Any] = [
                "openapi": "3.1.0", "info": ["title": "JSON Schema Test Suite sample", "version": "1"],
                "paths": ["/places/search": ["get": ["responses": responses]]],
            ]
            let documentFile = tmp.appendingPathComponent("suite.json")
            try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: documentFile)
            let report = tmp.appendingPathComponent("junit.xml")
            let result = try await Products.run(["run", "--contract", "2025-06-17", "--fixtures", tmp.appendingPathComponent("Fixtures").path,
                                                 "--report", report.path, "--openapi", "2025-06-17=\(documentFile.path)"])
            // The typed client cannot decode these bodies, so the run fails; only the openapi testcases are read here.
            #expect(result.status == 1, "\(result.stdout.suffix(1000))\(result.stderr)")
            let cases = try E2E.cases(report.path).filter { $0.name.hasSuffix(" openapi") }
            #expect(cases.count == expected.count, "\(cases.count) openapi testcases for \(expected.count) tests")
            var agreeing = 0
            for testCase in cases {
                guard let valid = expected[testCase.name] else {
                    Issue.record("\(testCase.name): not a test of the sample")
                    continue
                }
                let passed = testCase.outcome == .passed
                if passed == valid { agreeing += 1 } else {
                    Issue.record("\(testCase.name): the suite says \(valid ? "valid" : "invalid"), fsq-contract run --openapi \(passed ? "passed" : "failed") it: \(E2E.problem(testCase) ?? "")")
                }
            }
            print("JSON Schema Test Suite sample through fsq-contract run --openapi: \(agreeing) of \(expected.count) tests agree (\(sample.count) schemas)")
        }
    }

    /// The body's exact bytes (a `null` body would read as no body in the fixture's `body` field).
    static func bytes(_ data: Any) throws -> String {
        try JSONSerialization.data(withJSONObject: data, options: [.fragmentsAllowed]).base64EncodedString()
    }
}

/// The sampled cases: every case of the keyword files below whose schema stands alone (no `$ref`, `$id` or
/// `$defs`, which would resolve against the whole OpenAPI document), one status each.
enum SuiteSample {
    struct Case {
        var description: String
        var schema: Any
        var tests: [(description: String, data: Any, valid: Bool)]
    }

    static let files = ["type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
                        "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "items", "prefixItems", "contains",
                        "required", "properties", "additionalProperties", "patternProperties", "propertyNames", "dependentRequired",
                        "minProperties", "maxProperties", "allOf", "anyOf", "oneOf", "not", "if-then-else", "boolean_schema",
                        "optional/format/date-time", "optional/format/uri"]

    /// 200–299, then 400–599: 300 documented statuses for the one operation.
    static let statuses = Array(200...299) + Array(400...599)

    static let folder: URL? = ConsumerSchemas.jsonSchemaTestSuite

    static func cases() throws -> [Case] {
        guard let folder else { return [] }
        var sample: [Case] = []
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file + ".json"))
            guard let cases = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { continue }
            for testCase in cases {
                guard let schema = testCase["schema"], let tests = testCase["tests"] as? [[String: Any]],
                      let description = testCase["description"] as? String else { continue }
                let text = String(decoding: try JSONSerialization.data(withJSONObject: schema, options: [.fragmentsAllowed]), as: UTF8.self)
                guard !text.contains("$ref"), !text.contains("$id"), !text.contains("$defs"), !text.contains("$dynamic") else { continue }
                // JSONSerialization reads 1.0 as 1 and big integers as Doubles: cases about number spelling stay in-process.
                guard !description.contains("float"), !description.contains("big"), !description.contains("1.0") else { continue }
                sample.append(Case(description: "\(file): \(description)", schema: schema, tests: tests.compactMap { test in
                    guard let name = test["description"] as? String, let data = test["data"], let valid = test["valid"] as? Bool else { return nil }
                    return (name, data, valid)
                }))
                if sample.count == statuses.count { return sample }
            }
        }
        return sample
    }
}
