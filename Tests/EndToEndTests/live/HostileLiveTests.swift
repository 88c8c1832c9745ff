import Foundation
import Testing
import TestSupport

/// Live calls, record and drift against servers that refuse, fail, echo the key, never end or never answer.
@Suite("hostile servers", .serialized, .timeLimit(.minutes(5)))
struct HostileLiveTests {
    static let chains = ["chains/200-typical.json", "chains/200-empty-results.json", "chains/404-not-found.json",
                         "chains/401-unauthorized.json", "chains/500-server-error.json"]

    /// Every file's bytes under `folder`, by relative path.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        for case let url as URL in enumerator where url.pathExtension == "json" {
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    static let recordAll = ["--mode", "all"]

    @Test(arguments: [["--fault", "server-error"], ["--fault", "rate-limit"], ["--fault", "truncate"], ["--fault", "malformed"],
                      ["--auth", "bearer"]])
    func recordAgainstAFaultyOrRefusingServerLeavesEveryFixtureByteIdentical(serve: [String]) async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), recorded = tmp.appendingPathComponent("recorded")
            // The seed corpus, which --auth apiKey applies to; a 2025-06-17 fixture is recorded in bearer, the only
            // style its contract takes (V20250617ContractTests).
            let seed: (String) -> Bool = { !$0.contains("/2025-06-17/") }
            try copyShippedFixtures(to: served, filter: seed)
            try copyShippedFixtures(to: recorded, filter: seed)
            let before = try Self.snapshot(recorded)
            let emulator = try await EmulatorProcess(fixtures: served, arguments: serve)
            let result = try await Products.record(recorded, emulator.baseURL, Self.recordAll + ["--retries", "1", "--concurrency", "8", "--auth", "apiKey"], key: E2E.sentinel)
            emulator.stop()
            // Half a body is not JSON, so not the API's answer: the run could not judge (3); the others are failures (1).
            let notTheAPI = [["--fault", "truncate"], ["--fault", "malformed"]].contains(serve)
            #expect(result.status == (notTheAPI ? 3 : 1), "\(result.stdout.suffix(2000))")
            if notTheAPI {
                #expect(result.stdout.contains("record: could not judge the contract (exit 3): not the API: "), "\(result.stdout.suffix(800))")
                #expect(result.stdout.contains("; nothing written"), "\(result.stdout.suffix(800))")
            }
            if serve == ["--auth", "bearer"] {
                #expect(try Self.snapshot(recorded) == before, "a fixture changed under serve \(serve)")
                #expect(result.stdout.contains("0 new, 0 updated"), "\(result.stdout.suffix(500))")
                #expect(result.stdout.contains("the server refused the key or the auth style (HTTP 401)"))
            } else {
                // Every 2xx fixture stays byte-identical (a truncated HTML 502 may legitimately re-record).
                let after = try Self.snapshot(recorded)
                for (path, bytes) in before where path.split(separator: "/").last?.hasPrefix("2") == true {
                    #expect(after[path] == bytes, "\(path) changed under serve \(serve)")
                }
                #expect(result.stdout.contains("not recorded"))
            }
        }
    }

    @Test func anErrorPathAnsweredWith200IsKeptAndNothingElseChanges() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), recorded = tmp.appendingPathComponent("recorded")
            try copyFixtures(Self.chains, to: served)
            try copyFixtures(Self.chains, to: recorded)
            // The served copy of the 404 fixture now answers 200.
            let path = served.appendingPathComponent("chains/404-not-found.json")
            try E2E.makeAnswer200(path)
            let before = try Self.snapshot(recorded)
            let emulator = try await EmulatorProcess(fixtures: served)
            let result = try await Products.record(recorded, emulator.baseURL, Self.recordAll + ["--auth", "apiKey"], key: E2E.sentinel)
            emulator.stop()
            #expect(result.stdout.contains("KEPT     chains/404-not-found.json"), "\(result.stdout)")
            #expect(result.stdout.contains("not reproducible live: kept"))
            #expect(try Self.snapshot(recorded)["/chains/404-not-found.json"] == before["/chains/404-not-found.json"])
            #expect(result.stdout.contains("1 kept"))
        }
    }

    @Test(arguments: ["k", "short-key-15chr\n", "short-key-15chr"])
    func aKeyTooShortToRedactIsRefusedAndNothingIsWritten(key: String) async throws {
        try await withTemporaryDirectory { tmp in
            let recorded = tmp.appendingPathComponent("recorded")
            try copyFixtures(Self.chains, to: recorded)
            let before = try Self.snapshot(recorded)
            let emulator = try await EmulatorProcess(fixtures: recorded)
            let record = try await Products.record(recorded, emulator.baseURL, Self.recordAll, key: key)
            let drift = try await Products.run(["drift", "--base-url", emulator.baseURL, "--fixtures", recorded.path,
                                          "--report", tmp.appendingPathComponent("d.xml").path], environment: ["FSQ_API_KEY": key])
            let live = try await Products.run(["run", "--live", "--base-url", emulator.baseURL, "--fixtures", recorded.path,
                                         "--report", tmp.appendingPathComponent("l.xml").path], environment: ["FSQ_API_KEY": key])
            emulator.stop()
            for result in [record, drift, live] {
                #expect(result.status == 2)
                // Counted once trimmed: the length that would be sent.
                #expect(result.stderr.contains("FSQ_API_KEY is \(key.trimmingCharacters(in: .whitespacesAndNewlines).count) character"),
                        "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1)
            }
            #expect(try Self.snapshot(recorded) == before)
        }
    }

    @Test func aServerThatEchoesTheKeyLeaksItNowhere() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("fixtures")
            try copyFixtures(Self.chains + ["place-search/200-typical.json"], to: fixtures)
            let server = try await KeyEcho.start()
            let reports = tmp.appendingPathComponent("Reports")
            let env = ["FSQ_API_KEY": E2E.sentinel, "CI": "false"]
            let live = try await Products.run(["run", "--live", "--base-url", server.baseURL.absoluteString, "--fixtures", fixtures.path,
                                         "--retries", "0", "--report", reports.appendingPathComponent("live.xml").path], environment: env)
            let drift = try await Products.run(["drift", "--base-url", server.baseURL.absoluteString, "--fixtures", fixtures.path,
                                          "--retries", "0", "--report", reports.appendingPathComponent("drift.xml").path,
                                          "--summary", reports.appendingPathComponent("drift.md").path,
                                          "--json", reports.appendingPathComponent("drift.json").path], environment: env)
            let record = try await Products.run(["record", "--base-url", server.baseURL.absoluteString, "--fixtures", fixtures.path,
                                           "--mode", "all", "--retries", "0", "--auth", "bearer", "--fixture-header", "never"],
                                          environment: env)
            await server.stop()
            // It accepts bearer calls and refuses the raw key (401 where no quota stands in the way): the apiKey style
            // stopped working, a contract change (1); its chains 429s are those calls' trouble, not judged.
            #expect(live.status == 1 && drift.status == 1 && record.status == 1, "\(live.status) \(drift.status) \(record.status)")
            let liveXML = try String(contentsOf: reports.appendingPathComponent("live.xml"), encoding: .utf8)
            // The echoes did arrive and were reported, scrubbed.
            #expect(liveXML.contains("&lt;redacted>"), "the echoed key should appear redacted")
            let outputs = [("live stdout", live.stdout + live.stderr), ("drift stdout", drift.stdout + drift.stderr),
                           ("record stdout", record.stdout + record.stderr), ("reports", E2E.allText(under: reports)),
                           ("fixtures", E2E.allText(under: fixtures))]
            for (name, text) in outputs {
                for form in KeyEcho.leakForms(of: E2E.sentinel) {
                    #expect(!text.contains(form), "\(form) leaked into \(name)")
                }
            }
        }
    }

    @Test(arguments: [HostileServer.Behaviour.endlessBody(.contentLength), .endlessBody(.chunked),
                      .endlessBody(.closeDelimited), .endlessHeaders, .neverAnswer])
    func aLiveRunAgainstAServerThatNeverEndsEndsWithAReport(behaviour: HostileServer.Behaviour) async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("fixtures")
            try copyFixtures(["chains/200-typical.json", "chains/200-empty-results.json"], to: fixtures)
            let server = try HostileServer.start(behaviour, lifetime: 60)
            defer { server.stop() }
            let report = tmp.appendingPathComponent("live.xml")
            let started = Date()
            let result = try await Products.run(["run", "--live", "--base-url", server.baseURL.absoluteString, "--fixtures", fixtures.path,
                                           "--timeout", "2", "--retries", "0", "--deadline", "20", "--max-body", "1048576",
                                           "--report", report.path], environment: ["FSQ_API_KEY": E2E.sentinel])
            #expect(Date().timeIntervalSince(started) < 30)
            // A server that sends nothing answers nothing: the run could not judge (3); a broken answer is red (1).
            if case .neverAnswer = behaviour {
                #expect(result.status == 3, "\(result.stdout.suffix(1500))")
                #expect(result.stdout.contains("could not judge the contract (exit 3): nothing answers: no complete response head"))
            } else {
                #expect(result.status == 1, "\(result.stdout.suffix(1500))")
            }
            let cases = try E2E.cases(report.path)
            let problems = cases.compactMap(E2E.problem)
            #expect(!cases.isEmpty && problems.count == cases.count, "every case is an error, none passes")
            // The live stack reads a body on demand and parses a head with a size limit, so each case ends at its cause.
            let allowed: [String]
            switch behaviour {
            case .endlessBody: allowed = ["larger than the 1 MB cap"]
            case .endlessHeaders: allowed = ["larger than the parser's 80 KB limit"]
            default: allowed = ["no complete response head"]
            }
            #expect(problems.allSatisfy { problem in allowed.contains { problem.contains($0) } }, "\(problems)")
        }
    }

    @Test func endlessHeadersEndWithAReportFiveTimesInARow() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("fixtures")
            try copyFixtures(Self.chains, to: fixtures)
            let server = try HostileServer.start(.endlessHeaders, lifetime: 120)
            defer { server.stop() }
            for round in 1...5 {
                let report = tmp.appendingPathComponent("live-\(round).xml")
                let started = Date()
                let result = try await Products.run(["run", "--live", "--base-url", server.baseURL.absoluteString,
                                               "--fixtures", fixtures.path, "--deadline", "20", "--report", report.path],
                                              environment: ["FSQ_API_KEY": E2E.sentinel])
                #expect(Date().timeIntervalSince(started) < 30, "round \(round)")
                #expect(result.status == 1, "round \(round)")
                let cases = try E2E.cases(report.path)
                #expect(!cases.isEmpty && cases.compactMap(E2E.problem).count == cases.count, "round \(round)")
            }
        }
    }

    @Test func theEmulatorLetsGoOfOversizedAndHalfSentRequests() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("fixtures")
            try copyFixtures(Self.chains, to: fixtures)
            let emulator = try await EmulatorProcess(fixtures: fixtures)
            defer { emulator.stop() }
            func fds() throws -> Int {
                try FileManager.default.contentsOfDirectory(atPath: "/proc/\(emulator.process.processIdentifier)/fd").count
            }
            try await Task.sleep(for: .milliseconds(500))
            let baseline = try fds()
            var clients: [RawClient] = []
            for _ in 0..<5 {
                let headers = try RawClient(port: emulator.port)
                headers.send("GET /places/chains?query=a HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-Pad: \(String(repeating: "p", count: 1000))\r\n", count: 1000))
                let url = try RawClient(port: emulator.port)
                url.send("GET /places/chains?query=" + String(repeating: "u", count: 10 * 1024 * 1024))
                let half = try RawClient(port: emulator.port)
                half.send("GET /places/chains?query=a HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                clients += [headers, url, half]
            }
            let during = try fds()
            #expect(during > baseline, "the abusive connections were accepted")
            // The idle timeout (10 s) closes every connection the clients still hold open.
            var after = during
            for _ in 0..<30 where after > baseline {
                try await Task.sleep(for: .seconds(1))
                after = try fds()
            }
            #expect(after <= baseline, "fds: \(baseline) before, \(during) during, \(after) after")
            clients.forEach { $0.close() }
        }
    }
}
