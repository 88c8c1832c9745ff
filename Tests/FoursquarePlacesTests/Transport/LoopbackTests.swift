import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// The client over `URLSessionTransport`, talking to a real server on 127.0.0.1.
@Suite("Loopback over URLSession")
struct LoopbackTests {
    static let key = "loopback-key-0123"

    @Test("our headers arrive on the wire as intended", arguments: AuthStyle.allCases)
    func headersOnTheWire(style: AuthStyle) async throws {
        try await EchoServer.with(reply: .json(200, SpecSamples.placeDetails)) { server in
            let details = try await client(SeedContract.self, URLSessionTransport(timeoutInterval: 10), key: Self.key, baseURL: server.baseURL).using(style).send(SeedContract.PlaceDetailsRequest(placeID: "a b", fields: ["fsq_id", "name"], sessionToken: "s+1"))
            #expect(details.name == "Sample Venue")

            try #require(server.requests.count == 1)
            let request = server.requests[0]
            #expect(request.method == "GET")
            #expect(request.path == "/places/a%20b")
            #expect(request.rawQuery == "fields=fsq_id,name&session_token=s%2B1")
            #expect(!request.target.contains(Self.key))

            // Exactly one Authorization, carrying exactly the key or its Bearer form.
            let expectedAuthorization = style == .bearer ? "Bearer \(Self.key)" : Self.key
            #expect(request.values(of: "authorization") == [expectedAuthorization])
            // Our accept replaces URLSession's `*/*`, not joins it.
            #expect(request.values(of: "accept") == ["application/json"])
            switch style {
            case .apiKey:
                #expect(request.header("x-places-api-version") == nil)
            case .bearer:
                #expect(request.values(of: "x-places-api-version") == ["2025-06-17"])
            }
            // URLSession may add Accept-Encoding, User-Agent, Accept-Language, Host, Connection;
            // anything else would have come from us.
            let ours: Set<String> = ["authorization", "accept", "x-places-api-version"]
            let urlSessionOwn: Set<String> = ["host", "user-agent", "accept-encoding", "accept-language", "connection", "content-length"]
            #expect(request.headerNames.subtracting(ours).subtracting(urlSessionOwn).isEmpty, "\(request.headers)")
        }
    }

    @Test("every endpoint reaches the server with the right path and decodes", arguments: EndpointSamples.all)
    func everyEndpoint(sample: EndpointSample) async throws {
        try await EchoServer.with(reply: .json(200, sample.body)) { server in
            let bearer = sample.endpoint.id == .autocomplete || !sample.contract.authStyles.contains(.apiKey)
            // Samples of every contract through one engine: the untyped client under the typed one.
            let client = TestSupport.client(SeedContract.self, URLSessionTransport(timeoutInterval: 10), key: Self.key, baseURL: server.baseURL).using(bearer ? .bearer : .apiKey).client
            try await EndpointSamples.send(sample, via: client)
            let expected = try EndpointSamples.httpRequest(sample, via: client)
            let request = try #require(server.lastRequest)
            #expect(request.path == expected.path)
            #expect(request.rawQuery == expected.url.query)
        }
    }

    @Test("a 200 decodes over the wire")
    func decodesOverTheWire() async throws {
        try await EchoServer.with(reply: .json(200, SpecSamples.placeSearch)) { server in
            let places = try await client(SeedContract.self, URLSessionTransport(timeoutInterval: 10), key: Self.key, baseURL: server.baseURL).using(.apiKey).send(
                SeedContract.PlaceSearchRequest(query: "coffee shop", location: .ll(Coordinate(latitude: 40.72, longitude: -74), radius: 800))).results
            #expect(places.map(\.name) == ["Sample Coffee Shop"])
            #expect(places.first?.geocodes?.main == SeedContract.GeoPoint(latitude: 40.7243, longitude: -74.0018))
            #expect(server.lastRequest?.rawQuery == "query=coffee%20shop&ll=40.72,-74&radius=800")
        }
    }

    @Test("a 404 JSON body maps to notFound with its message", arguments: AuthStyle.allCases)
    func notFoundOverTheWire(style: AuthStyle) async throws {
        let body = #"{"message":"Place not found","error_detail":"no place has id nope"}"#
        try await EchoServer.with(reply: .json(404, body)) { server in
            let error = try #require(await foursquareError { () async throws(FoursquareError) in
                try await client(SeedContract.self, URLSessionTransport(timeoutInterval: 10), key: Self.key, baseURL: server.baseURL).using(style).send(SeedContract.PlaceDetailsRequest(placeID: "nope"))
            })
            #expect(error.code == .notFound)
            #expect(error.status == 404)
            #expect(error.message == "Place not found")
            #expect(error.errorDetail == "no place has id nope")
            #expect(error.request?.url == "http://127.0.0.1:\(server.port)/places/nope")
        }
    }

    @Test("429 with Retry-After over the wire")
    func rateLimitedOverTheWire() async throws {
        try await EchoServer.with(reply: .json(429, #"{"message":"Slow down"}"#, headers: [.init("Retry-After", "17")])) { server in
            let error = try #require(await foursquareError { () async throws(FoursquareError) in
                try await client(SeedContract.self, URLSessionTransport(timeoutInterval: 10), key: Self.key, baseURL: server.baseURL).using(.apiKey).send(SeedContract.ChainsRequest(query: "Starbucks")).results
            })
            #expect(error.code == .rateLimited)
            #expect(error.retryAfter == 17)
            #expect(error.message == "Slow down")
        }
    }

    @Test("an HTML 502 from a proxy maps by status over the wire")
    func htmlBadGateway() async throws {
        let reply = EchoServer.Reply(status: 502, headers: [.init("Content-Type", "text/html")], body: "<html><h1>Bad Gateway</h1></html>")
        try await EchoServer.with(reply: reply) { server in
            let error = try #require(await foursquareError { () async throws(FoursquareError) in
                try await client(SeedContract.self, URLSessionTransport(timeoutInterval: 10), key: Self.key, baseURL: server.baseURL).using(.bearer).send(SeedContract.AutocompleteRequest(query: "coffee")).results
            })
            #expect(error.code == .serverError)
            #expect(error.status == 502)
            #expect(error.message == nil)
        }
    }

    @Test("a base URL with a path prefix keeps the prefix on the wire")
    func prefixOnTheWire() async throws {
        try await EchoServer.with(reply: .json(200, SpecSamples.chains)) { server in
            let base = server.baseURL.appendingPathComponent("proxy")
            let client = PlacesClient<SeedContract>(apiKey: APIKey(Self.key), baseURL: base, transport: URLSessionTransport(timeout: .seconds(10)))
            let chains = try await client.send(SeedContract.ChainsRequest(query: "Blue Bottle", limit: 2)).results
            #expect(chains.first?.name == "Blue Bottle Coffee")
            #expect(server.lastRequest?.target == "/proxy/places/chains?query=Blue%20Bottle&limit=2")
        }
    }

    @Test("a deadline shorter than the server's delay fails with timedOut (not retryable), promptly")
    func timeout() async throws {
        // The server answers only after 6 s, so giving up well before that proves the 0.3 s deadline worked,
        // with room for a loaded machine.
        try await EchoServer.with(reply: .json(200, SpecSamples.categories, delay: .seconds(6))) { server in
            let client = TestSupport.client(SeedContract.self, URLSessionTransport(timeoutInterval: 0.3), key: Self.key, baseURL: server.baseURL).using(.apiKey)
            // Called and timed off the cooperative pool, which a loaded run can hold for a minute.
            let (answer, elapsed) = try await offThePool { () async -> (FoursquareError?, Duration) in
                let clock = ContinuousClock()
                let start = clock.now
                let error = await foursquareError { () async throws(FoursquareError) in try await client.send(SeedContract.CategoriesRequest()).results }
                return (error, clock.now - start)
            }
            let error = try #require(answer)
            #expect(error.code == .timedOut)
            #expect(error.reason?.contains("0.3") == true, "\(error)")
            #expect(!error.isRetryable)
            #expect(elapsed < .seconds(4), "took \(elapsed): the client waited for the server instead of its deadline")
            #expect(elapsed >= .milliseconds(250), "gave up before the deadline: \(elapsed)")
        }
    }

    @Test("a refused connection gives transportFailed; the URL is on the error's request, not in its text")
    func refused() async throws { try await withRefusedPort { port in
        let client = PlacesClient<SeedContract>(
            apiKey: APIKey(Self.key), baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: URLSessionTransport(timeout: .seconds(5)))
        let error = try #require(await foursquareError { () async throws(FoursquareError) in try await client.send(SeedContract.ChainsRequest(query: "Starbucks")).results })
        #expect(error.code == .transportFailed)
        #expect(error.status == nil)
        #expect(error.isRetryable)
        #expect(!error.description.contains("query=Starbucks") && !error.description.contains("Starbucks"), "\(error)")
        #expect(error.request?.url == "http://127.0.0.1:\(port)/places/chains?query=Starbucks")
        #expect(!error.description.contains(Self.key))
    } }
}
