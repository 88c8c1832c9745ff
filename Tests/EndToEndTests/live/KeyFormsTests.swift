import Foundation
import Testing
import TestSupport

/// Keys as pasted secrets carry them (a trailing newline, a tab, a leading space, quotes, a backslash) through
/// `run --live`, `record` and `drift`, against servers that answer nothing useful: 0 hits of the key, in any
/// encoding, in stdout, stderr, the report, the summary, the JSON and the fixtures.
@Suite("key forms", .serialized, .timeLimit(.minutes(5)))
struct KeyFormsTests {
    /// The distinctive part of every sentinel: no output may hold it, raw or escaped.
    static let core = "e2ekey9f41c07b"
    static let trimmed = ["SENTINEL-\(core)-a\n", "SENTINEL-\(core)-b\t", " SENTINEL-\(core)-c", "SENTINEL-\(core)-d \r\n"]
    static let refused = ["SENTINEL-\(core)-\"quoted\"", "SENTINEL-\(core)\\backslash", "SENTINEL-\(core)\tinner-tab",
                          "\"SENTINEL-\(core)-e\""]

    enum Server: String, CaseIterable { case echo401, echoKey, reset, garbage }

    func start(_ server: Server) async throws -> (URL, () async -> Void) {
        switch server {
        case .echo401:
            let hostile = try HostileServer.start(.echoHead(status: 401), lifetime: 60)
            return (hostile.baseURL, { hostile.stop() })
        case .reset:
            let hostile = try HostileServer.start(.reset, lifetime: 60)
            return (hostile.baseURL, { hostile.stop() })
        case .garbage:
            let hostile = try HostileServer.start(.garbage, lifetime: 60)
            return (hostile.baseURL, { hostile.stop() })
        case .echoKey:
            let echo = try await KeyEcho.start()
            return (echo.baseURL, { await echo.stop() })
        }
    }

    /// The three live verbs, each writing every output it can into `tmp`.
    func runVerbs(baseURL: URL, key: String, tmp: URL) async throws -> [(String, CommandResult)] {
        let fixtures = tmp.appendingPathComponent("fixtures"), reports = tmp.appendingPathComponent("Reports")
        let env = ["FSQ_API_KEY": key, "CI": "false", "GITHUB_STEP_SUMMARY": reports.appendingPathComponent("step.md").path]
        let common = ["--base-url", baseURL.absoluteString, "--fixtures", fixtures.path, "--retries", "0", "--timeout", "2"]
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let live = try await Products.run(["run", "--live"] + common + ["--report", reports.appendingPathComponent("live.xml").path],
                                          environment: env)
        let drift = try await Products.run(["drift"] + common + ["--report", reports.appendingPathComponent("drift.xml").path,
                                                                  "--summary", reports.appendingPathComponent("drift.md").path,
                                                                  "--json", reports.appendingPathComponent("drift.json").path],
                                           environment: env)
        let record = try await Products.run(["record", "--mode", "all", "--fixture-header", "never"] + common, environment: env)
        return [("run --live", live), ("drift", drift), ("record", record)]
    }

    /// Every form of `key` a leak could take: the distinctive part raw (covers escaped and percent-encoded forms,
    /// which keep it), and the key's base64 at each alignment.
    static func leaks(in text: String, key: String) -> [String] {
        let trimmedKey = key.trimmingCharacters(in: .whitespacesAndNewlines)
        return ([core] + KeyEcho.leakForms(of: trimmedKey).dropFirst(2) + KeyEcho.leakForms(of: key).dropFirst(2))
            .filter { text.contains($0) }
    }

    @Test(arguments: trimmed)
    func aKeyWithWhitespaceAroundItIsTrimmedAndLeaksNowhere(key: String) async throws {
        for server in Server.allCases {
            try await withTemporaryDirectory { tmp in
                try copyFixtures(["chains/200-typical.json", "chains/404-not-found.json", "chains/403-forbidden.json"],
                                 to: tmp.appendingPathComponent("fixtures"))
                let (url, stop) = try await start(server)
                let results = try await runVerbs(baseURL: url, key: key, tmp: tmp)
                await stop()
                for (verb, result) in results {
                    // A key refused on every call, a server that resets every connection, or calls still answered 429
                    // after their retries leave run --live and drift unable to judge (3); record is not a judgement,
                    // and a server that answers is judged (1).
                    let undecided = server != .garbage && verb != "record"
                    #expect(result.status == (undecided ? 3 : 1), "\(verb) against \(server): exit \(result.status)\n\(result.stderr)")
                    let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: FSQ_API_KEY had ") }
                    #expect(warnings.count == 1, "\(verb): the trimming warning is printed once\n\(result.stderr)")
                    let leaked = Self.leaks(in: result.stdout + result.stderr, key: key)
                    #expect(leaked.isEmpty, "\(verb) against \(server) printed \(leaked)")
                }
                let files = E2E.allText(under: tmp)
                #expect(Self.leaks(in: files, key: key).isEmpty, "a file under \(tmp.path) holds the key (server \(server))")
                #expect(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("Reports/live.xml").path))
            }
        }
    }

    @Test(arguments: refused)
    func aKeyWithQuotesABackslashOrAnInnerTabIsRefusedWithoutShowingIt(key: String) async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp.appendingPathComponent("fixtures"))
            let before = E2E.allText(under: tmp.appendingPathComponent("fixtures"))
            let (url, stop) = try await start(.echo401)
            let results = try await runVerbs(baseURL: url, key: key, tmp: tmp)
            await stop()
            for (verb, result) in results {
                #expect(result.status == 2, "\(verb): exit \(result.status)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(verb): \(result.stderr)")
                #expect(result.stderr.contains("FSQ_API_KEY has a "), "\(verb): \(result.stderr)")
                #expect(Self.leaks(in: result.stdout + result.stderr, key: key).isEmpty, "\(verb): \(result.stderr)")
            }
            #expect(E2E.allText(under: tmp.appendingPathComponent("fixtures")) == before)
            #expect(Self.leaks(in: E2E.allText(under: tmp), key: key).isEmpty)
        }
    }
}
