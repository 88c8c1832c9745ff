import Foundation
import FoursquarePlaces
import FoursquarePlacesTesting
import Testing

/// `FixtureTransport` picks the contracts a request may be answered from by the auth style its `Authorization`
/// header speaks, read by the same rule as the emulator's: the `Bearer` scheme in any case. It used to test
/// `hasPrefix("Bearer ")`, so `bearer <key>` was a raw key and never reached a 2025-06-17 fixture, which the
/// emulator would have served.
@Suite("FixtureTransport's auth style")
struct AuthStyleMatchingTests {
    let transport: FixtureTransport

    init() throws {
        transport = try FixtureTransport(folder: try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)))
    }

    /// Whether the recorded 2025-06-17 search fixture matches its own request sent with `authorization`.
    func matches(authorization: String) throws -> Bool {
        let fixture = try #require(transport.fixtures.first { $0.relativePath == "place-search/2025-06-17/200-typical.json" })
        var components = URLComponents(string: "https://places-api.foursquare.com" + fixture.request.path)
        components?.queryItems = fixture.request.query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        var headers = HTTPHeaders()
        headers["Authorization"] = authorization
        headers["X-Places-Api-Version"] = "2025-06-17"
        return FixtureTransport.matches(fixture, HTTPRequest(url: try #require(components?.url), headers: headers))
    }

    @Test("a bearer request matches the 2025-06-17 fixture, whatever the scheme's case",
          arguments: ["Bearer fsq-key", "bearer fsq-key", "BEARER fsq-key", "Bearer  fsq-key"])
    func bearerInAnyCase(authorization: String) throws {
        #expect(try matches(authorization: authorization))
    }

    @Test("a raw key, even one starting with the word Bearer, is not answered by a bearer-only contract",
          arguments: ["fsq-key", "Bearerfsq-key"])
    func rawKey(authorization: String) throws {
        #expect(try !matches(authorization: authorization))
    }
}
