import FixtureFormat
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import PlacesEmulator
import Testing

/// The emulator's Hummingbird application driven through Hummingbird's own `.router` test mode: the same
/// responder the server runs, with no socket, so these cannot hang on a port.
@Suite("Emulator through Hummingbird's .router test mode")
struct RouterModeTests {
    func withRouterApp(_ configuration: EmulatorConfiguration, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let server = PlacesEmulatorServer(emulator: PlacesEmulator(configuration: configuration, fixtures: sharedFixtures))
        try await server.makeApplication { _ in }.test(.router) { client in try await body(client) }
    }

    static func fields(_ headers: [String: String]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in headers { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }

    static func message(_ body: ByteBuffer) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: String])?["message"]
    }

    @Test("every fixture is served with its status, headers and exact body bytes")
    func servesEveryFixture() async throws {
        try await withRouterApp(configuration()) { client in
            for fixture in sharedFixtures {
                let headers = authHeaders(for: fixture).merging(["X-Emulator-Fixture": fixture.relativePath]) { $1 }
                try await client.execute(uri: target(for: fixture), method: fixture.request.method == "POST" ? .post : .get, headers: Self.fields(headers)) { response in
                    #expect(Int(response.status.code) == fixture.response.status, "\(fixture.relativePath)")
                    #expect(Data(buffer: response.body) == fixture.response.body.data, "\(fixture.relativePath)")
                    for (name, value) in fixture.response.headers where !PlacesEmulator.droppedHeaders.contains(name) && name != "date" {
                        #expect(response.headers[HTTPField.Name(name)!] == value, "\(fixture.relativePath): \(name)")
                    }
                }
            }
        }
    }

    @Test("auth: no key 401, bearer without version 400, --auth bearer refuses a raw key with 401")
    func auth() async throws {
        let details = target(for: fixture("place-details/200-typical.json"))
        try await withRouterApp(configuration()) { client in
            try await client.execute(uri: details, method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(Self.message(response.body) == "Invalid request token.")
            }
            try await client.execute(uri: details, method: .get, headers: Self.fields(["Authorization": "Bearer k"])) { response in
                #expect(response.status == .badRequest)
                #expect(Self.message(response.body)?.contains("X-Places-Api-Version") == true)
            }
            try await client.execute(uri: details, method: .get, headers: Self.fields(bearerHeaders)) { response in
                #expect(response.status == .ok)
            }
        }
        try await withRouterApp(configuration(auth: .bearer)) { client in
            try await client.execute(uri: details, method: .get, headers: Self.fields(apiKeyHeaders)) { response in
                #expect(response.status == .unauthorized)
                #expect(Self.message(response.body)?.contains("bearer") == true)
            }
        }
    }

    @Test("faults and misses: X-Emulator-Fault rate-limit is 429 with Retry-After; an unknown fault 400; no match 404 with a hint")
    func faultsAndMisses() async throws {
        let details = target(for: fixture("place-details/200-typical.json"))
        try await withRouterApp(configuration()) { client in
            try await client.execute(uri: details, method: .get,
                                     headers: Self.fields(apiKeyHeaders.merging(["X-Emulator-Fault": "rate-limit"]) { $1 })) { response in
                #expect(response.status == .tooManyRequests)
                #expect(response.headers[.retryAfter] == "1")
            }
            try await client.execute(uri: details, method: .get,
                                     headers: Self.fields(apiKeyHeaders.merging(["X-Emulator-Fault": "nope"]) { $1 })) { response in
                #expect(response.status == .badRequest)
                #expect(Self.message(response.body)?.contains("X-Emulator-Fault") == true)
            }
            try await client.execute(uri: "/places/search?near=Nowhere", method: .get, headers: Self.fields(apiKeyHeaders)) { response in
                #expect(response.status == .notFound)
                let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String])
                #expect(body["error_detail"]?.hasPrefix("closest fixture: place-search/") == true)
            }
        }
    }
}
