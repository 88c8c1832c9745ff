import Foundation
import FixtureFormat
import FoursquarePlaces
import Testing

/// The client drops an unreadable result element for apps, but a contract check must not: the call the harness makes
/// from a fixture decodes strictly, so its `decoding` check fails on such an answer.
@Suite("the harness's calls decode strictly")
struct CallPlanStrictDecodingTests {
    /// Answers every request with one body.
    struct Body: Transport {
        let text: String
        func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
            (Data(text.utf8), HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]))
        }
    }

    @Test func aSearchAnswerWithOneUnreadableResultFailsDecoding() async throws {
        let plan = try CallPlan.make(endpoint: .placeSearch, contract: "2025-06-17", path: "/places/search", query: ["query": "coffee"])
        let client = FoursquareClient(apiKey: APIKey("k"), contract: .v20250617,
                                      transport: Body(text: #"{"results":[{"fsq_place_id":"a"},{"fsq_place_id":"b"},{"name":"no id"}]}"#))
        #expect(client.decodesResultsLeniently, "apps get the lenient default")
        guard case let .failed(error) = await plan.run(with: client) else {
            Issue.record("the harness's call decoded an answer whose results[2] has no fsq_place_id"); return
        }
        #expect(error.code == .decodingFailed)
        #expect(error.decoding?.path == "$.results[2].fsq_place_id")
        guard case .failed = await plan.runValidated(with: client) else {
            Issue.record("the validated call decoded it too"); return
        }
    }
}
