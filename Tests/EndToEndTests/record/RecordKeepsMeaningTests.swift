import Foundation
import Testing
import TestSupport

/// A recording never changes what a fixture means: an answer of another status leaves the file byte-identical,
/// and an accepted status change renames the file and rewrites its `expect` block, saying which coverage it lost.
@Suite("record keeps a fixture's meaning", .serialized, .timeLimit(.minutes(5)))
struct RecordKeepsMeaningTests {
    /// The echo server repeats the request head, and an echoed `X-Emulator-Fixture` would read as the emulator's own error.
    static let echo = ["--fixture-header", "never"]

    /// Every record call here re-records everything, at once, without retries.
    static let recordAll = ["--mode", "all", "--retries", "0", "--concurrency", "8"]

    /// The case: `--auth apiKey` against a server that speaks only 2025-06-17 (the emulator serving only
    /// that contract's fixtures answers every apiKey call 401).
    @Test func aServerThatAnswers401ToEveryApiKeyCallChangesNoFixture() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), recorded = tmp.appendingPathComponent("recorded")
            try copyShippedFixtures(to: served) { $0.contains("/2025-06-17/") }
            try copyShippedFixtures(to: recorded)
            let before = try HostileLiveTests.snapshot(recorded)
            let emulator = try EmulatorProcess(fixtures: served)
            // As the real API: no fixture is named to it, so it answers each call as it routes it.
            let result = try await Products.record(recorded, emulator.baseURL, Self.recordAll + Self.echo + ["--auth", "apiKey"], key: E2E.sentinel)
            emulator.stop()
            #expect(result.status == 1, "\(result.stdout.suffix(1500))")
            #expect(try HostileLiveTests.snapshot(recorded) == before, "a fixture changed")
            #expect(result.stdout.contains(", 0 updated,"), "\(result.stdout.suffix(500))")
            #expect(result.stdout.contains("not reproducible live: kept (the fixture recorded 403, the server answered 401"),
                    "\(result.stdout.suffix(3000))")
            let replay = try await Products.run(["run", "--fixtures", recorded.path, "--report", tmp.appendingPathComponent("r.xml").path])
            #expect(replay.status == 0, "\(replay.stdout.suffix(800))")
        }
    }

    @Test func aServerThatAnswers400ToEveryCallRewritesOnlyThe400Fixtures() async throws {
        try await withTemporaryDirectory { tmp in
            let recorded = tmp.appendingPathComponent("recorded")
            try copyShippedFixtures(to: recorded)
            let before = try HostileLiveTests.snapshot(recorded)
            let server = try HostileServer.start(.echoHead(status: 400), lifetime: 120)
            let result = try await Products.record(recorded, server.baseURL.absoluteString, Self.recordAll + Self.echo, key: E2E.sentinel)
            server.stop()
            #expect(result.status == 1)
            let after = try HostileLiveTests.snapshot(recorded)
            #expect(Set(after.keys) == Set(before.keys), "no file was added, removed or renamed")
            var rewritten = 0
            for (path, bytes) in before {
                if path.split(separator: "/").last?.hasPrefix("400-") == true {
                    if after[path] != bytes { rewritten += 1 }
                } else {
                    #expect(after[path] == bytes, "\(path) changed")
                }
            }
            #expect(rewritten > 0, "the 400 fixtures were answered with their own status and re-recorded")
            // The echoed request head (the key included) was redacted in what was written.
            #expect(!E2E.allText(under: recorded).contains(E2E.sentinel))
            #expect(!result.stdout.contains("coverage lost"), "\(result.stdout.suffix(800))")
        }
    }

    @Test func anAcceptedStatusChangeRenamesTheFileSetsItsExpectAndNamesTheLostCell() async throws {
        try await withTemporaryDirectory { tmp in
            let recorded = tmp.appendingPathComponent("recorded")
            try copyFixtures(["chains/200-typical.json", "chains/403-forbidden.json"], to: recorded)
            let server = try HostileServer.start(.echoHead(status: 401), lifetime: 60)
            let kept = try await Products.record(recorded, server.baseURL.absoluteString, Self.recordAll + Self.echo, key: E2E.sentinel)
            let before = try HostileLiveTests.snapshot(recorded)
            #expect(kept.stdout.contains("KEPT     chains/403-forbidden.json"), "\(kept.stdout)")
            let accepted = try await Products.record(recorded, server.baseURL.absoluteString, Self.recordAll + Self.echo + ["--accept-status-change"], key: E2E.sentinel)
            server.stop()
            #expect(accepted.status == 1)
            let after = try HostileLiveTests.snapshot(recorded)
            #expect(after["/chains/403-forbidden.json"] == nil, "the 403 file was renamed")
            #expect(after["/chains/200-typical.json"] == before["/chains/200-typical.json"], "the refused 200 is untouched")
            let renamed = try #require(after["/chains/401-unauthorized.json"], "\(after.keys)")
            let json = try #require(try JSONSerialization.jsonObject(with: renamed) as? [String: Any])
            #expect((json["response"] as? [String: Any])?["status"] as? Int == 401)
            #expect((json["expect"] as? [String: Any])?["error"] as? String == "unauthorized")
            #expect(accepted.stdout.contains("now chains/401-unauthorized.json, expect.error unauthorized"), "\(accepted.stdout)")
            #expect(accepted.stdout.contains("record: coverage lost: seed chains 403"), "\(accepted.stdout)")
            // The renamed fixture replays green: its name, status and expect agree.
            let replay = try await Products.run(["run", "--fixtures", recorded.path, "--report", tmp.appendingPathComponent("r.xml").path])
            #expect(replay.status == 0, "\(replay.stdout.suffix(800))")
        }
    }

    @Test func anAcceptedStatusChangeNeverOverwritesAnotherFixture() async throws {
        try await withTemporaryDirectory { tmp in
            let recorded = tmp.appendingPathComponent("recorded")
            try copyFixtures(["chains/401-unauthorized.json", "chains/403-forbidden.json"], to: recorded)
            let before = try HostileLiveTests.snapshot(recorded)
            let server = try HostileServer.start(.echoHead(status: 401), lifetime: 60)
            let result = try await Products.record(recorded, server.baseURL.absoluteString, Self.recordAll + Self.echo + ["--accept-status-change"], key: E2E.sentinel)
            server.stop()
            #expect(result.status == 1)
            #expect(result.stdout.contains("as a 401 fixture it would be chains/401-unauthorized.json, which exists"), "\(result.stdout)")
            #expect(try HostileLiveTests.snapshot(recorded)["/chains/403-forbidden.json"] == before["/chains/403-forbidden.json"])
        }
    }
}
