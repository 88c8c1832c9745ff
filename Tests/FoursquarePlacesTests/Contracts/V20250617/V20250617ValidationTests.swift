import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// What the client refuses to send on the 2025-06-17 endpoints, naming the parameter.
@Suite("2025-06-17 validation")
struct V20250617ValidationTests {
    typealias C = Contract20250617
    static let ll = Coordinate(latitude: 1, longitude: 1)

    struct Invalid: Sendable, CustomTestStringConvertible {
        let label: String
        let parameter: String
        let call: @Sendable (PlacesClient<C>) async throws(FoursquareError) -> Void
        init(_ label: String, _ parameter: String, _ call: @escaping @Sendable (PlacesClient<C>) async throws(FoursquareError) -> Void) {
            self.label = label
            self.parameter = parameter
            self.call = call
        }
        var testDescription: String { label }
    }

    static let cases: [Invalid] = [
        Invalid("search: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.placeSearch(C.PlaceSearchRequest(limit: 0)) },
        Invalid("search: limit 51", "limit") { c throws(FoursquareError) in _ = try await c.placeSearch(C.PlaceSearchRequest(limit: 51)) },
        Invalid("search: radius 100001", "radius") { c throws(FoursquareError) in
            _ = try await c.placeSearch(C.PlaceSearchRequest(location: .ll(ll, radius: 100_001)))
        },
        Invalid("search: ll out of range", "ll") { c throws(FoursquareError) in
            _ = try await c.placeSearch(C.PlaceSearchRequest(location: .ll(Coordinate(latitude: 91, longitude: 0))))
        },
        Invalid("search: ne south of sw", "ne") { c throws(FoursquareError) in
            _ = try await c.placeSearch(C.PlaceSearchRequest(location: .bounds(ne: Coordinate(latitude: 1, longitude: 1), sw: Coordinate(latitude: 2, longitude: 0))))
        },
        Invalid("search: empty near", "near") { c throws(FoursquareError) in _ = try await c.placeSearch(C.PlaceSearchRequest(location: .near(" "))) },
        Invalid("search: min_price 0", "min_price") { c throws(FoursquareError) in _ = try await c.placeSearch(C.PlaceSearchRequest(minPrice: 0)) },
        Invalid("search: max_price 5", "max_price") { c throws(FoursquareError) in _ = try await c.placeSearch(C.PlaceSearchRequest(maxPrice: 5)) },
        Invalid("search: min above max", "min_price") { c throws(FoursquareError) in _ = try await c.placeSearch(C.PlaceSearchRequest(minPrice: 3, maxPrice: 2)) },
        Invalid("search: open_now with open_at", "open_at") { c throws(FoursquareError) in
            _ = try await c.placeSearch(C.PlaceSearchRequest(openNow: true, openAt: "1T2130"))
        },
        Invalid("search: exclude_all_chains with chain ids", "exclude_all_chains") { c throws(FoursquareError) in
            _ = try await c.placeSearch(C.PlaceSearchRequest(chainIDs: ["a"], excludeAllChains: true))
        },
        Invalid("details: empty id", "fsq_place_id") { c throws(FoursquareError) in _ = try await c.placeDetails(C.PlaceDetailsRequest(placeID: " ")) },
        Invalid("details: id with a slash", "fsq_place_id") { c throws(FoursquareError) in _ = try await c.placeDetails(C.PlaceDetailsRequest(placeID: "a/b")) },
        Invalid("tips: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.placeTips(C.PlaceTipsRequest(placeID: "x", limit: 0)) },
        Invalid("tips: dot-dot id", "fsq_place_id") { c throws(FoursquareError) in _ = try await c.placeTips(C.PlaceTipsRequest(placeID: "..")) },
        Invalid("photos: limit 51", "limit") { c throws(FoursquareError) in _ = try await c.placePhotos(C.PlacePhotosRequest(placeID: "x", limit: 51)) },
        Invalid("autocomplete: empty query", "query") { c throws(FoursquareError) in _ = try await c.autocomplete(C.AutocompleteRequest(query: "  ")) },
        Invalid("autocomplete: radius 0", "radius") { c throws(FoursquareError) in _ = try await c.autocomplete(C.AutocompleteRequest(query: "tea", radius: 0)) },
        Invalid("autocomplete: empty session_token", "session_token") { c throws(FoursquareError) in
            _ = try await c.autocomplete(C.AutocompleteRequest(query: "tea", sessionToken: ""))
        },
        Invalid("geotagging: ll out of range", "ll") { c throws(FoursquareError) in
            _ = try await c.geotagging(C.GeotaggingRequest(ll: Coordinate(latitude: 0, longitude: 181)))
        },
        Invalid("geotagging: hacc not finite", "hacc") { c throws(FoursquareError) in
            _ = try await c.geotagging(C.GeotaggingRequest(ll: ll, hacc: .infinity))
        },
        Invalid("geotagging: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.geotagging(C.GeotaggingRequest(ll: ll, limit: 0)) },
    ]

    @Test("invalid input is refused before sending, naming the parameter", arguments: cases)
    func refused(testCase: Invalid) async throws {
        let transport = CapturingTransport()
        let error = try #require(await foursquareError { () async throws(FoursquareError) in
            try await testCase.call(PlacesClient<C>(apiKey: APIKey("k"), transport: transport))
        })
        #expect(transport.requestCount == 0)
        #expect(error.code == .invalidInput)
        guard case let .invalidInput(parameter, reason) = error.details else {
            Issue.record("expected invalidInput details, got \(error.details)")
            return
        }
        #expect(parameter == testCase.parameter)
        #expect(!reason.isEmpty)
    }

    @Test("boundary values are accepted")
    func boundaries() async throws {
        let transport = CapturingTransport(body: V20250617Samples.search)
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: transport)
        _ = try await client.placeSearch(C.PlaceSearchRequest(location: .ll(Coordinate(latitude: -90, longitude: 180), radius: 0),
                                                    minPrice: 1, maxPrice: 4, limit: 50))
        _ = try await client.placeSearch(C.PlaceSearchRequest(minPrice: 4, maxPrice: 4, limit: 1))
        #expect(transport.requestCount == 2)
    }
}
