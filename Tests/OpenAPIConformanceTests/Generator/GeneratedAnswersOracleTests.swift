import FixtureFormat
import Foundation
@testable import OpenAPIConformance
import Testing
import TestSupport

/// A reference checks the generator: every answer `fuzz` would put through the client (the ones `--openapi`'s
/// validator keeps) is valid for python's `jsonschema` too, against the same patched document. A generator that
/// emitted answers the document forbids would prove nothing about the client.
@Suite("Generated answers against python's jsonschema")
struct GeneratedAnswersOracleTests {
    @Test func everyKeptAnswerIsValidForJSONSchema() async throws {
        var tree = try DocumentFile.tree(at: GeneratorDocument.path)
        _ = try #require(ShippedOverrides.forDocument(tree, contract: .v20250617)).apply(to: &tree)
        let document = try GeneratorDocument.compiled()
        let validator = InstanceValidator(table: document.schemas)
        var pairs: [JSONValue] = []
        var kept = 0, rejected = 0
        for operation in document.operations {
            for response in operation.responses {
                guard let schema = CompiledDocument.entry(for: "application/json", in: response.content)?.schema else { continue }
                var generator = AnswerGenerator(table: document.schemas, seed: DocumentFuzzer.seed(5, operation.label, response.status))
                for _ in 0..<12 {
                    let answer = generator.answer(for: schema)
                    guard validator.isValid(answer, against: schema) else { rejected += 1; continue }
                    kept += 1
                    let pointer = document.schemas.nodes[schema].pointer.description.dropFirst()
                    pairs.append(.object([("pointer", .string(String(pointer))), ("instance", answer)]))
                }
            }
        }
        #expect(kept > 200 && rejected * 10 < kept, "kept \(kept), rejected \(rejected): the generator should rarely miss")
        try await withTemporaryDirectory { folder in
            let input = folder.appendingPathComponent("pairs.json")
            try JSONValue.object([("document", tree), ("pairs", .array(pairs))]).jsonData.write(to: input)
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("JSONSchemaTestSuite/generated_answers_oracle.py")
            let result = try await runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, input.path], timeout: .seconds(120))
            guard result.status == 0 else {
                Issue.record("generated_answers_oracle.py failed (\(result.stderr.split(separator: "\n").last ?? "")): python3 with jsonschema is needed; run scripts/setup.sh")
                return
            }
            guard case let .array(verdicts)? = try JSONSpan.parse(Data(result.stdout.utf8)).member("valid") else {
                Issue.record("generated_answers_oracle.py printed no verdicts")
                return
            }
            #expect(verdicts.count == pairs.count)
            for (verdict, pair) in zip(verdicts, pairs) {
                if case .bool(true) = verdict { continue }
                Issue.record("jsonschema rejects a kept answer at \(pair.member("pointer").map { String(decoding: $0.jsonData, as: UTF8.self) } ?? ""): \(String(decoding: pair.member("instance")!.jsonData.prefix(400), as: UTF8.self))")
            }
        }
    }
}
