import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// One unreadable element of a result list is dropped and reported, not fatal; single objects stay strict.
@Suite("Lenient result lists")
struct LenientResultsTests {
    typealias C = Contract20250617

    static let searchBody = #"""
        {"results":[{"fsq_place_id":"a","name":"A"},{"fsq_place_id":"b","name":"B"},{"name":"no id"},
                    {"fsq_place_id":"d","categories":[{"name":"category without id"}]},{"fsq_place_id":"e"}]}
        """#

    @Test("a search answer whose results[2] lacks fsq_place_id gives the other places and lists the skipped ones")
    func searchSkipsAndReports() async throws {
        let response = try await client(C.self, CapturingTransport(body: Self.searchBody)).response(to: C.SearchRequest(query: "coffee"))
        #expect(response.value.results.map(\.id) == ["a", "b", "e"])
        #expect(response.skippedElements.map(\.path) == ["$.results[2]", "$.results[3]"])
        #expect(response.skippedElements[0].failure.path == "$.results[2].fsq_place_id")
        #expect(response.skippedElements[0].failure.found == "no such key")
        #expect(response.skippedElements[1].failure.path == "$.results[3].categories[0].fsq_category_id")
        #expect(response.skippedElements[0].description == "$.results[2] skipped: at $.results[2].fsq_place_id: expected a value, found no such key")
        // The typed call returns the readable places too.
        #expect(try await client(C.self, CapturingTransport(body: Self.searchBody)).search(C.SearchRequest()).results.count == 3)
    }

    @Test("top-level lists (tips, photos) and autocomplete and geotagging lists are lenient too")
    func otherLists() async throws {
        let tips = try await client(C.self, CapturingTransport(body: #"[{"fsq_tip_id":"t1"},{"text":"no id"},null,{"fsq_tip_id":"t4"}]"#))
            .response(to: C.TipsRequest(placeID: "p"))
        #expect(tips.value.map(\.id) == ["t1", "t4"])
        #expect(tips.skippedElements.map(\.path) == ["$[1]", "$[2]"])
        let auto = try await client(C.self, CapturingTransport(body: #"{"results":[{"type":"place","text":{"primary":"A"}},{"type":"place"}]}"#))
            .response(to: C.AutocompleteRequest(query: "cof"))
        #expect(auto.value.results.count == 1)
        #expect(auto.skippedElements.map(\.path) == ["$.results[1]"])
        let geo = try await client(C.self, CapturingTransport(body: #"{"candidates":[{"name":"x"},{"fsq_place_id":"g"}]}"#))
            .response(to: C.GeotaggingRequest())
        #expect(geo.value.candidates.map(\.id) == ["g"])
        #expect(geo.skippedElements.map(\.path) == ["$.candidates[0]"])
    }

    @Test("a single object, a missing list and a list of the wrong type still fail the call")
    func strictWhereTheAppIsAffected() async throws {
        let details = await foursquareError { () async throws(FoursquareError) in
            _ = try await client(C.self, CapturingTransport(body: #"{"name":"no id"}"#)).place(C.PlaceRequest(placeID: "p"))
        }
        #expect(details?.code == .decodingFailed)
        let missing = await foursquareError { () async throws(FoursquareError) in
            _ = try await client(C.self, CapturingTransport(body: #"{"context":{}}"#)).search(C.SearchRequest())
        }
        #expect(missing?.code == .decodingFailed)
        let wrongType = await foursquareError { () async throws(FoursquareError) in
            _ = try await client(C.self, CapturingTransport(body: #"{"results":{"fsq_place_id":"a"}}"#)).search(C.SearchRequest())
        }
        #expect(wrongType?.code == .decodingFailed)
        // Another contract's answer: no element reads, so the call fails at the first.
        let seedShaped = await foursquareError { () async throws(FoursquareError) in
            _ = try await client(C.self, CapturingTransport(body: #"{"results":[{"fsq_id":"a"},{"fsq_id":"b"}]}"#)).search(C.SearchRequest())
        }
        #expect(seedShaped?.code == .decodingFailed)
        #expect(seedShaped?.decoding?.path == "$.results[0].fsq_place_id")
        // An empty list is a list.
        #expect(try await client(C.self, CapturingTransport(body: #"{"results":[]}"#)).search(C.SearchRequest()).results.isEmpty)
    }

    @Test("a skipped element's reason never shows the key, even when the body echoes it")
    func skippedElementsKeepTheKeyOut() async throws {
        let key = "SENTINEL-KEY-skipped-91"
        let client = PlacesClient<C>(apiKey: APIKey(key), transport: CapturingTransport(
            body: #"{"results":[{"fsq_place_id":"a"},{"fsq_place_id":"\#(key)","name":7}]}"#))
        let response = try await client.response(to: C.SearchRequest())
        #expect(response.skippedElements.count == 1)
        #expect(!"\(response.skippedElements)".contains(key))
        #expect(!String(reflecting: response.skippedElements).contains(key))
    }

    @Test("with leniency off (the harness), or with a plain JSONDecoder, the same answer fails decoding")
    func strictWhenAsked() async throws {
        var client = TestSupport.client(C.self, CapturingTransport(body: Self.searchBody))
        client.decodesResultsLeniently = false
        let error = await foursquareError { () async throws(FoursquareError) in _ = try await client.search(C.SearchRequest()) }
        #expect(error?.code == .decodingFailed)
        #expect(error?.decoding?.path == "$.results[2].fsq_place_id")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(C.SearchResponse.self, from: Data(Self.searchBody.utf8)) }
    }
}
