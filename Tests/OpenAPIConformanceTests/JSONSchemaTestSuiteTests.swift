import FixtureFormat
import Foundation
@testable import OpenAPIConformance
import Testing
import TestSupport

/// JSON Schema's own test suite (draft 2020-12, `../shared/json-schema-test-suite/`), every test case through the
/// validator `--openapi` uses: each case's schema is a component of an OpenAPI 3.1 document, compiled as a
/// response schema is, and each test's data is checked as a body is.
///
/// Disagreements are listed, each with its reason, in `JSONSchemaTestSuite/expected-failures.json`; the list can only
/// shrink: a listed case that now agrees fails this test until it is removed.
@Suite("JSON Schema Test Suite (draft 2020-12)",
       .enabled(if: JSONSchemaTestSuite.folder != nil, "needs ../shared/json-schema-test-suite/draft2020-12"))
struct JSONSchemaTestSuiteTests {
    @Test func theValidatorAgreesWithTheSuite() throws {
        let folder = try #require(JSONSchemaTestSuite.folder)
        let outcomes = try JSONSchemaTestSuite.run(folder)
        let expected = try JSONSchemaTestSuite.expectedFailures()

        // Without the remote documents a case that names one cannot be decided: it is not an agreement.
        let undecided = outcomes.filter { $0.agrees == nil }
        if !undecided.isEmpty {
            Issue.record("\(undecided.count) tests of the suite name a remote document (http://localhost:1234/…, the 2020-12 meta-schema) that \(JSONSchemaTestSuite.remotesFolder.path) lacks: undecided; run bash scripts/setup.sh --tests")
        }

        for entry in expected where entry.reason.trimmingCharacters(in: .whitespaces).isEmpty {
            Issue.record("expected-failures.json: \(entry.id) has no reason; say why the validator disagrees")
        }
        let listed = Set(expected.map(\.id))
        let known = Set(outcomes.map(\.id))
        for outcome in outcomes where outcome.agrees == false && !listed.contains(outcome.id) {
            Issue.record("\(outcome.id): the suite says \(outcome.expected ? "valid" : "invalid"), --openapi says the opposite; fix it or list it in expected-failures.json with a reason")
        }
        for outcome in outcomes where outcome.agrees == true && listed.contains(outcome.id) {
            Issue.record("\(outcome.id) now agrees with the suite: remove it from expected-failures.json (the list only shrinks)")
        }
        for entry in expected where !known.contains(entry.id) {
            Issue.record("expected-failures.json: \(entry.id) is not a test of the suite; remove it")
        }

        for group in JSONSchemaTestSuite.Group.allCases {
            let cases = outcomes.filter { $0.group == group }
            let agreeing = cases.filter { $0.agrees == true }.count
            let share = Double(agreeing) / Double(max(cases.count, 1))
            print("JSON Schema Test Suite (draft 2020-12), \(group.rawValue) files: \(agreeing) of \(cases.count) tests agree (\(String(format: "%.1f", share * 100))%)")
            #expect(share >= group.goal, "\(group.rawValue): \(agreeing) of \(cases.count) agree, below \(Int(group.goal * 100))%")
        }
    }
}

/// Reading the suite, running it, and the expected-failures list.
enum JSONSchemaTestSuite {
    enum Group: String, CaseIterable {
        case keyword, optional

        /// The keyword files: 98%; the optional files: 90%. The remote documents some tests name come from
        /// `scripts/setup.sh --tests`; an undecided test counts against the share.
        var goal: Double { self == .keyword ? 0.98 : 0.90 }
    }

    struct Outcome {
        var id: String
        var group: Group
        var expected: Bool
        /// Nil when undecided: the case names a remote document that is not there.
        var agrees: Bool?
    }

    struct ExpectedFailure: Decodable {
        var file: String
        var schema: String
        var test: String
        var reason: String

        var id: String { "\(file) / \(schema) / \(test)" }
    }

    static let folder: URL? = ConsumerSchemas.jsonSchemaTestSuite

    static func expectedFailures() throws -> [ExpectedFailure] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("JSONSchemaTestSuite/expected-failures.json")
        struct List: Decodable { var failures: [ExpectedFailure] }
        return try JSONDecoder().decode(List.self, from: Data(contentsOf: file)).failures
    }

    /// The suite's files, relative to `draft2020-12/`, sorted: keyword files at the top, `optional/…` below.
    static func files(_ folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            found.append(String(url.path.dropFirst(folder.path.count + 1)))
        }
        return found.sorted()
    }

    static func run(_ folder: URL) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for file in files(folder) {
            let group: Group = file.hasPrefix("optional/") ? .optional : .keyword
            guard case let .array(cases) = try JSONSpan.parse(Data(contentsOf: folder.appendingPathComponent(file))) else { continue }
            for testCase in cases {
                guard case let .string(description)? = testCase.member("description"), let schema = testCase.member("schema"),
                      case let .array(tests)? = testCase.member("tests") else { continue }
                let needsRemotes = namesRemoteDocument(schema)
                let (table, root) = compile(schema, externalDocuments: needsRemotes ? remoteDocuments : [:])
                let validator = InstanceValidator(table: table)
                let decidable = !needsRemotes || !remoteDocuments.isEmpty
                for test in tests {
                    guard case let .string(name)? = test.member("description"), let data = test.member("data"),
                          case let .bool(valid)? = test.member("valid") else { continue }
                    let agrees = decidable ? validator.isValid(data, against: root) == valid : nil
                    outcomes.append(Outcome(id: "\(file) / \(description) / \(name)", group: group, expected: valid, agrees: agrees))
                }
            }
        }
        return outcomes
    }

    /// The schema as a component of an OpenAPI 3.1 document, with an `$id` of its own when it has none, so its
    /// `#/$defs/…` references resolve within it as they do in a standalone schema.
    static func compile(_ schema: JSONValue, externalDocuments: [String: JSONValue] = [:]) -> (SchemaTable, Int) {
        var schema = schema
        if case let .object(members) = schema, !members.contains(where: { $0.key == "$id" }) {
            schema = .object([(key: "$id", value: .string("https://json-schema.test/case.json"))] + members)
        }
        let document = JSONValue.object([
            (key: "openapi", value: .string("3.1.0")),
            (key: "info", value: .object([(key: "title", value: .string("suite")), (key: "version", value: .string("1"))])),
            (key: "components", value: .object([(key: "schemas", value: .object([(key: "case", value: schema)]))])),
        ])
        var table = SchemaTable(document: document, dialect: .jsonSchema2020, externalDocuments: externalDocuments)
        let root = table.compile(at: JSONPointer(["components", "schemas", "case"]), name: "case")
        return (table, root)
    }

    // MARK: Remote documents

    /// Where `scripts/setup.sh --tests` puts the suite's `remotes/` and the 2020-12 meta-schema (gitignored).
    static let remotesFolder = Products.packageRoot.appendingPathComponent(".build-suite")

    /// Every remote document by the URL the suite names it with; empty when `scripts/setup.sh --tests` has not fetched them.
    static let remoteDocuments: [String: JSONValue] = {
        var documents: [String: JSONValue] = [:]
        let mounts = [("remotes", "http://localhost:1234/"), ("metaschema", "https://json-schema.org/draft/2020-12/")]
        for (folderName, base) in mounts {
            let folder = remotesFolder.appendingPathComponent(folderName)
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                      let data = try? Data(contentsOf: url), let value = try? JSONSpan.parse(data) else { continue }
                documents[base + String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = value
            }
        }
        // Both halves or neither: a half-fetched folder would decide some remote cases and not others.
        let hasRemotes = documents.keys.contains { $0.hasPrefix(mounts[0].1) }
        let hasMetaSchema = documents.keys.contains { $0.hasPrefix(mounts[1].1) }
        return hasRemotes && hasMetaSchema ? documents : [:]
    }()

    /// Whether a case's schema names a document outside itself: the suite's remote server, or the meta-schema by `$ref`.
    static func namesRemoteDocument(_ value: JSONValue) -> Bool {
        switch value {
        case let .object(members):
            for member in members {
                if case let .string(text) = member.value {
                    if ["$ref", "$dynamicRef", "$id", "$schema"].contains(member.key), text.contains("localhost:1234") { return true }
                    if ["$ref", "$dynamicRef"].contains(member.key), text.hasPrefix("https://json-schema.org/") { return true }
                } else if !["enum", "const", "default", "examples"].contains(member.key), namesRemoteDocument(member.value) {
                    return true
                }
            }
            return false
        case let .array(elements):
            return elements.contains(where: namesRemoteDocument)
        default:
            return false
        }
    }
}
