import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import Testing

/// The shipped 2025-06-17 corpus speaks the official document: every 2xx body uses only documented fields, with
/// their JSON types (numbers for coordinates), checked by the same `SchemaCheck` as the stand-in's answers.
@Suite("the 2025-06-17 corpus against the official OpenAPI")
struct V20250617CorpusSchemaTests {
    static var successes: [Fixture] {
        sharedFixtures.filter { $0.contract == Contract.v20250617.id && (200...299).contains($0.response.status) }
    }

    @Test func every2xxBodyUsesOnlyDocumentedFieldsWithTheirTypes() throws {
        #expect(Set(Self.successes.map(\.endpoint)) == Set(Contract.v20250617.endpoints.map(\.id)))
        for fixture in Self.successes {
            let entry = try #require(fixture.registryEntry)
            let body = try JSONSerialization.jsonObject(with: fixture.response.body.data, options: [.fragmentsAllowed])
            let problems = SchemaCheck.problems(body, try SchemaCheck.responseSchema(entry.pathTemplate, method: entry.method))
            #expect(problems.isEmpty, "\(fixture.relativePath): \(problems)")
        }
    }

    /// Recorded and authored error bodies are the API's: `message` only. Synthesized ones (`fixtures synthesize`) carry
    /// `error_detail` too, the error body's second member, which the error-mapping check must see reach the error.
    @Test func everyErrorBodyIsTheAPIsMessageOnly() throws {
        let errors = sharedFixtures.filter {
            $0.contract == Contract.v20250617.id && !(200...299).contains($0.response.status) && !$0.isSynthesized
        }
        #expect(!errors.isEmpty)
        for fixture in errors {
            let body = try #require(try JSONSerialization.jsonObject(with: fixture.response.body.data) as? [String: Any],
                                    "\(fixture.relativePath)")
            #expect(Array(body.keys) == ["message"] && body["message"] is String, "\(fixture.relativePath): \(body)")
        }
    }
}
