import FixtureFormat
import Foundation
@testable import PlacesEmulator
import Testing

@Suite("Routing")
struct RoutingTests {
    @Test("every fixture is served exactly over a socket: status, headers, body bytes")
    func servesEveryFixtureLive() async throws {
        #expect(sharedFixtures.count > 50)
        try await withLiveServer(configuration()) { base async throws in
            for fixture in sharedFixtures {
                let observed = try await fetch(base, target(for: fixture), authHeaders(for: fixture).merging(
                    ["X-Emulator-Fixture": fixture.relativePath]) { $1 })
                #expect(observed.status == fixture.response.status, "\(fixture.relativePath)")
                #expect(observed.body == fixture.response.body.data, "\(fixture.relativePath)")
                for (name, value) in fixture.response.headers where name != "date" {
                    #expect(observed.headers[name] == value, "\(fixture.relativePath): header \(name)")
                }
            }
        }
    }

    @Test("the HTML 502 from body_base64 arrives byte for byte")
    func base64BodyIsByteExact() async throws {
        let proxy = fixture("place-search/502-html-proxy.json")
        guard case let .raw(bytes) = proxy.response.body else { Issue.record("expected a base64 body"); return }
        try await withLiveServer(configuration()) { base async throws in
            let observed = try await fetch(base, target(for: proxy),
                                           apiKeyHeaders.merging(["X-Emulator-Fixture": proxy.relativePath]) { $1 })
            #expect(observed.status == 502)
            #expect(observed.body == bytes)
            #expect(String(decoding: observed.body, as: UTF8.self).hasPrefix("<html>"))
            #expect(observed.headers["content-type"] == "text/html")
            #expect(observed.headers["server"] == "nginx")
        }
    }

    @Test("query order does not matter", arguments: Mode.allCases)
    func queryOrderInsensitive(mode: Mode) async throws {
        let typical = fixture("place-search/200-typical.json")
        try await mode.withEmulator(configuration()) { send async throws in
            let forward = try await send(target(for: typical), apiKeyHeaders)
            let backward = try await send(target(for: typical, reversed: true), apiKeyHeaders)
            #expect(forward.status == 200)
            #expect(forward.body == typical.response.body.data)
            #expect(backward.body == typical.response.body.data)
        }
    }

    /// The API reads `fields` as a set, and so do the client's matcher and `FoursquarePlacesTesting`: the emulator
    /// answers its members in any order from the same fixture.
    @Test("a set parameter's members match in any order", arguments: Mode.allCases)
    func setParameterMembersInAnyOrder(mode: Mode) async throws {
        let projection = fixture("place-details/200-fields-projection.json")
        let fields = try #require(projection.request.query["fields"])
        #expect(fields.contains(","))
        var query = projection.request.query
        query["fields"] = fields.split(separator: ",").reversed().joined(separator: ",")
        let shuffled = target(projection.request.path, query.keys.sorted().map { ($0, query[$0]!) })
        try await mode.withEmulator(configuration()) { send async throws in
            let answer = try await send(shuffled, apiKeyHeaders)
            #expect(answer.status == 200)
            #expect(answer.body == projection.response.body.data)
        }
    }

    @Test("several fixtures share a request: 2xx wins, else first by path; X-Emulator-Fixture picks one", arguments: Mode.allCases)
    func fixtureSelection(mode: Mode) async throws {
        let details = fixture("place-details/200-typical.json")
        let limited = fixture("place-details/429-rate-limited.json")
        #expect(details.request == limited.request.with(headers: details.request.headers))
        try await mode.withEmulator(configuration()) { send async throws in
            let plain = try await send(target(for: details), apiKeyHeaders)
            #expect(plain.status == 200)
            #expect(plain.body == details.response.body.data)

            let picked = try await send(target(for: details), apiKeyHeaders.merging(
                ["X-Emulator-Fixture": "place-details/429-rate-limited.json"]) { $1 })
            #expect(picked.status == 429)
            #expect(picked.headers["retry-after"] == "30")
            #expect(picked.body == limited.response.body.data)

            // No 2xx among place-search's shared request: the first by path, 401-unauthorized.json.
            let shared = fixture("place-search/401-unauthorized.json")
            let first = try await send(target(for: shared), apiKeyHeaders)
            #expect(first.status == 401)
            #expect(first.body == shared.response.body.data)

            let unknown = try await send(target(for: details), apiKeyHeaders.merging(
                ["X-Emulator-Fixture": "place-details/999-nope.json"]) { $1 })
            #expect(unknown.status == 400)
            #expect(unknown.errorBody?["message"]?.contains("X-Emulator-Fixture") == true)

            let mismatch = try await send(target(for: details), apiKeyHeaders.merging(
                ["X-Emulator-Fixture": "place-details/404-not-found.json"]) { $1 })
            #expect(mismatch.status == 404)
            #expect(mismatch.errorBody?["error_detail"]?.contains("path: expected /places/4caefd5af964a520dc198b71,") == true)
        }
    }

    @Test("percent-encoded path ids match")
    func percentEncodedPath() {
        let emulator = PlacesEmulator(configuration: configuration(), fixtures: sharedFixtures)
        let response = emulator.respond(to: EmulatorRequest(target: "/places/abc%20def", headers: apiKeyHeaders))
        #expect(response.status == 200)
        #expect(response.fixture == "place-details/200-percent-encoded-id.json")
    }

    @Test("an unmatched request gets 404 naming the closest fixture and the differing field", arguments: Mode.allCases)
    func unmatchedHint(mode: Mode) async throws {
        try await mode.withEmulator(configuration()) { send async throws in
            // Same parameters as 200-near.json except one value.
            let near = try await send(target("/places/search", [("query", "pizza"), ("near", "Paris"), ("categories", "13064"), ("limit", "3")]), apiKeyHeaders)
            #expect(near.status == 404)
            #expect(near.headers["content-type"]?.hasPrefix("application/json") == true)
            let body = try #require(near.errorBody)
            #expect(body["message"] == "No fixture matches GET /places/search?categories=13064&limit=3&near=Paris&query=pizza")
            #expect(body["error_detail"] == "closest fixture: place-search/200-near.json; query 'near': expected 'Chicago, IL', sent 'Paris'")

            // A missing parameter.
            let missing = try await send(target("/places/search", [("query", "pizza"), ("categories", "13064"), ("limit", "3")]), apiKeyHeaders)
            #expect(missing.errorBody?["error_detail"] == "closest fixture: place-search/200-near.json; query 'near': expected 'Chicago, IL', not sent")

            // An unknown place id: the same endpoint, the path differs.
            let path = try await send("/places/ffffffffffffffffffffffff/tips", apiKeyHeaders)
            #expect(path.status == 404)
            let detail = try #require(path.errorBody?["error_detail"])
            #expect(detail.hasPrefix("closest fixture: place-tips/"))
            #expect(detail.contains("path: expected /places/"))
            #expect(detail.contains("sent /places/ffffffffffffffffffffffff/tips"))
        }
    }

    @Test("broken fixture files are skipped with one warning each; identical requests resolve deterministically")
    func brokenAndDuplicateFixtures() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("emu-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("chains")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ name: String, status: Int, body: String) throws {
            let json = """
            {"endpoint": "chains", "request": {"path": "/places/chains", "query": {"name": "x"}},
             "response": {"status": \(status), "headers": {"content-type": "application/json"}, "body": \(body)},
             "recorded": {"source": "authored"}}
            """
            try Data(json.utf8).write(to: folder.appendingPathComponent(name))
        }
        try write("500-b.json", status: 500, body: #"{"message": "b"}"#)
        try write("200-z.json", status: 200, body: #"{"results": ["z"]}"#)
        try write("200-y.json", status: 200, body: #"{"results": ["y"]}"#)
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent("broken.json"))
        try Data(#"{"endpoint": "chains"}"#.utf8).write(to: folder.appendingPathComponent("missing-request.json"))

        let log = LogCapture()
        let emulator = try PlacesEmulator(configuration: configuration(root: root, log: log.sink))
        #expect(emulator.fixtures.count == 3)
        #expect(emulator.skipped.count == 2)
        #expect(log.lines.count == 2)
        #expect(log.lines.contains { $0.contains("chains/broken.json") && $0.contains("malformed JSON") })
        #expect(log.lines.contains { $0.contains("chains/missing-request.json") && $0.contains("$.request") })

        let response = emulator.respond(to: EmulatorRequest(target: "/places/chains?name=x", headers: apiKeyHeaders))
        #expect(response.fixture == "chains/200-y.json")
        #expect(response.bodyText == #"{"results":["y"]}"#)
        let picked = emulator.respond(to: EmulatorRequest(
            target: "/places/chains?name=x", headers: apiKeyHeaders.merging(["X-Emulator-Fixture": "chains/500-b.json"]) { $1 }))
        #expect(picked.status == 500)
    }

    @Test("a missing fixtures folder is a configuration error")
    func missingFolder() {
        #expect(throws: EmulatorConfigurationError.self) {
            try PlacesEmulator(configuration: configuration(root: URL(fileURLWithPath: "/nonexistent/fixtures")))
        }
    }
}

extension RecordedRequest {
    func with(headers: [String: String]) -> RecordedRequest {
        var copy = self
        copy.headers = headers
        return copy
    }
}
