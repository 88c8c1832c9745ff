import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import OpenAPIConformance
import Testing
import TestSupport

/// `fuzz`'s engine on Foursquare's document at a fixed seed and a small count (larger counts are `fsq-bench fuzz`'s):
/// every operation and documented status decodes through the client, and a departure taken out of the overrides
/// is found, named and shrunk.
@Suite("Document fuzzer on the 2025-06-17 document")
struct DocumentFuzzerTests {
    @Test func everyOperationAndStatusDecodesAtAFixedSeed() throws {
        let document = try GeneratorDocument.compiled()
        let cases = DocumentFuzzer.cases(of: document, count: 25, seed: 20250617)
        let documented = document.operations.reduce(0) { $0 + $1.responses.count }
        #expect(cases.count == documented)
        #expect(Set(cases.map(\.operation)).count == 18, "every operation of the document")
        for item in cases {
            switch item.verdict {
            case .passed: #expect(item.answers == 25)
            case let .failed(failure):
                Issue.record("\(item.operation) \(item.status): \(failure.pointer) \(failure.expected)/\(failure.found): \(String(decoding: failure.minimalAnswer, as: UTF8.self))")
            case let .skipped(reason), let .error(reason):
                Issue.record("\(item.operation) \(item.status): \(reason)")
            }
        }
    }

    @Test func aRemovedDepartureFailsWithItsPointerFieldAndAMinimalAnswer() throws {
        try withTemporaryDirectory { folder in
            let overrides = try GeneratorDocument.overrides(
                without: { $0.hasPrefix("/paths/~1places~1search/") && $0.hasSuffix("/results/items/properties/fsq_place_id") }, in: folder)
            let document = try GeneratorDocument.compiled(overrides: overrides)
            let cases = DocumentFuzzer.cases(of: document, count: 50, seed: 1)
            let search = try #require(cases.first { $0.operation == "GET /places/search" && $0.status == "200" })
            guard case let .failed(failure) = search.verdict else {
                Issue.record("expected the search case to fail, got \(search.verdict)")
                return
            }
            #expect(failure.pointer == "/results/0/fsq_place_id")
            #expect(failure.field == "fsq_place_id")
            #expect(search.model == "Contract20250617.SearchResponse")
            let answer = String(decoding: failure.minimalAnswer, as: UTF8.self)
            #expect(answer == #"{"results":[{}]}"#, "the smallest answer that still fails")
            // The other operations are untouched.
            #expect(cases.filter { if case .failed = $0.verdict { true } else { false } }.count == 1)
        }
    }

    @Test func anErrorAnswerCarriesItsMessageIntoTheError() throws {
        let endpoint = try #require(Contract.v20250617.endpoints.first { $0.id == .placeDetails })
        let decoding = ClientDecoding(endpoint: endpoint, status: 404)
        #expect(decoding.failure(of: .object([("message", .string("Café not found"))])) == nil)
        #expect(decoding.model == "FoursquareError")
    }

    @Test func aFailurePathBecomesAPointer() {
        let failure = ClientDecoding.Failure(path: "$.results[2].chains[1].logo.prefix", expected: "a value", found: "no such key", detail: "")
        #expect(failure.pointer == "/results/2/chains/1/logo/prefix")
        #expect(failure.field == "prefix")
        #expect(failure.shape == "$.results[].chains[].logo.prefix")
    }
}
