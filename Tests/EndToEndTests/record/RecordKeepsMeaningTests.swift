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
            // Seed's and 2025-06-17's: a later version's calls this server refuses for their version header (400).
            try copyShippedFixtures(to: recorded) { path in
                path.split(separator: "/").dropFirst().first.map { $0.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) == nil || $0 == "2025-06-17" } ?? true
            }
            let before = try HostileLiveTests.snapshot(recorded)
            let emulator = try await EmulatorProcess(fixtures: served)
            // As the real API: no fixture is named to it, so it answers each call as it routes it.
            let result = try await Products.record(recorded, emulator.baseURL, Self.recordAll + Self.echo + ["--auth", "apiKey"], key: E2E.sentinel)
            emulator.stop()
            #expect(result.status == 1, "\(result.stdout.suffix(1500))")
            // A 401 fixture is asked with the rejected key, so the server's 401 is its recording; every other file stays.
            let after = try HostileLiveTests.snapshot(recorded)
            for (path, bytes) in before where !path.hasSuffix("401-unauthorized.json") { #expect(after[path] == bytes, "\(path) changed") }
            #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("UPDATED") && !$0.hasSuffix("401-unauthorized.json") },
                    "\(result.stdout.suffix(1500))")
            // A 403 is not asked for: no request provokes it, and no fixture is named to the server.
            #expect(result.stdout.contains("not called: no request provokes a 403"), "\(result.stdout.suffix(3000))")
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
            try copyFixtures(["chains/200-typical.json", "chains/401-unauthorized.json"], to: recorded)
            // The 401 fixture is asked with the rejected key; this server answers 403.
            let server = try HostileServer.start(.echoHead(status: 403), lifetime: 60)
            let kept = try await Products.record(recorded, server.baseURL.absoluteString, Self.recordAll + Self.echo, key: E2E.sentinel)
            let before = try HostileLiveTests.snapshot(recorded)
            #expect(kept.stdout.contains("KEPT     chains/401-unauthorized.json"), "\(kept.stdout)")
            let accepted = try await Products.record(recorded, server.baseURL.absoluteString, Self.recordAll + Self.echo + ["--accept-status-change"], key: E2E.sentinel)
            server.stop()
            #expect(accepted.status == 1)
            let after = try HostileLiveTests.snapshot(recorded)
            #expect(after["/chains/401-unauthorized.json"] == nil, "the 401 file was renamed")
            #expect(after["/chains/200-typical.json"] == before["/chains/200-typical.json"], "the refused 200 is untouched")
            let renamed = try #require(after["/chains/403-forbidden.json"], "\(after.keys)")
            let json = try #require(try JSONSerialization.jsonObject(with: renamed) as? [String: Any])
            #expect((json["response"] as? [String: Any])?["status"] as? Int == 403)
            #expect((json["expect"] as? [String: Any])?["error"] as? String == "forbidden")
            #expect(accepted.stdout.contains("now chains/403-forbidden.json, expect.error forbidden"), "\(accepted.stdout)")
            #expect(accepted.stdout.contains("record: coverage lost: seed chains 401"), "\(accepted.stdout)")
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
            let server = try HostileServer.start(.echoHead(status: 403), lifetime: 60)
            let result = try await Products.record(recorded, server.baseURL.absoluteString, Self.recordAll + Self.echo + ["--accept-status-change"], key: E2E.sentinel)
            server.stop()
            #expect(result.status == 1)
            #expect(result.stdout.contains("as a 403 fixture it would be chains/403-forbidden.json, which exists"), "\(result.stdout)")
            #expect(try HostileLiveTests.snapshot(recorded)["/chains/401-unauthorized.json"] == before["/chains/401-unauthorized.json"])
        }
    }
}
