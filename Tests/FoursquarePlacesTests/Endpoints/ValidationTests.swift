import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// Inputs the client refuses: each names the parameter and nothing goes on the wire.
@Suite("Validation")
struct ValidationTests {
    struct Invalid: Sendable, CustomTestStringConvertible {
        let label: String
        let parameter: String
        let send: @Sendable (FoursquareClient) async throws(FoursquareError) -> Void
        var testDescription: String { label }

        init(_ label: String, _ parameter: String, _ send: @escaping @Sendable (FoursquareClient) async throws(FoursquareError) -> Void) {
            self.label = label
            self.parameter = parameter
            self.send = send
        }
    }

    static let ll = Coordinate(latitude: 40.7, longitude: -74)

    static let invalid: [Invalid] = [
        // fsq_id, on all three place-content endpoints
        Invalid("details: empty id", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceDetailsRequest(placeID: "")) },
        Invalid("details: blank id", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceDetailsRequest(placeID: "  \n")) },
        Invalid("details: id with /", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceDetailsRequest(placeID: "abc/def")) },
        Invalid("details: id ../", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceDetailsRequest(placeID: "../categories")) },
        Invalid("details: id .", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceDetailsRequest(placeID: ".")) },
        Invalid("details: id ..", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceDetailsRequest(placeID: "..")) },
        Invalid("tips: empty id", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceTipsRequest(placeID: "")).results },
        Invalid("tips: id with /", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceTipsRequest(placeID: "a/b")).results },
        Invalid("tips: id ..", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceTipsRequest(placeID: "..")).results },
        Invalid("photos: empty id", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacePhotosRequest(placeID: "")).results },
        Invalid("photos: id with /", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacePhotosRequest(placeID: "/")).results },
        Invalid("photos: id .", "fsq_id") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacePhotosRequest(placeID: ".")).results },
        // coordinates out of range
        Invalid("geotagging: lat 91", "ll") { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.GeotaggingRequest(ll: Coordinate(latitude: 91, longitude: 0))).results
        },
        Invalid("geotagging: lat -90.0001", "ll") { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.GeotaggingRequest(ll: Coordinate(latitude: -90.0001, longitude: 0))).results
        },
        Invalid("search: lng -181", "ll") { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlaceSearchRequest(location: .ll(Coordinate(latitude: 0, longitude: -181)))).results
        },
        Invalid("places-autocomplete: NaN", "ll") { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlacesAutocompleteRequest(query: "coffee", ll: Coordinate(latitude: .nan, longitude: 0))).results
        },
        Invalid("autocomplete: infinite lng", "ll") { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.AutocompleteRequest(query: "coffee", ll: Coordinate(latitude: 0, longitude: .infinity))).results
        },
        Invalid("search: ne lat 91", "ne") { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlaceSearchRequest(location: .bounds(ne: Coordinate(latitude: 91, longitude: 0), sw: Coordinate(latitude: 0, longitude: 0)))).results
        },
        Invalid("search: sw lng -181", "sw") { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlaceSearchRequest(location: .bounds(ne: Coordinate(latitude: 1, longitude: 1), sw: Coordinate(latitude: 0, longitude: -181)))).results
        },
        Invalid("search: sw NaN", "sw") { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlaceSearchRequest(location: .bounds(ne: Coordinate(latitude: 1, longitude: 1), sw: Coordinate(latitude: .nan, longitude: 0)))).results
        },
        Invalid("search: ne south of sw", "ne") { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlaceSearchRequest(location: .bounds(ne: Coordinate(latitude: 10, longitude: 1), sw: Coordinate(latitude: 20, longitude: 0)))).results
        },
        // v2 autocomplete query length
        Invalid("autocomplete: empty query", "query") { c throws(FoursquareError) in _ = try await c.send(SeedContract.AutocompleteRequest(query: "")).results },
        Invalid("autocomplete: 2 chars", "query") { c throws(FoursquareError) in _ = try await c.send(SeedContract.AutocompleteRequest(query: "ab")).results },
        Invalid("autocomplete: '  a '", "query") { c throws(FoursquareError) in _ = try await c.send(SeedContract.AutocompleteRequest(query: "  a ")).results },
        Invalid("autocomplete: ' ab  '", "query") { c throws(FoursquareError) in _ = try await c.send(SeedContract.AutocompleteRequest(query: " ab  ")).results },
        // required queries
        Invalid("chains: empty query", "query") { c throws(FoursquareError) in _ = try await c.send(SeedContract.ChainsRequest(query: "")).results },
        Invalid("chains: blank query", "query") { c throws(FoursquareError) in _ = try await c.send(SeedContract.ChainsRequest(query: "   ")).results },
        Invalid("places-autocomplete: empty query", "query") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacesAutocompleteRequest(query: "")).results },
        Invalid("places-autocomplete: blank query", "query") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacesAutocompleteRequest(query: " \t")).results },
        // limit
        Invalid("tips: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceTipsRequest(placeID: "x", limit: 0)).results },
        Invalid("tips: limit 51", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceTipsRequest(placeID: "x", limit: 51)).results },
        Invalid("photos: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacePhotosRequest(placeID: "x", limit: 0)).results },
        Invalid("photos: limit 51", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacePhotosRequest(placeID: "x", limit: 51)).results },
        Invalid("places-autocomplete: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacesAutocompleteRequest(query: "tea", limit: 0)).results },
        Invalid("places-autocomplete: limit 51", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacesAutocompleteRequest(query: "tea", limit: 51)).results },
        Invalid("search: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceSearchRequest(location: .near("Paris"), limit: 0)).results },
        Invalid("search: limit 51", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceSearchRequest(location: .near("Paris"), limit: 51)).results },
        Invalid("geotagging: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.GeotaggingRequest(ll: ll, limit: 0)).results },
        Invalid("geotagging: limit 51", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.GeotaggingRequest(ll: ll, limit: 51)).results },
        Invalid("chains: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.ChainsRequest(query: "Starbucks", limit: 0)).results },
        Invalid("chains: limit 51", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.ChainsRequest(query: "Starbucks", limit: 51)).results },
        Invalid("autocomplete: limit 0", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.AutocompleteRequest(query: "tea", limit: 0)).results },
        Invalid("autocomplete: limit -1", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.AutocompleteRequest(query: "tea", limit: -1)).results },
        Invalid("autocomplete: limit 51", "limit") { c throws(FoursquareError) in _ = try await c.send(SeedContract.AutocompleteRequest(query: "tea", limit: 51)).results },
        // radius
        Invalid("places-autocomplete: radius 0", "radius") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacesAutocompleteRequest(query: "tea", radius: 0)).results },
        Invalid("places-autocomplete: radius 100001", "radius") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlacesAutocompleteRequest(query: "tea", radius: 100_001)).results },
        Invalid("search: radius 0", "radius") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceSearchRequest(location: .ll(ll, radius: 0))).results },
        Invalid("search: radius -5", "radius") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceSearchRequest(location: .ll(ll, radius: -5))).results },
        Invalid("search: radius 100001", "radius") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceSearchRequest(location: .ll(ll, radius: 100_001))).results },
        Invalid("autocomplete: radius 0", "radius") { c throws(FoursquareError) in _ = try await c.send(SeedContract.AutocompleteRequest(query: "tea", radius: 0)).results },
        Invalid("autocomplete: radius 100001", "radius") { c throws(FoursquareError) in _ = try await c.send(SeedContract.AutocompleteRequest(query: "tea", radius: 100_001)).results },
        // A missing or mixed location strategy cannot be written: `SearchLocation` is an enum.
        Invalid("search: empty near", "near") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceSearchRequest(location: .near(" "))).results },
        // empty optional strings that would be sent as `name=`
        Invalid("details: empty session_token", "session_token") { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceDetailsRequest(placeID: "x", sessionToken: "")) },
        Invalid("categories: empty locale", "locale") { c throws(FoursquareError) in _ = try await c.send(SeedContract.CategoriesRequest(locale: "")).results },
    ]

    @Test("rejected before sending, naming the parameter", arguments: invalid, AuthStyle.allCases)
    func rejected(_ testCase: Invalid, style: AuthStyle) async throws {
        let transport = CapturingTransport()
        let client = FoursquareClient(apiKey: "k", auth: style, transport: transport)
        let error = try #require(await foursquareError { () async throws(FoursquareError) in try await testCase.send(client) })
        #expect(error.code == .invalidInput)
        #expect(error.parameter == testCase.parameter)
        #expect(error.reason?.isEmpty == false)
        #expect(error.status == nil && error.request == nil && error.response == nil)
        #expect(error.description.hasPrefix("invalid input: \(testCase.parameter): "))
        #expect(!error.isRetryable)
        #expect(transport.requests.isEmpty, "nothing may be sent for an invalid input")
    }

    @Test("an empty API key is refused before sending")
    func emptyKey() async throws {
        let transport = CapturingTransport()
        let client = FoursquareClient(apiKey: "", transport: transport)
        let error = try #require(await foursquareError { () async throws(FoursquareError) in try await client.send(SeedContract.CategoriesRequest()).results })
        #expect(error.code == .invalidInput)
        #expect(error.parameter == "apiKey")
        #expect(transport.requests.isEmpty)
    }

    struct Valid: Sendable, CustomTestStringConvertible {
        let label: String
        let expectedQuery: [String: String]
        let send: @Sendable (FoursquareClient) async throws(FoursquareError) -> Void
        var testDescription: String { label }

        init(_ label: String, _ expectedQuery: [String: String], _ send: @escaping @Sendable (FoursquareClient) async throws(FoursquareError) -> Void) {
            self.label = label
            self.expectedQuery = expectedQuery
            self.send = send
        }
    }

    static let valid: [Valid] = [
        Valid("tips: limit 1", ["limit": "1"]) { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceTipsRequest(placeID: "x", limit: 1)).results },
        Valid("tips: limit 50", ["limit": "50"]) { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceTipsRequest(placeID: "x", limit: 50)).results },
        Valid("geotagging: limit 1", ["ll": "40.7,-74", "limit": "1"]) { c throws(FoursquareError) in _ = try await c.send(SeedContract.GeotaggingRequest(ll: ll, limit: 1)).results },
        Valid("chains: limit 50", ["query": "Starbucks", "limit": "50"]) { c throws(FoursquareError) in _ = try await c.send(SeedContract.ChainsRequest(query: "Starbucks", limit: 50)).results },
        Valid("autocomplete: limit 50, 3 chars", ["query": "tea", "limit": "50"]) { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.AutocompleteRequest(query: "tea", limit: 50)).results
        },
        Valid("autocomplete: radius 1", ["query": "tea", "radius": "1"]) { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.AutocompleteRequest(query: "tea", radius: 1)).results
        },
        Valid("search: radius 100000", ["ll": "40.7,-74", "radius": "100000"]) { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlaceSearchRequest(location: .ll(ll, radius: 100_000))).results
        },
        Valid("search: corners at the limits", ["ne": "90,180", "sw": "-90,-180"]) { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlaceSearchRequest(location: .bounds(ne: Coordinate(latitude: 90, longitude: 180), sw: Coordinate(latitude: -90, longitude: -180)))).results
        },
        Valid("search: near only", ["near": "Boston, MA"]) { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlaceSearchRequest(location: .near("Boston, MA"))).results
        },
        Valid("places-autocomplete: one character", ["query": "a"]) { c throws(FoursquareError) in
            _ = try await c.send(SeedContract.PlacesAutocompleteRequest(query: "a")).results
        },
        Valid("details: id with dots inside", [:]) { c throws(FoursquareError) in _ = try await c.send(SeedContract.PlaceDetailsRequest(placeID: "a..b")) },
    ]

    @Test("values at the edges are accepted and sent", arguments: valid)
    func accepted(_ testCase: Valid) async throws {
        let transport = CapturingTransport(body: #"{"results":[], "fsq_id":"x"}"#)
        let client = FoursquareClient(apiKey: "k", transport: transport)
        try await testCase.send(client)
        let request = try #require(transport.lastRequest)
        #expect(request.queryParameters == testCase.expectedQuery)
    }

    @Test("malformed lat,lng text names the parameter", arguments: ["ll", "ne", "sw"], [
        "abc", "1,2,3", "", ",", "40.7", "40.7;-74", "lat,lng", "40.7,-74,",
    ])
    func malformedCoordinate(parameter: String, text: String) throws {
        let error = try #require(foursquareError { () throws(FoursquareError) in try Coordinate(parsing: text, parameter: parameter) })
        #expect(error.code == .invalidInput)
        #expect(error.parameter == parameter)
        #expect(error.reason?.contains("'\(text)'") == true)
    }

    @Test("out-of-range lat,lng text names the parameter", arguments: ["ll", "ne", "sw"], [
        "91,0", "-91,0", "0,181", "0,-181", "nan,0", "0,nan", "inf,0", "1e5,0",
    ])
    func outOfRangeCoordinate(parameter: String, text: String) throws {
        let error = try #require(foursquareError { () throws(FoursquareError) in try Coordinate(parsing: text, parameter: parameter) })
        #expect(error.code == .invalidInput)
        #expect(error.parameter == parameter)
    }

    @Test("well-formed lat,lng text parses", arguments: [
        ("40.7484,-73.9857", 40.7484, -73.9857),
        (" 40.7484 , -73.9857 ", 40.7484, -73.9857),
        ("90,180", 90, 180),
        ("-90,-180", -90, -180),
        ("0,0", 0, 0),
    ])
    func parsesCoordinate(text: String, latitude: Double, longitude: Double) throws {
        let coordinate = try Coordinate(parsing: text, parameter: "ll")
        #expect(coordinate == Coordinate(latitude: latitude, longitude: longitude))
    }
}
