import Foundation
import JUnitXML
import Testing
import TestSupport

/// `record --mode failed`, `--plan` against `serve`, `--contract` against the 2025-06-17 stand-in, and a record
/// through every refusal at once.
@Suite("record modes and plans", .serialized, .timeLimit(.minutes(5)))
struct RecordModesTests {
    @Test func modeFailedReRecordsAFixtureTheModelNoLongerDecodesAndLeavesTheRestAlone() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), local = tmp.appendingPathComponent("local")
            try copyFixtures(HostileLiveTests.chains, to: served)
            try copyFixtures(HostileLiveTests.chains, to: local)
            let broken = local.appendingPathComponent("chains/200-typical.json")
            try E2E.editBody(broken) { body in
                body["results"] = (body["results"] as! [[String: Any]]).map { var r = $0; r["name"] = 42; return r }
            }
            let before = try HostileLiveTests.snapshot(local)
            let emulator = try await EmulatorProcess(fixtures: served)
            let result = try await Products.record(local, emulator.baseURL, ["--mode", "failed", "--auth", "apiKey"], key: E2E.sentinel)
            emulator.stop()
            #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
            #expect(result.stdout.contains("UPDATED  chains/200-typical.json"), "\(result.stdout)")
            #expect(result.stdout.contains("1 updated"))
            let after = try HostileLiveTests.snapshot(local)
            #expect(after["/chains/200-typical.json"] != before["/chains/200-typical.json"])
            #expect(!String(decoding: after["/chains/200-typical.json"]!, as: UTF8.self).contains("\"name\" : 42"))
            for (path, bytes) in before where path != "/chains/200-typical.json" {
                #expect(after[path] == bytes, "\(path) was rewritten in mode failed")
            }
        }
    }

    @Test func aBrokenFixtureFileIsAFailureNamingItNotASilentSkip() async throws {
        try await withTemporaryDirectory { tmp in
            let local = tmp.appendingPathComponent("local")
            try copyFixtures(["chains/200-typical.json"], to: local)
            try Data("{\"endpoint\": \"chains\",".utf8).write(to: local.appendingPathComponent("chains/200-cut.json"))
            let emulator = try await EmulatorProcess(fixtures: local)
            let result = try await Products.record(local, emulator.baseURL, ["--mode", "all"], key: E2E.sentinel)
            emulator.stop()
            #expect(result.status == 1)
            #expect(result.stdout.contains("FAILED   chains/200-cut.json"), "\(result.stdout)")
            #expect(result.stdout.contains("malformed JSON"))
            #expect(result.stdout.contains("1 unchanged") && result.stdout.contains("1 failed"), "\(result.stdout)")
        }
    }

    @Test func aPlanAgainstServeRecordsWhatTheEmulatorHasAndRefusesItsOwnErrors() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), local = tmp.appendingPathComponent("local")
            try copyFixtures(["chains/200-typical.json"], to: served)
            try copyFixtures(["chains/200-typical.json"], to: local)
            let query = try #require((try E2E.object(served.appendingPathComponent("chains/200-typical.json"))["request"]
                as? [String: Any])?["query"] as? [String: String])
            let plan = tmp.appendingPathComponent("plan.json")
            let entries: [[String: Any]] = [
                ["endpoint": "chains", "case": "200-planned", "parameters": query],
                ["endpoint": "chains", "case": "200-unknown", "parameters": ["query": "no such chain anywhere"]],
            ]
            try JSONSerialization.data(withJSONObject: entries).write(to: plan)
            let emulator = try await EmulatorProcess(fixtures: served, launcher: .contractServe)
            let result = try await Products.record(local, emulator.baseURL, ["--mode", "missing", "--plan", plan.path], key: E2E.sentinel)
            emulator.stop()
            #expect(result.status == 1)
            #expect(result.stdout.contains("NEW      chains/200-planned.json"), "\(result.stdout)")
            #expect(result.stdout.contains("FAILED   chains/200-unknown.json"))
            #expect(result.stdout.contains("the emulator answered with its own error"))
            #expect(!FileManager.default.fileExists(atPath: local.appendingPathComponent("chains/200-unknown.json").path))
            let written = try String(contentsOf: local.appendingPathComponent("chains/200-planned.json"), encoding: .utf8)
            #expect(!written.lowercased().contains("x-emulator"), "\(written)")
            // No X-Emulator-Fixture was sent for a file that did not exist: the emulator never said it was unknown.
            #expect(!emulator.output.contains("200-planned"), "\(emulator.output)")
            let replay = try await Products.run(["run", "--fixtures", local.path, "--report", tmp.appendingPathComponent("r.xml").path])
            #expect(replay.status == 0, "\(replay.stdout.suffix(2000))")
        }
    }

    @Test func recordingAgainstA20250617ServerWritesCurrentContractFixturesThatReplayGreen() async throws {
        try await withTemporaryDirectory { tmp in
            let local = tmp.appendingPathComponent("current")
            let plan = tmp.appendingPathComponent("plan.json")
            try Data(#"""
                [{"endpoint": "place-search", "case": "200-coffee", "parameters": {"query": "coffee", "ll": "40.7484,-73.9857", "limit": "3"}},
                 {"endpoint": "autocomplete", "case": "200-blue", "parameters": {"query": "blue bot"}}]
                """#.utf8).write(to: plan)
            try await OpenAPIStandIn.with { standIn in
                let result = try await Products.record(local, standIn.baseURL.absoluteString, ["--mode", "missing", "--plan", plan.path, "--contract", "2025-06-17"], key: E2E.sentinel)
                #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
                #expect(result.stdout.contains("2 new"), "\(result.stdout)")
            }
            // Where the corpus keeps 2025-06-17 fixtures, not beside the seed ones.
            let search = try E2E.object(local.appendingPathComponent("place-search/2025-06-17/200-coffee.json"))
            #expect(search["contract"] as? String == "2025-06-17")
            #expect((search["recorded"] as? [String: Any])?["auth"] as? String == "bearer")
            let replay = try await Products.run(["run", "--fixtures", local.path, "--report", tmp.appendingPathComponent("r.xml").path])
            #expect(replay.status == 0, "\(replay.stdout.suffix(2000))")
            #expect(replay.stdout.contains("[bearer]") || !replay.stdout.contains("[apiKey]"))
            #expect(!E2E.allText(under: tmp).contains(E2E.sentinel))
        }
    }

    @Test func anErrorPathAnswered200ARefusingStyleAndAOneLetterKeyLeaveEveryFixtureByteIdentical() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), local = tmp.appendingPathComponent("local")
            try copyShippedFixtures(to: served)
            try copyShippedFixtures(to: local)
            // Every 404 fixture of the served copy now answers 200.
            let enumerator = FileManager.default.enumerator(at: served, includingPropertiesForKeys: nil)!
            for case let url as URL in enumerator where url.lastPathComponent.hasPrefix("404-") {
                try E2E.makeAnswer200(url)
            }
            let before = try HostileLiveTests.snapshot(local)
            let open = try await EmulatorProcess(fixtures: served)
            let errorPath = try await Products.record(local, open.baseURL, ["--mode", "all", "--auth", "apiKey", "--concurrency", "8"], key: E2E.sentinel)
            open.stop()
            #expect(errorPath.stdout.contains("not reproducible live: kept"), "\(errorPath.stdout.suffix(1500))")
            #expect(try HostileLiveTests.snapshot(local) == before, "the 200-answering error paths changed a fixture: \(errorPath.stdout.split(separator: "\n").filter { !$0.hasPrefix("record:") && !$0.hasPrefix("KEPT") && !$0.contains("not reproducible") }.prefix(30).joined(separator: "\n"))")

            let bearerOnly = try await EmulatorProcess(fixtures: served, arguments: ["--auth", "bearer"])
            let refused = try await Products.record(local, bearerOnly.baseURL, ["--mode", "all", "--auth", "apiKey", "--concurrency", "8"], key: E2E.sentinel)
            let oneLetter = try await Products.record(local, bearerOnly.baseURL, ["--mode", "all"], key: "k")
            bearerOnly.stop()
            #expect(refused.status == 1 && refused.stdout.contains("the server refused the key or the auth style"))
            #expect(oneLetter.status == 2 && oneLetter.stderr.contains("FSQ_API_KEY is 1 character"), "\(oneLetter.stderr)")
            #expect(try HostileLiveTests.snapshot(local) == before, "a refusing style or a one-letter key changed a fixture")
        }
    }
}
