import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// The exact request each 2025-06-17 endpoint sends: method, escaped path, query and header set.
@Suite("2025-06-17 requests")
struct CurrentRequestTests {
    typealias C = Contract20250617
    static let key = "current-key-0123"
    static let ll = Coordinate(latitude: 37.7764, longitude: -122.4233)

    static func client(_ transport: CapturingTransport) -> PlacesClient<C> {
        PlacesClient<C>(apiKey: APIKey(key), transport: transport)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let id: EndpointID
        let path: String
        let query: [String: String]
        let call: @Sendable (PlacesClient<C>) async throws(FoursquareError) -> Void
        var testDescription: String { "\(id) \(path)" }
    }

    static let cases: [Case] = [
        Case(id: .placeSearch, path: "/places/search", query: [
            "query": "coffee & tea", "ll": "37.7764,-122.4233", "radius": "800", "fsq_category_ids": "4bf58dd8d48988d1e0931735,13035",
            "fsq_chain_ids": "ab4c54c0", "min_price": "1", "max_price": "3", "open_now": "true", "tel_format": "E164",
            "sort": "DISTANCE", "limit": "10", "fields": "fsq_place_id,name,latitude",
        ]) { c throws(FoursquareError) in
            _ = try await c.search(C.SearchRequest(
                query: "coffee & tea", location: .ll(ll, radius: 800), categoryIDs: ["4bf58dd8d48988d1e0931735", "13035"],
                chainIDs: ["ab4c54c0"], minPrice: 1, maxPrice: 3, openNow: true, telFormat: .e164, sort: .distance, limit: 10,
                fields: ["fsq_place_id", "name", "latitude"]))
        },
        Case(id: .placeSearch, path: "/places/search", query: [
            "near": "Chicago, IL", "exclude_fsq_chain_ids": "a,b", "open_at": "1T2130",
        ]) { c throws(FoursquareError) in
            _ = try await c.search(C.SearchRequest(location: .near("Chicago, IL"), excludeChainIDs: ["a", "b"], openAt: "1T2130"))
        },
        Case(id: .placeSearch, path: "/places/search", query: [
            "ne": "40.8,-73.9", "sw": "40.7,-74", "exclude_all_chains": "true",
        ]) { c throws(FoursquareError) in
            _ = try await c.search(C.SearchRequest(
                location: .bounds(ne: Coordinate(latitude: 40.8, longitude: -73.9), sw: Coordinate(latitude: 40.7, longitude: -74)),
                excludeAllChains: true))
        },
        Case(id: .placeSearch, path: "/places/search", query: ["query": "bagel"]) { c throws(FoursquareError) in
            _ = try await c.search(C.SearchRequest(query: "bagel"))
        },
        Case(id: .placeDetails, path: "/places/a%20b%3Fc", query: ["fields": "fsq_place_id,hours"]) { c throws(FoursquareError) in
            _ = try await c.place(C.PlaceRequest(placeID: "a b?c", fields: ["fsq_place_id", "hours"]))
        },
        Case(id: .placeTips, path: "/places/4b5a1c3ef964a520b0b128e3/tips", query: ["limit": "5", "sort": "POPULAR", "fields": "text"]) { c throws(FoursquareError) in
            _ = try await c.tips(C.TipsRequest(placeID: "4b5a1c3ef964a520b0b128e3", limit: 5, sort: .popular, fields: ["text"]))
        },
        Case(id: .placePhotos, path: "/places/4b5a1c3ef964a520b0b128e3/photos", query: ["limit": "2", "sort": "NEWEST", "classifications": "food,indoor"]) { c throws(FoursquareError) in
            _ = try await c.photos(C.PhotosRequest(placeID: "4b5a1c3ef964a520b0b128e3", limit: 2, sort: .newest, classifications: ["food", "indoor"]))
        },
        Case(id: .autocomplete, path: "/autocomplete", query: [
            "query": "blue bot", "ll": "37.7764,-122.4233", "radius": "5000", "types": "place,geo", "bias": "place",
            "session_token": "s-1", "limit": "7",
        ]) { c throws(FoursquareError) in
            _ = try await c.autocomplete(C.AutocompleteRequest(
                query: "blue bot", ll: ll, radius: 5000, types: [.place, .geo], bias: .place, sessionToken: "s-1", limit: 7))
        },
        Case(id: .geotaggingCandidates, path: "/geotagging/candidates", query: [
            "ll": "37.7764,-122.4233", "hacc": "12.5", "altitude": "30", "query": "cafe", "limit": "3", "fields": "name",
        ]) { c throws(FoursquareError) in
            _ = try await c.geotagging(C.GeotaggingRequest(ll: ll, hacc: 12.5, altitude: 30, query: "cafe", limit: 3, fields: ["name"]))
        },
    ]

    @Test("the cases cover every 2025-06-17 endpoint")
    func coversEveryEndpoint() {
        #expect(Set(Self.cases.map(\.id)) == Set(Contract.v20250617.endpoints.map(\.id)))
    }

    @Test("each call sends exactly the documented request, bearer only", arguments: cases)
    func exactRequest(testCase: Case) async throws {
        let transport = CapturingTransport { _ in .response(status: 500, headers: [:], body: Data()) }
        _ = await foursquareError { () async throws(FoursquareError) in try await testCase.call(Self.client(transport)) }
        let request = try #require(transport.lastRequest)
        #expect(transport.requestCount == 1)
        #expect(request.method == "GET")
        #expect(request.path == testCase.path)
        #expect(request.url.host == "places-api.foursquare.com")
        #expect(request.queryParameters == testCase.query)
        #expect(headerSet(request.headers) == [
            "authorization": "Bearer \(Self.key)", "x-places-api-version": "2025-06-17", "accept": "application/json",
        ])
        // The registry routes what was sent back to the same endpoint.
        #expect(RequestMatcher.route(method: request.method, path: request.path, in: .v20250617)?.endpoint.id == testCase.id)
    }

    @Test("spaces, ampersands and plus signs are escaped in the query")
    func escaping() throws {
        let client = FoursquareClient(apiKey: APIKey(Self.key), contract: .v20250617, transport: CapturingTransport())
        let request = try client.makeHTTPRequest(C.SearchRequest(query: "fish & chips+peas", location: .near("Café Zürich")))
        #expect(request.url.query == "query=fish%20%26%20chips%2Bpeas&near=Caf%C3%A9%20Z%C3%BCrich")
    }

    @Test("a client set up from the contract speaks bearer with the version header")
    func clientFromContract() {
        let client = FoursquareClient(apiKey: APIKey(Self.key), contract: .v20250617)
        #expect(client.auth == .bearer)
        #expect(client.apiVersion == "2025-06-17")
        #expect(client.baseURL.absoluteString == "https://places-api.foursquare.com")
        #expect(Contract.v20250617.authStyles == [.bearer])
        #expect(Contract.seed.authStyles == [.apiKey, .bearer])
    }
}
