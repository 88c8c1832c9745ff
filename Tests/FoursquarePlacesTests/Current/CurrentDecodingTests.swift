import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// 2025-06-17 bodies, with only fields the OpenAPI documents, decode into the models.
@Suite("2025-06-17 decoding")
struct CurrentDecodingTests {
    typealias C = Contract20250617

    @Test("a place: ids, top-level coordinates, string category ids, chains, hours, stats")
    func place() async throws {
        let place = try await client(C.self, CapturingTransport(body: CurrentSamples.place)).place(C.PlaceRequest(placeID: "4b5a1c3ef964a520b0b128e3"))
        #expect(place.id == "4b5a1c3ef964a520b0b128e3")
        #expect(place.name == "Blue Bottle Coffee")
        #expect(place.latitude == 37.7764 && place.longitude == -122.4233)
        #expect(place.coordinate == Coordinate(latitude: 37.7764, longitude: -122.4233))
        #expect(place.categories?.first?.id == "4bf58dd8d48988d1e0931735")
        #expect(place.categories?.first?.pluralName == "Coffee Shops")
        #expect(place.categories?.first?.iconURL(size: .px88)?.absoluteString
            == "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_88.png")
        #expect(place.chains?.first?.id == "ab4c54c0-d68a-012e-5619-003048cad9da")
        #expect(place.location?.formattedAddress == "315 Linden St, San Francisco, CA 94102")
        #expect(place.distance == 120)
        #expect(place.link == "/places/4b5a1c3ef964a520b0b128e3")
        #expect(place.dateCreated == "2010-01-22" && place.dateRefreshed == "2025-05-01" && place.dateClosed == nil)
        #expect(place.hours?.openNow == true)
        #expect(place.hours?.regular?.first?.open == "0700")
        #expect(place.rating == 9.1 && place.price == 2 && place.verified == true)
        #expect(place.stats?.totalTips == 42)
        #expect(place.socialMedia?.instagram == "bluebottle")
    }

    @Test("search: results and the searched circle")
    func search() async throws {
        let page = try await client(C.self, CapturingTransport(body: CurrentSamples.search)).search(C.SearchRequest(query: "coffee"))
        #expect(page.results.map(\.name) == ["Blue Bottle Coffee"])
        #expect(page.context?.geoBounds?.circle?.radius == 1000)
        #expect(page.context?.geoBounds?.circle?.center?.latitude == 37.7764)
    }

    @Test("tips and photos are top-level arrays keyed fsq_tip_id and id")
    func tipsAndPhotos() async throws {
        let tips = try await client(C.self, CapturingTransport(body: CurrentSamples.tips)).tips(C.TipsRequest(placeID: "x"))
        #expect(tips.map(\.id) == ["5f0c2f1e5b4f5f0a3f5d7a11"])
        #expect(tips.first?.agreeCount == 3)
        let photos = try await client(C.self, CapturingTransport(body: CurrentSamples.photos)).photos(C.PhotosRequest(placeID: "x"))
        #expect(photos.map(\.id) == ["5d8e2b1c7f1a2b0008c3a1b2"])
        #expect(photos.first?.imageURL(size: .cap(300))?.absoluteString == "https://fastly.4sqi.net/img/general/cap300/photo.jpg")
    }

    @Test("autocomplete: place, search and geo suggestions")
    func autocomplete() async throws {
        let response = try await client(C.self, CapturingTransport(body: CurrentSamples.autocomplete)).autocomplete(C.AutocompleteRequest(query: "blue"))
        #expect(response.results.map(\.type) == ["place", "search", "geo"])
        #expect(response.results[0].place?.id == "4b5a1c3ef964a520b0b128e3")
        #expect(response.results[1].search?.query == "coffee")
        #expect(response.results[2].geo?.bounds?.ne?.latitude == 37.83)
    }

    @Test("geotagging candidates")
    func geotagging() async throws {
        let response = try await client(C.self, CapturingTransport(body: CurrentSamples.geotaggingCandidates))
            .geotagging(C.GeotaggingRequest(ll: Coordinate(latitude: 37.7, longitude: -122.4)))
        #expect(response.candidates.map(\.id) == ["4b5a1c3ef964a520b0b128e3"])
    }

    @Test("a seed-shaped body fails at the field that moved", arguments: [
        (EndpointID.placeSearch, #"{"results":[{"fsq_id":"x","name":"n"}]}"#, "$.results[0].fsq_place_id"),
        (.placeDetails, #"{"fsq_id":"x","name":"n"}"#, "$.fsq_place_id"),
        (.placeTips, #"{"results":[]}"#, "$"),
        (.placePhotos, #"[{"fsq_id":"x"}]"#, "$[0].id"),
        (.geotaggingCandidates, #"{"results":[]}"#, "$.candidates"),
    ])
    func seedBodiesFail(id: EndpointID, body: String, path: String) async throws {
        let sample = try #require(EndpointSamples.sample(id, in: .v20250617))
        let client = FoursquareClient(apiKey: APIKey("k"), contract: .v20250617, transport: CapturingTransport(body: body))
        let error = try #require(await foursquareError { () async throws(FoursquareError) in
            try await EndpointSamples.send(sample, via: client)
        })
        #expect(error.code == .decodingFailed)
        guard case let .decoding(failure) = error.details else {
            Issue.record("expected decoding details, got \(error.details)")
            return
        }
        #expect(failure.path == path)
    }

    @Test("coordinates that are not numbers fail with the path")
    func coordinatesAreNumbers() async throws {
        let body = #"{"fsq_place_id":"x","latitude":{"value":1}}"#
        let error = try #require(await foursquareError { () async throws(FoursquareError) in
            _ = try await client(C.self, CapturingTransport(body: body)).place(C.PlaceRequest(placeID: "x"))
        })
        #expect(error.decoding?.path == "$.latitude")
    }
}
