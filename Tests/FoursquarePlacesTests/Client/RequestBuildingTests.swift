import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// The exact request each endpoint sends: method, escaped path, encoded query and headers.
@Suite("Request building")
struct RequestBuildingTests {
    static let key = "fsq3-test-key-1234"

    /// One endpoint call with tricky parameter values, and the path and raw query it must produce.
    struct Case: Sendable, CustomTestStringConvertible {
        let id: EndpointID
        let path: String
        let query: String?
        let send: @Sendable (FoursquareClient) async throws(FoursquareError) -> Void
        var testDescription: String { id.rawValue }
    }

    static let ll = Coordinate(latitude: 40.7484, longitude: -73.9857)

    static let cases: [Case] = [
        Case(id: .placeDetails, path: "/places/a%20b",
             query: "fields=fsq_id,name,location&session_token=tok%2B1%26x%3Dy%20z") { client throws(FoursquareError) in
            _ = try await client.send(SeedContract.PlaceDetailsRequest(placeID: "a b", fields: ["fsq_id", "name", "location"], sessionToken: "tok+1&x=y z"))
        },
        Case(id: .placeTips, path: "/places/4b%3Fx%23y/tips",
             query: "limit=5&sort=NEWEST&fields=id,text,created_at") { client throws(FoursquareError) in
            _ = try await client.send(SeedContract.PlaceTipsRequest(placeID: "4b?x#y", limit: 5, sort: "NEWEST", fields: ["text", "created_at"])).results
        },
        Case(id: .placePhotos, path: "/places/caf%C3%A9%25/photos",
             query: "limit=50&sort=POPULAR&classifications=food,indoor") { client throws(FoursquareError) in
            _ = try await client.send(SeedContract.PlacePhotosRequest(placeID: "café%", limit: 50, sort: "POPULAR", classifications: ["food", "indoor"])).results
        },
        Case(id: .placesAutocomplete, path: "/places/autocomplete",
             query: "query=caf%C3%A9%20%26%20bar%2B1&ll=40.7484,-73.9857&radius=500&types=place,address&limit=10") { client throws(FoursquareError) in
            _ = try await client.send(SeedContract.PlacesAutocompleteRequest(query: "café & bar+1", ll: ll, radius: 500, types: ["place", "address"], limit: 10)).results
        },
        Case(id: .placeSearch, path: "/places/search",
             query: "query=coffee%20shop&ll=40.7484,-73.9857&radius=1000&categories=13034,13035&limit=20&sort=DISTANCE&fields=fsq_id,name") { client throws(FoursquareError) in
            _ = try await client.send(SeedContract.PlaceSearchRequest(query: "coffee shop", location: .ll(ll, radius: 1000), categories: [13034, 13035], limit: 20, sort: "DISTANCE", fields: ["fsq_id", "name"])).results
        },
        Case(id: .geotagging, path: "/places/geotagging", query: "ll=42.3601,-71.0589&limit=3") { client throws(FoursquareError) in
            _ = try await client.send(SeedContract.GeotaggingRequest(ll: Coordinate(latitude: 42.3601, longitude: -71.0589), limit: 3)).results
        },
        Case(id: .categories, path: "/places/categories", query: "locale=fr") { client throws(FoursquareError) in
            _ = try await client.send(SeedContract.CategoriesRequest(locale: "fr")).results
        },
        Case(id: .chains, path: "/places/chains", query: "query=Blue%20Bottle%20%C3%BC%2F%3D&limit=5") { client throws(FoursquareError) in
            _ = try await client.send(SeedContract.ChainsRequest(query: "Blue Bottle ü/=", limit: 5)).results
        },
        Case(id: .autocomplete, path: "/autocomplete",
             query: "query=coffee&ll=40.7484,-73.9857&radius=5000&types=place,search&bias=geo&session_token=session-token-123&limit=10") { client throws(FoursquareError) in
            _ = try await client.send(SeedContract.AutocompleteRequest(
                query: "coffee", ll: ll, radius: 5000, types: [.place, .search], bias: .geo,
                sessionToken: "session-token-123", limit: 10)).results
        },
    ]

    @Test("the case table covers every seed endpoint")
    func coversEveryEndpoint() {
        #expect(Set(Self.cases.map(\.id)) == Set(Contract.seed.endpoints.map(\.id)))
    }

    @Test("exact method, path, query and headers", arguments: cases, AuthStyle.allCases)
    func exactRequest(_ testCase: Case, style: AuthStyle) async throws {
        let transport = CapturingTransport(body: SpecSamples.body(for: testCase.id))
        let client = FoursquareClient(apiKey: Self.key, auth: style, transport: transport)
        try await testCase.send(client)

        #expect(transport.requestCount == 1)
        let request = try #require(transport.lastRequest)
        #expect(request.method == "GET")
        #expect(request.path == testCase.path)
        let components = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "https")
        #expect(components.host == "places-api.foursquare.com")
        #expect(components.percentEncodedQuery == testCase.query)
        let expected = "https://places-api.foursquare.com" + testCase.path + (testCase.query.map { "?" + $0 } ?? "")
        #expect(request.url.absoluteString == expected)
        #expect(!request.url.absoluteString.contains(Self.key))

        #expect(headerSet(request.headers) == expectedHeaders(style: style, key: Self.key, version: "2025-06-17"))
    }

    @Test("the id is one escaped path segment", arguments: [
        ("a b", "/places/a%20b"),
        ("x?y", "/places/x%3Fy"),
        ("x#y", "/places/x%23y"),
        ("50%", "/places/50%25"),
        ("a;b", "/places/a%3Bb"),
        ("ünï", "/places/%C3%BCn%C3%AF"),
        ("4a5f2f39f964a52067bf1fe3", "/places/4a5f2f39f964a52067bf1fe3"),
    ])
    func escapedPlaceID(id: String, path: String) throws {
        let client = FoursquareClient(apiKey: Self.key, transport: CapturingTransport())
        let request = try client.makeHTTPRequest(SeedContract.PlaceDetailsRequest(placeID: id))
        #expect(request.path == path)
        #expect(request.url.query == nil)
        #expect(request.url.fragment == nil)
        // Decoding the path gives the id back, so a server sees the id the caller meant.
        #expect(Endpoint.match(path: request.path)?.placeID == id)
    }

    @Test("query values are percent-encoded; commas stay", arguments: [
        ("a+b", "a%2Bb"),
        ("a&b=c", "a%26b%3Dc"),
        ("two words", "two%20words"),
        ("Zürich", "Z%C3%BCrich"),
        ("東京", "%E6%9D%B1%E4%BA%AC"),
        ("New York, NY", "New%20York,%20NY"),
        ("a#b?c/d", "a%23b%3Fc%2Fd"),
        ("-._~", "-._~"),
    ])
    func queryEncoding(value: String, encoded: String) throws {
        let client = FoursquareClient(apiKey: Self.key, transport: CapturingTransport())
        let request = try client.makeHTTPRequest(SeedContract.PlaceSearchRequest(query: value, location: .near(value)))
        let query = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
        #expect(query == "query=\(encoded)&near=\(encoded)")
        // A standard parser reads back exactly the value that went in.
        #expect(request.queryParameters["query"] == value)
        #expect(request.queryParameters["near"] == value)
    }

    @Test("place search sends ne and sw as lat,lng pairs")
    func boundingBox() throws {
        let client = FoursquareClient(apiKey: Self.key, transport: CapturingTransport())
        let request = try client.makeHTTPRequest(SeedContract.PlaceSearchRequest(location: .bounds(ne: Coordinate(latitude: 40.8, longitude: -73.9), sw: Coordinate(latitude: 40.7, longitude: -74))))
        #expect(request.url.query == "ne=40.8,-73.9&sw=40.7,-74")
    }

    @Test("coordinates never use exponent notation")
    func coordinateFormat() throws {
        let client = FoursquareClient(apiKey: Self.key, transport: CapturingTransport())
        let request = try client.makeHTTPRequest(SeedContract.GeotaggingRequest(ll: Coordinate(latitude: 0.00001, longitude: -0.0000005)))
        #expect(request.url.query == "ll=0.00001,-0.0000005")
    }

    @Test("a request without parameters has no query string")
    func noQuery() throws {
        let client = FoursquareClient(apiKey: Self.key, transport: CapturingTransport())
        let request = try client.makeHTTPRequest(SeedContract.CategoriesRequest())
        #expect(request.url.absoluteString == "https://places-api.foursquare.com/places/categories")
    }

    @Test("bearer sends a custom API version")
    func customVersion() throws {
        let client = FoursquareClient(apiKey: Self.key, auth: .bearer, apiVersion: "2026-01-01", transport: CapturingTransport())
        let request = try client.makeHTTPRequest(SeedContract.AutocompleteRequest(query: "coffee"))
        #expect(headerSet(request.headers) == expectedHeaders(style: .bearer, key: Self.key, version: "2026-01-01"))
    }

    @Test("using(.bearer) switches the style and keeps the rest of the configuration")
    func usingSwitchesStyle() async throws {
        let transport = CapturingTransport(body: SpecSamples.chains)
        let base = URL(string: "http://127.0.0.1:8080/proxy")!
        let apiKeyClient = FoursquareClient(apiKey: Self.key, auth: .apiKey, baseURL: base, apiVersion: "2025-09-01", transport: transport)
        let bearerClient = apiKeyClient.using(.bearer)

        #expect(bearerClient.auth == .bearer)
        #expect(apiKeyClient.auth == .apiKey)
        #expect(bearerClient.baseURL == base)
        #expect(bearerClient.apiVersion == "2025-09-01")

        _ = try await apiKeyClient.send(SeedContract.ChainsRequest(query: "Blue Bottle")).results
        _ = try await bearerClient.send(SeedContract.ChainsRequest(query: "Blue Bottle")).results
        _ = try await bearerClient.using(.apiKey).send(SeedContract.ChainsRequest(query: "Blue Bottle")).results
        let sent = transport.requests
        try #require(sent.count == 3)
        #expect(headerSet(sent[0].headers) == expectedHeaders(style: .apiKey, key: Self.key, version: ""))
        #expect(headerSet(sent[1].headers) == expectedHeaders(style: .bearer, key: Self.key, version: "2025-09-01"))
        #expect(headerSet(sent[2].headers) == expectedHeaders(style: .apiKey, key: Self.key, version: ""))
        #expect(Set(sent.map(\.url)).count == 1, "the style changes headers only, never the URL")
    }

    @Test("a base URL with a path prefix keeps the prefix", arguments: [
        "http://127.0.0.1:8080/proxy", "http://127.0.0.1:8080/proxy/",
    ])
    func baseURLPrefix(base: String) throws {
        let client = FoursquareClient(apiKey: Self.key, baseURL: URL(string: base)!, transport: CapturingTransport())
        let search = try client.makeHTTPRequest(SeedContract.PlaceSearchRequest(query: "tea", location: .near("Paris")))
        #expect(search.url.absoluteString == "http://127.0.0.1:8080/proxy/places/search?query=tea&near=Paris")
        let details = try client.makeHTTPRequest(SeedContract.PlaceDetailsRequest(placeID: "a b"))
        #expect(details.url.absoluteString == "http://127.0.0.1:8080/proxy/places/a%20b")
        let v2 = try client.makeHTTPRequest(SeedContract.AutocompleteRequest(query: "tea"))
        #expect(v2.path == "/proxy/autocomplete")
    }

    @Test("the registry's method and path template match what the client sends", arguments: EndpointSamples.all)
    func registryAgreesWithClient(sample: EndpointSample) throws {
        let client = FoursquareClient(apiKey: Self.key, transport: CapturingTransport())
        let request = try EndpointSamples.httpRequest(sample, via: client)
        let entry = sample.endpoint
        #expect(request.method == entry.method)
        let template = entry.placeholder.map { entry.pathTemplate.replacingOccurrences(of: $0, with: EndpointSamples.placeID) }
            ?? entry.pathTemplate
        #expect(request.path == template)
        #expect(RequestMatcher.route(method: request.method, path: request.path, in: sample.contract)?.endpoint == entry)
        // Every query name sent is one the registry declares.
        let documented = Set(entry.parameters.map(\.name))
        #expect(Set(request.queryParameters.keys).isSubset(of: documented))
    }
}

/// Header fields as a set of lower-cased name and exact value.
func headerSet(_ headers: HTTPHeaders) -> [String: String] {
    var result: [String: String] = [:]
    for field in headers {
        #expect(result[field.name.lowercased()] == nil, "header \(field.name) appears twice")
        result[field.name.lowercased()] = field.value
    }
    return result
}

/// The complete header set a style must send.
func expectedHeaders(style: AuthStyle, key: String, version: String) -> [String: String] {
    switch style {
    case .apiKey:
        return ["authorization": key, "accept": "application/json"]
    case .bearer:
        return ["authorization": "Bearer \(key)", "x-places-api-version": version, "accept": "application/json"]
    }
}
