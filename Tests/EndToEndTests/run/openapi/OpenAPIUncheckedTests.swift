import Foundation
import Testing
import TestSupport

/// What `--openapi` cannot check is said once per run, on the terminal and in the job's step summary, naming the
/// keyword and where the document uses it.
@Suite("--openapi names what it does not check")
struct OpenAPIUncheckedTests {
    @Test func anUnknownFormatIsOneWarningLineAndAStepSummaryLine() async throws {
        try await withTemporaryDirectory { tmp in
            let corpus = tmp.appendingPathComponent("Fixtures")
            let source = Products.packageRoot.appendingPathComponent("Fixtures/place-search/2025-06-17")
            let file = try #require(try FileManager.default.contentsOfDirectory(at: source, includingPropertiesForKeys: nil)
                .filter { $0.lastPathComponent.hasPrefix("200") }.sorted { $0.path < $1.path }.first)
            try copyFixtures(["place-search/2025-06-17/\(file.lastPathComponent)"], to: corpus)
            let document = tmp.appendingPathComponent("doc.json")
            try #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "20250617"},
             "paths": {"/places/search": {"get": {"parameters": [{"name": "ll", "in": "query", "schema": {"type": "string"}},
               {"name": "query", "in": "query", "schema": {"type": "string"}}, {"name": "limit", "in": "query", "schema": {"type": "integer"}},
               {"name": "radius", "in": "query", "schema": {"type": "integer"}}, {"name": "near", "in": "query", "schema": {"type": "string"}},
               {"name": "ne", "in": "query", "schema": {"type": "string"}}, {"name": "sw", "in": "query", "schema": {"type": "string"}},
               {"name": "fields", "in": "query", "schema": {"type": "string"}}, {"name": "categories", "in": "query", "schema": {"type": "string"}},
               {"name": "sort", "in": "query", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
                {"type": "object", "properties": {"results": {"type": "array", "items": {"properties": {"tel": {"format": "phone"}, "website": {"format": "phone"}}}}}}}}}}}}}}
            """#.write(to: document, atomically: true, encoding: .utf8)
            let summary = tmp.appendingPathComponent("summary.md")
            let result = try await Products.run(["run", "--contract", "2025-06-17", "--fixtures", corpus.path, "--report",
                                                 tmp.appendingPathComponent("junit.xml").path, "--openapi", document.path],
                                                environment: ["GITHUB_STEP_SUMMARY": summary.path])
            let line = "not checked: format \"phone\" at #/paths/~1places~1search/get/responses/200/content/application~1json/schema/properties/results/items/properties/tel/format (and 1 more place)"
            let warnings = result.stderr.components(separatedBy: "\n").filter { $0.contains("not checked:") }
            #expect(warnings.count == 1, "\(result.stderr)")
            #expect(warnings.first?.hasPrefix("warning: openapi: \(document.path): \(line)") == true, "\(result.stderr)")
            #expect(!result.stdout.contains("not checked:"), "the warning is printed once, on stderr")
            let markdown = try String(contentsOf: summary, encoding: .utf8)
            #expect(markdown.contains("OpenAPI: 1 keyword of the document not checked"), "\(markdown)")
            #expect(markdown.contains(line), "\(markdown)")
        }
    }
}
