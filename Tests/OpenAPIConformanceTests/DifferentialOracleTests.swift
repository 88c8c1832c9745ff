import FixtureFormat
import Foundation
@testable import OpenAPIConformance
import Testing
import TestSupport

/// The validator `--openapi` uses against a validator nobody here wrote: python's `jsonschema`
/// (Draft202012Validator), on the same (schema, instance) pairs. `JSONSchemaTestSuite/jsonschema_oracle.py` builds
/// the pairs and jsonschema's verdicts: every test of the official suite, and mutations of the shipped 2025-06-17
/// 200 answers against their response schemas in the package's copy of Foursquare's document (`docs/openapi/`).
///
/// On a suite pair the suite is the referee: a disagreement is either ours (then the case is in
/// `expected-failures.json`) or jsonschema's (counted and printed). On a document pair there is no referee, so every
/// disagreement fails this test.
@Suite("Differential oracle: python's jsonschema",
       .enabled(if: JSONSchemaTestSuite.folder != nil, "needs ../shared/json-schema-test-suite/draft2020-12"))
struct DifferentialOracleTests {
    @Test func theValidatorAgreesWithPythonsJSONSchema() async throws {
        let suite = try #require(JSONSchemaTestSuite.folder)
        let document = PackageDocuments.current  // the package's copy: the suite is the only file from outside
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("JSONSchemaTestSuite/jsonschema_oracle.py")
        guard !JSONSchemaTestSuite.remoteDocuments.isEmpty else {
            Issue.record("\(JSONSchemaTestSuite.remotesFolder.path) lacks the suite's remote documents: the differential oracle cannot run; run bash scripts/setup.sh --tests")
            return
        }
        let result = try await runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", script.path, suite.path, JSONSchemaTestSuite.remotesFolder.path, document.path,
             Products.packageRoot.appendingPathComponent("Fixtures").path],
            timeout: .seconds(120))
        guard result.status == 0 else {
            let reason = result.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(result.status)"
            Issue.record("jsonschema_oracle.py failed (\(reason)): python3 with jsonschema is needed; run bash scripts/setup.sh --tests")
            return
        }
        guard case let .array(pairs)? = try JSONSpan.parse(Data(result.stdout.utf8)).member("pairs") else {
            Issue.record("jsonschema_oracle.py printed no pairs")
            return
        }

        let listed = Set(try JSONSchemaTestSuite.expectedFailures().map(\.id))
        let tree = try JSONSpan.parse(Data(contentsOf: document))
        var documentTable = SchemaTable(document: tree, dialect: .openAPI30)
        var suiteSchemas: [String: (InstanceValidator, Int)] = [:]
        var tally = Tally()

        for pair in pairs {
            guard case let .string(id)? = pair.member("id"), case let .string(source)? = pair.member("source"),
                  let instance = pair.member("instance") else { continue }
            guard case let .bool(theirs)? = pair.member("valid") else {
                tally.undecidedByPython.append(id)
                continue
            }
            let ours: Bool
            if source == "suite" {
                guard let schema = pair.member("schema") else { continue }
                let caseID = id.components(separatedBy: " / ").dropLast().joined(separator: " / ")
                if suiteSchemas[caseID] == nil {
                    let remotes = JSONSchemaTestSuite.namesRemoteDocument(schema) ? JSONSchemaTestSuite.remoteDocuments : [:]
                    let (table, root) = JSONSchemaTestSuite.compile(schema, externalDocuments: remotes)
                    suiteSchemas[caseID] = (InstanceValidator(table: table), root)
                }
                let (validator, root) = suiteSchemas[caseID]!
                ours = validator.isValid(instance, against: root)
            } else {
                guard case let .array(segments)? = pair.member("pointer") else { continue }
                let pointer = JSONPointer(segments.compactMap { if case let .string(s) = $0 { s } else { nil } })
                let root = documentTable.compile(at: pointer, name: "response")
                ours = InstanceValidator(table: documentTable).isValid(instance, against: root)
            }
            if ours == theirs {
                tally.agreeing[source, default: 0] += 1
            } else if source == "suite" && listed.contains(id) {
                tally.ourKnownFailures += 1
            } else if source == "suite" {
                tally.pythonsFailures.append(id)
            } else {
                Issue.record("\(id): jsonschema says \(theirs ? "valid" : "invalid"), --openapi says \(ours ? "valid" : "invalid")")
            }
            tally.total[source, default: 0] += 1
        }

        for source in ["suite", "openapi"] {
            print("Differential oracle (python jsonschema vs --openapi), \(source) pairs: \(tally.agreeing[source, default: 0]) of \(tally.total[source, default: 0]) agree")
        }
        print("Differential oracle: \(tally.ourKnownFailures) disagreements listed in expected-failures.json; \(tally.pythonsFailures.count) where jsonschema disagrees with the suite; \(tally.undecidedByPython.count) pairs jsonschema could not decide (a regex python's re cannot compile)")
        for id in tally.pythonsFailures { print("  jsonschema disagrees with the suite: \(id)") }
        // Enough of each kind that an oracle gone quiet (no pairs, no document schemas) cannot pass.
        #expect(tally.total["suite", default: 0] >= 1_800, "the suite gave \(tally.total["suite", default: 0]) decided pairs")
        #expect(tally.total["openapi", default: 0] >= 5_000, "the document gave \(tally.total["openapi", default: 0]) decided pairs")
        #expect(tally.agreeing["openapi", default: 0] > 0 && tally.agreeing["suite", default: 0] > 0)
    }

    private struct Tally {
        var agreeing: [String: Int] = [:]
        var total: [String: Int] = [:]
        var ourKnownFailures = 0
        var pythonsFailures: [String] = []
        var undecidedByPython: [String] = []
    }
}
