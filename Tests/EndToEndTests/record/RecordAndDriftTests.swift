import FixtureFormat
import Foundation
import JUnitXML
import Testing
import TestSupport

/// `fsq-contract record` and `fsq-contract drift` against the emulator.
@Suite("record and drift", .serialized)
struct RecordAndDriftTests {
    @Test func recordAllWritesFixturesThatReplayGreenWithoutTheKey() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served")
            let recorded = tmp.appendingPathComponent("recorded")
            try copyShippedFixtures(to: served)
            try copyShippedFixtures(to: recorded)
            // A response that echoes the key back: record must redact it.
            try E2E.editBody(served.appendingPathComponent("chains/200-typical.json")) { body in
                body["debug"] = "request authorized with \(E2E.sentinel)"
            }
            let emulator = try await EmulatorProcess(fixtures: served)
            let plan = tmp.appendingPathComponent("plan.json")
            try Data(#"[{"endpoint": "chains", "case": "200-from-plan", "auth": "bearer", "parameters": {"query": "coffee", "limit": "5"}}]"#.utf8)
                .write(to: plan)
            // --keep-values: the redaction of raw answers is what is under test (synthesis would replace the echo anyway).
            let result = try await Products.record(recorded, emulator.baseURL, ["--mode", "all", "--plan", plan.path, "--keep-values"], key: E2E.sentinel)
            emulator.stop()
            // Writing fixtures fails the step on purpose, as snapshot testing does in record mode.
            #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
            #expect(result.stdout.contains("NEW      chains/200-from-plan.json"))
            #expect(result.stdout.contains("0 failed"))
            let echoed = try String(contentsOf: recorded.appendingPathComponent("chains/200-typical.json"), encoding: .utf8)
            #expect(echoed.contains("request authorized with <redacted>"))
            #expect(echoed.contains("\"source\": \"recorded\""))
            #expect(echoed.contains("\"tool_version\""))

            let reports = tmp.appendingPathComponent("Reports")
            let replay = try await Products.run(["run", "--fixtures", recorded.path, "--report", reports.appendingPathComponent("junit.xml").path])
            #expect(replay.status == 0, "\(replay.stdout.suffix(3000))")
            for (name, text) in [("fixtures", E2E.allText(under: recorded)), ("reports", E2E.allText(under: reports)),
                                 ("stdout", result.stdout + replay.stdout), ("stderr", result.stderr + replay.stderr),
                                 ("emulator log", emulator.output)] {
                #expect(!text.contains(E2E.sentinel), "the key leaked into \(name)")
            }
        }
    }

    @Test func aBase64CopyOfTheKeyIsRedactedAndOnlyTheKeyChanges() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served")
            let recorded = tmp.appendingPathComponent("recorded")
            try copyFixtures(["chains/200-typical.json", "chains/404-not-found.json"], to: served)
            try copyFixtures(["chains/200-typical.json", "chains/404-not-found.json"], to: recorded)
            let planted = Data(E2E.sentinel.utf8).base64EncodedString()
            try E2E.editBody(served.appendingPathComponent("chains/200-typical.json")) { body in
                body["session"] = "Basic \(planted)"
            }
            let emulator = try await EmulatorProcess(fixtures: served)
            let result = try await Products.record(recorded, emulator.baseURL, ["--mode", "all", "--keep-values"], key: E2E.sentinel)
            emulator.stop()
            #expect(result.status == 1)
            #expect(result.stdout.contains("UPDATED  chains/200-typical.json"), "\(result.stdout)")
            #expect(!E2E.allText(under: recorded).contains(planted))
            // The recorded body equals the served one with the key's base64 replaced, and nothing else changed.
            let servedBody = try E2E.object(served.appendingPathComponent("chains/200-typical.json"))["response"] as! [String: Any]
            let recordedBody = try E2E.object(recorded.appendingPathComponent("chains/200-typical.json"))["response"] as! [String: Any]
            var expected = servedBody["body"] as! [String: Any]
            expected["session"] = "Basic <redacted>"
            let got = recordedBody["body"] as! [String: Any]
            #expect(NSDictionary(dictionary: got).isEqual(to: expected))
        }
    }

    @Test func killingRecordLeavesNoPartialFixture() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served")
            let recorded = tmp.appendingPathComponent("recorded")
            try copyShippedFixtures(to: served)
            try copyShippedFixtures(to: recorded)
            // Every served body gains a field, so every fixture is rewritten and the kill lands mid-run.
            let served200s = FileManager.default.enumerator(at: served, includingPropertiesForKeys: nil)!
            // (Seed bodies: a 2025-06-17 tips or photos body is a top-level array, which has no field to add, and so is
            // the seed's bare-array shape.)
            for case let url as URL in served200s where url.lastPathComponent.hasPrefix("200-") && !url.path.contains("/2025-06-17/") {
                guard (try E2E.object(url)["response"] as? [String: Any])?["body"] is [String: Any] else { continue }
                try E2E.editBody(url) { $0["served_by"] = "emulator" }
            }
            let emulator = try await EmulatorProcess(fixtures: served, arguments: ["--latency", "100"])
            let folders = try FileManager.default.contentsOfDirectory(at: recorded, includingPropertiesForKeys: nil)
            let temps = try FileArrivalWatch(folders: folders) { $0.contains(".tmp") }
            let process = Process()
            process.executableURL = Products.executable("fsq-contract")
            process.arguments = ["record", "--mode", "all", "--base-url", emulator.baseURL, "--fixtures", recorded.path,
                                 "--concurrency", "2", "--no-project"]
            process.environment = ["FSQ_API_KEY": E2E.sentinel, "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Killed right after its 3rd temp file appears (of one per 2xx fixture), so mid-run with a
            // write in flight, however fast or loaded the machine.
            let reached = temps.wait(for: 3, timeout: .seconds(60))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            emulator.stop()
            #expect(reached, "record created fewer than 3 temp files in 60 s")
            #expect(process.terminationReason == .uncaughtSignal)
            // Every fixture file is whole: the old one or a complete new one.
            let loaded = try FixtureLoader(root: recorded).loadAll()
            #expect(loaded.count == (try FixtureLoader(root: served).discover().count))
            for item in loaded {
                if case let .broken(path, _, error) = item { Issue.record("partial fixture \(path): \(error)") }
            }
        }
    }

    @Test func onCIWithoutAModeNothingIsRecorded() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp)
            let before = try Data(contentsOf: tmp.appendingPathComponent("chains/200-typical.json"))
            let result = try await Products.run(["record", "--base-url", "http://127.0.0.1:9", "--fixtures", tmp.path],
                                          environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "true"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("CI=true"))
            #expect(result.stdout.contains("nothing recorded"))
            #expect(try Data(contentsOf: tmp.appendingPathComponent("chains/200-typical.json")) == before)
        }
    }

    @Test func driftFindsAndGradesEachChange() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served")
            let paths = ["chains/200-typical.json", "place-details/200-typical.json", "geotagging/200-typical.json",
                         "categories/200-typical.json"]
            try copyFixtures(paths, to: served)
            // Removed: every chain loses its required name. Type change and null: details' tel and website.
            try E2E.editBody(served.appendingPathComponent("chains/200-typical.json")) { body in
                body["results"] = (body["results"] as! [[String: Any]]).map { var r = $0; r["name"] = nil; return r }
            }
            try E2E.editBody(served.appendingPathComponent("place-details/200-typical.json")) { body in
                body["tel"] = 5_106_533_394
                body["website"] = NSNull()
                body["rating"] = 9.1
            }
            var geotagging = try E2E.object(served.appendingPathComponent("geotagging/200-typical.json"))
            var response = geotagging["response"] as! [String: Any]
            // A 4xx where a 2xx was recorded: a status class change (an operation answering only 5xx is an outage, not drift).
            response["status"] = 404
            geotagging["response"] = response
            try E2E.write(geotagging, to: served.appendingPathComponent("geotagging/200-typical.json"))

            let emulator = try await EmulatorProcess(fixtures: served)
            let local = tmp.appendingPathComponent("local")
            try copyFixtures(paths, to: local)
            let summary = tmp.appendingPathComponent("drift.md")
            let json = tmp.appendingPathComponent("drift.json")
            let report = tmp.appendingPathComponent("drift.xml")
            let result = try await Products.run(
                ["drift", "--base-url", emulator.baseURL, "--fixtures", local.path, "--report", report.path,
                 "--summary", summary.path, "--json", json.path, "--retries", "0"],
                environment: ["FSQ_API_KEY": E2E.sentinel])
            emulator.stop()
            #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")

            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
            let results = try #require(document["results"] as? [[String: Any]])
            func changes(_ fixture: String) -> [(String, String, String)] {
                results.filter { $0["fixture"] as? String == fixture && $0["auth"] as? String == "apiKey" }
                    .flatMap { ($0["changes"] as? [[String: Any]]) ?? [] }
                    .map { ($0["path"] as! String, $0["kind"] as! String, $0["grade"] as! String) }
            }
            #expect(changes("chains/200-typical.json").contains { $0 == ("$.results[*].name", "removed", "ERR") })
            let details = changes("place-details/200-typical.json")
            #expect(details.contains { $0 == ("$.tel", "type-changed", "ERR") }, "\(details)")
            #expect(details.contains { $0 == ("$.website", "became-null", "WARN") }, "\(details)")
            #expect(details.contains { $0 == ("$.rating", "added", "INFO") }, "\(details)")
            #expect(changes("geotagging/200-typical.json").contains { $0 == ("status", "status", "ERR") })
            #expect(changes("categories/200-typical.json").isEmpty)

            let cases = try E2E.cases(report.path)
            let failed = try #require(cases.first { $0.name == "place-details/200-typical.json [bearer] drift" })
            #expect(E2E.problem(failed)?.contains("$.tel") == true)
            #expect(E2E.problem(failed)?.contains("$.website") == true)
            #expect(cases.first { $0.name == "categories/200-typical.json [bearer] drift" }?.outcome == .passed)
            #expect(try E2E.schemaErrors(report.path).isEmpty)
            let drift = try ReportReader.read(path: report.path)
            // Suite properties count each suite's own fixtures and changes (both styles), not the run's totals.
            func property(_ suite: String, _ name: String) -> String? {
                drift.suites.first { $0.name == suite }?.properties.first { $0.name == name }?.value
            }
            #expect(property("chains", "drift.err") == "2" && property("chains", "drift.info") == "0")
            #expect(property("place-details", "drift.err") == "2" && property("place-details", "drift.warn") == "2")
            #expect(property("place-details", "drift.info") == "2" && property("categories", "drift.err") == "0")
            #expect(drift.suites.allSatisfy { suite in suite.properties.first { $0.name == "fixtures" }?.value == "1" })
            let markdown = try String(contentsOf: summary, encoding: .utf8)
            // One line per change (both styles counted together), worst first.
            let removed = try #require(markdown.split(separator: "\n").first { $0.contains("`$.results[*].name` removed") })
            #expect(removed.hasPrefix("| ERR |") && removed.contains("| 2 | chains |"), "\(removed)")
            let errAt = try #require(markdown.range(of: "`$.results[*].name`")).lowerBound
            let infoAt = try #require(markdown.range(of: "`$.rating`")).lowerBound
            #expect(errAt < infoAt)
            #expect(!markdown.contains("categories"), "a clean endpoint has no line")
            #expect(result.stdout.contains("drift: 3 breaking, 1 warning, 1 info (distinct changes) over 8 cases ("), "\(result.stdout)")
            #expect(!E2E.allText(under: tmp).contains(E2E.sentinel))
        }
    }

    @Test func driftConfigIgnoresAndOverrides() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served")
            let local = tmp.appendingPathComponent("local")
            try copyFixtures(["place-details/200-typical.json"], to: served)
            try copyFixtures(["place-details/200-typical.json"], to: local)
            try E2E.editBody(served.appendingPathComponent("place-details/200-typical.json")) { body in
                body["tel"] = 5_106_533_394
                body["website"] = NSNull()
            }
            try Data(#"{"ignore": ["$.tel"], "endpoints": {"place-details": {"grades": {"$.website": "ERR"}}}}"#.utf8)
                .write(to: local.appendingPathComponent("drift-config.json"))
            let emulator = try await EmulatorProcess(fixtures: served)
            let json = tmp.appendingPathComponent("d.json")
            let result = try await Products.run(
                ["drift", "--base-url", emulator.baseURL, "--fixtures", local.path, "--json", json.path,
                 "--report", tmp.appendingPathComponent("d.xml").path, "--auth", "apiKey"],
                environment: ["FSQ_API_KEY": E2E.sentinel])
            emulator.stop()
            #expect(result.status == 1)
            let text = try String(contentsOf: json, encoding: .utf8)
            #expect(!text.contains("$.tel"))
            #expect(text.contains("\"grade\" : \"ERR\"") || text.contains("\"grade\": \"ERR\""))
        }
    }
}
