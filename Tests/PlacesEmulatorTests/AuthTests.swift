import Foundation
import Testing
@testable import PlacesEmulator

@Suite("Auth")
struct AuthTests {
    let typical = target(for: fixture("place-details/200-typical.json"))

    @Test("both styles are accepted with --auth any", arguments: Mode.allCases)
    func anyStyle(mode: Mode) async throws {
        try await mode.withEmulator(configuration()) { send async throws in
            #expect(try await send(typical, apiKeyHeaders).status == 200)
            #expect(try await send(typical, bearerHeaders).status == 200)
        }
    }

    @Test("a missing key gets 401 with the API's error body", arguments: Mode.allCases)
    func missingKey(mode: Mode) async throws {
        try await mode.withEmulator(configuration()) { send async throws in
            let observed = try await send(typical, [:])
            #expect(observed.status == 401)
            #expect(observed.errorBody?["message"] == "Invalid request token.")
            #expect(observed.errorBody?["error_detail"]?.isEmpty == false)
            #expect(try await send(typical, ["Authorization": ""]).status == 401)
            #expect(try await send(typical, ["Authorization": "Bearer ", "X-Places-Api-Version": "2025-06-17"]).status == 401)
        }
    }

    @Test("with a required key, a wrong key gets 401 and the right one passes", arguments: Mode.allCases)
    func wrongKey(mode: Mode) async throws {
        try await mode.withEmulator(configuration(requiredKey: "right-key")) { send async throws in
            let wrong = try await send(typical, ["Authorization": "wrong-key"])
            #expect(wrong.status == 401)
            #expect(wrong.errorBody?["message"] == "Invalid request token.")
            #expect(try await send(typical, ["Authorization": "Bearer wrong-key", "X-Places-Api-Version": "2025-06-17"]).status == 401)
            #expect(try await send(typical, ["Authorization": "right-key"]).status == 200)
            #expect(try await send(typical, ["Authorization": "Bearer right-key", "X-Places-Api-Version": "2025-06-17"]).status == 200)
        }
    }

    @Test("--auth bearer refuses the apiKey style with 401 naming the style", arguments: Mode.allCases)
    func bearerOnly(mode: Mode) async throws {
        try await mode.withEmulator(configuration(auth: .bearer)) { send async throws in
            let refused = try await send(typical, apiKeyHeaders)
            #expect(refused.status == 401)
            #expect(refused.errorBody?["message"]?.contains("bearer") == true)
            #expect(try await send(typical, bearerHeaders).status == 200)
        }
    }

    @Test("--auth apiKey refuses the bearer style with 401 naming the style", arguments: Mode.allCases)
    func apiKeyOnly(mode: Mode) async throws {
        try await mode.withEmulator(configuration(auth: .apiKey)) { send async throws in
            let refused = try await send(typical, bearerHeaders)
            #expect(refused.status == 401)
            #expect(refused.errorBody?["message"]?.contains("apiKey") == true)
            #expect(try await send(typical, apiKeyHeaders).status == 200)
        }
    }

    @Test("bearer without X-Places-Api-Version gets 400 with a message", arguments: Mode.allCases)
    func bearerWithoutVersion(mode: Mode) async throws {
        try await mode.withEmulator(configuration()) { send async throws in
            let observed = try await send(typical, ["Authorization": "Bearer test-key-123"])
            #expect(observed.status == 400)
            #expect(observed.errorBody?["message"]?.contains("X-Places-Api-Version") == true)
        }
    }

    @Test("the key never reaches the log, in either style, in headers or in the query")
    func sentinelNeverLogged() async throws {
        let log = LogCapture()
        for required in [nil, sentinelKey] {
            try await withLiveServer(configuration(requiredKey: required, log: log.sink)) { base async throws in
                let headerSets: [[String: String]] = [
                    ["Authorization": sentinelKey],
                    ["Authorization": "Bearer \(sentinelKey)", "X-Places-Api-Version": "2025-06-17"],
                    ["Authorization": "Bearer \(sentinelKey)"],
                    ["Authorization": sentinelKey, "X-Emulator-Fault": "rate-limit"],
                ]
                for headers in headerSets {
                    _ = try await fetch(base, typical, headers)
                    _ = try await fetch(base, "/places/search?near=\(sentinelKey)&api_key=\(sentinelKey)", headers)
                    _ = try await fetch(base, "/places/\(sentinelKey)", headers)
                }
                _ = try await fetch(base, typical, ["Authorization": "Bearer wrong-\(sentinelKey)", "X-Places-Api-Version": "1"])
            }
        }
        let lines = log.lines
        #expect(lines.count == 26)
        #expect(!lines.contains { $0.contains(sentinelKey) })
        #expect(!lines.contains { $0.contains("5a4b3c2d1e") })
        #expect(lines.contains { $0.contains("auth=bearer authorization=Bearer <redacted>") })
        #expect(lines.contains { $0.contains("auth=apiKey authorization=<redacted>") })
        #expect(lines.allSatisfy { $0.hasPrefix("GET /places/") })
    }

    @Test("the log line names method, target, status, time, style and fixture")
    func logLineShape() async throws {
        let log = LogCapture()
        try await withLiveServer(configuration(log: log.sink)) { base async throws in
            _ = try await fetch(base, typical, apiKeyHeaders)
        }
        let line = try #require(log.lines.first)
        #expect(line.hasPrefix("GET /places/5a187743ccad6b307315e6fe 200 "))
        #expect(line.contains("ms auth=apiKey authorization=<redacted> fixture=place-details/200-typical.json"))
        #expect(!line.contains("test-key-123"))
    }
}
