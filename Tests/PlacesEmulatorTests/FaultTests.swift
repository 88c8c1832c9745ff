import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import PlacesEmulator

@Suite("Faults")
struct FaultTests {
    let details = fixture("place-details/200-non-ascii.json")
    var detailsTarget: String { target(for: details) }
    var forced: (FaultKind) -> [String: String] { { apiKeyHeaders.merging(["X-Emulator-Fault": $0.rawValue]) { $1 } } }

    @Test("rate-limit, server-error and unavailable answer with the API's error bodies", arguments: Mode.allCases)
    func statusFaults(mode: Mode) async throws {
        try await mode.withEmulator(configuration()) { send async throws in
            let limited = try await send(detailsTarget, forced(.rateLimit))
            #expect(limited.status == 429)
            #expect(limited.headers["retry-after"] == "1")
            #expect(limited.errorBody?["message"] == "Rate limit exceeded.")
            let failed = try await send(detailsTarget, forced(.serverError))
            #expect(failed.status == 500)
            #expect(failed.errorBody?["message"] != nil)
            let unavailable = try await send(detailsTarget, forced(.unavailable))
            #expect(unavailable.status == 503)
            #expect(unavailable.errorBody?["message"] != nil)
        }
    }

    @Test("malformed: 200, a JSON content type, a body that is not JSON", arguments: Mode.allCases)
    func malformed(mode: Mode) async throws {
        try await mode.withEmulator(configuration()) { send async throws in
            let observed = try await send(detailsTarget, forced(.malformed))
            #expect(observed.status == 200)
            #expect(observed.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect((try? JSONSerialization.jsonObject(with: observed.body)) == nil)
        }
    }

    @Test("truncate: half the body, which no longer decodes", arguments: Mode.allCases)
    func truncate(mode: Mode) async throws {
        try await mode.withEmulator(configuration()) { send async throws in
            let observed = try await send(detailsTarget, forced(.truncate))
            let full = details.response.body.data
            #expect(observed.status == 200)
            #expect(observed.body == full.prefix(full.count / 2))
            #expect((try? JSONSerialization.jsonObject(with: observed.body)) == nil)
        }
    }

    @Test("reset: the connection drops mid-response and the client gets a transport error")
    func reset() async throws {
        try await withLiveServer(configuration()) { base async throws in
            await #expect(throws: (any Error).self) {
                _ = try await fetch(base, detailsTarget, forced(.reset))
            }
            // The server keeps serving afterwards.
            #expect(try await fetch(base, detailsTarget, apiKeyHeaders).status == 200)
        }
    }

    @Test("slow-body: the whole body arrives, in 64-byte chunks every 50 ms")
    func slowBody() async throws {
        try await withLiveServer(configuration()) { base async throws in
            let clock = ContinuousClock()
            let full = details.response.body.data
            let start = clock.now
            let observed = try await fetch(base, detailsTarget, forced(.slowBody))
            let elapsed = clock.now - start
            #expect(observed.status == 200)
            #expect(observed.body == full)
            let chunks = (full.count + 63) / 64
            #expect(elapsed >= .milliseconds(50 * (chunks - 1)), "took \(elapsed) for \(chunks) chunks")
        }
    }

    @Test("--latency delays every response")
    func latency() async throws {
        try await withLiveServer(configuration(latency: .milliseconds(250))) { base async throws in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try await fetch(base, detailsTarget, apiKeyHeaders).status == 200)
            #expect(clock.now - start >= .milliseconds(250))
        }
    }

    @Test("an unknown X-Emulator-Fault gets 400 naming the header", arguments: Mode.allCases)
    func unknownFaultHeader(mode: Mode) async throws {
        try await mode.withEmulator(configuration()) { send async throws in
            let observed = try await send(detailsTarget, apiKeyHeaders.merging(["X-Emulator-Fault": "explode"]) { $1 })
            #expect(observed.status == 400)
            #expect(observed.errorBody?["message"] == "Unknown X-Emulator-Fault 'explode'")
            #expect(observed.errorBody?["error_detail"]?.contains("rate-limit") == true)
        }
    }

    @Test("fault rules parse KIND[:RATE] and reject unknown kinds and bad rates")
    func parsing() throws {
        #expect(try FaultRule(parsing: "rate-limit") == FaultRule(kind: .rateLimit, rate: 1))
        #expect(try FaultRule(parsing: "slow-body:0.25") == FaultRule(kind: .slowBody, rate: 0.25))
        #expect(throws: EmulatorConfigurationError.self) { try FaultRule(parsing: "explode") }
        #expect(throws: EmulatorConfigurationError.self) { try FaultRule(parsing: "reset:1.5") }
        #expect(throws: EmulatorConfigurationError.self) { try FaultRule(parsing: "reset:x") }
    }

    @Test("seeded rate faults are deterministic: the same seed gives the same sequence")
    func seeded() {
        func sequence(seed: UInt64) -> [String] {
            let emulator = PlacesEmulator(
                configuration: configuration(faults: [FaultRule(kind: .rateLimit, rate: 0.3), FaultRule(kind: .serverError, rate: 0.2)], seed: seed),
                fixtures: sharedFixtures)
            return (0..<400).map { _ in
                emulator.respond(to: EmulatorRequest(target: detailsTarget, headers: apiKeyHeaders)).fault?.rawValue ?? "-"
            }
        }
        let first = sequence(seed: 42)
        #expect(first == sequence(seed: 42))
        #expect(first != sequence(seed: 43))
        let limited = first.filter { $0 == "rate-limit" }.count
        let failed = first.filter { $0 == "server-error" }.count
        #expect((80...160).contains(limited), "rate-limit \(limited)/400 at rate 0.3")
        #expect((30...90).contains(failed), "server-error \(failed)/400 at 0.2 of the remaining 0.7")
    }

    @Test("seeded faults over a socket follow the same sequence as in memory")
    func seededLive() async throws {
        let config = configuration(faults: [FaultRule(kind: .unavailable, rate: 0.5)], seed: 7)
        let memory = PlacesEmulator(configuration: config, fixtures: sharedFixtures)
        let expected = (0..<30).map { _ in memory.respond(to: EmulatorRequest(target: detailsTarget, headers: apiKeyHeaders)).status }
        let observed = try await withLiveServer(config) { base async throws in
            var statuses: [Int] = []
            for _ in 0..<30 { statuses.append(try await fetch(base, detailsTarget, apiKeyHeaders).status) }
            return statuses
        }
        #expect(observed == expected)
        #expect(Set(expected) == [200, 503])
    }
}
