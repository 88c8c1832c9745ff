import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import JUnitXML
import Testing
import TestSupport

/// Live verdicts come from the contract: against a loopback server that is not the emulator and keeps only rules the
/// document states, `run --live` with the project's defaults exits 0; its assumed-rule cases say "premise not held";
/// it sends no request twice and none for an answer no request provokes; its dry run counts the calls it makes; a
/// documented rule the server does not keep is a named warning, and with `--strict` a failure.
@Suite("Live verdicts against a server that keeps only the document's rules", .serialized)
struct LiveVerdictTests {
    static let key = "live-verdicts-key-0c7e41d9a2b35f68"
    static let corpus = Products.packageRoot.appendingPathComponent("Fixtures")

    /// Answers each 2025-06-17 operation with its first 2xx fixture's body; refuses another key (401), an id no
    /// place or job has (404) and, when `keepsLimit`, a `limit` above the document's maximum of 50 (400).
    static func server(keepsLimit: Bool = true) async throws -> EchoServer {
        try await EchoServer.start { request in
            guard let route = RequestMatcher.route(method: request.method, path: request.path, in: .v20250617) else {
                return .json(404, #"{"message":"Not found."}"#)
            }
            guard request.header("authorization") == "Bearer \(key)" else { return .json(401, #"{"message":"Invalid request token."}"#) }
            if request.path.contains(LiveProvocation.unknownPlaceID) { return .json(404, #"{"message":"Not found."}"#) }
            if keepsLimit, let limit = query(request)["limit"].flatMap(Int.init), limit > 50 {
                return .json(400, #"{"message":"Invalid value for parameter limit."}"#)
            }
            return .json(200, WriteSafetyTests.bodies[route.endpoint.id] ?? "{}")
        }
    }

    static func query(_ request: EchoServer.RecordedRequest) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = request.rawQuery
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return query
    }

    /// The project's defaults (its `fsq-contract.json`: the 2025-06-17 contract) over the shipped corpus.
    static func run(_ server: EchoServer, _ extra: [String], report: URL) async throws -> CommandResult {
        try await Products.run(["run", "--live", "--base-url", server.baseURL.absoluteString, "--report", report.path] + extra,
                               environment: ["FSQ_API_KEY": key, "CI": "false"], currentDirectory: Products.packageRoot)
    }

    static func provokable() throws -> Int {
        try FixtureLoader(root: corpus).loadAll().filter { item in
            guard case let .fixture(fixture) = item, fixture.contract == .v20250617 else { return false }
            return (200...299).contains(fixture.response.status) || [400, 401, 404].contains(fixture.response.status)
        }.count
    }

    @Test(arguments: [[], ["--fixture-header", "never"]])
    func theProjectsDefaultsExitZeroWithPremisesNotHeldAndNoRepeatedCall(extra: [String]) async throws {
        try await withTemporaryDirectory { tmp in
            let dry = try await Self.run(try await Self.server(), extra + ["--dry-run"], report: tmp.appendingPathComponent("dry.xml"))
            #expect(dry.status == 0, "\(dry.stdout)\n\(dry.stderr)")
            let planned = try #require(dry.stdout.firstMatch(of: /would make (\d+) calls?/).flatMap { Int($0.output.1) }, "\(dry.stdout)")

            let server = try await Self.server()
            let report = tmp.appendingPathComponent("live.xml")
            let result = try await Self.run(server, extra, report: report)
            await server.stop()
            #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
            // On loopback (`auto`) one identifying call learns the server is not the emulator; `never` makes none.
            let probes = extra.isEmpty ? 1 : 0
            #expect(result.stdout.contains("is not the emulator (one identifying call)") == (probes == 1), "\(result.stdout.prefix(500))")
            #expect(result.stdout.contains("premise not held (not a failure)"), "\(result.stdout.suffix(3000))")
            for path in ["place-suggest-edit/2025-06-17/400-bad-request.json", "offline-jobs-status/2025-06-17/400-bad-request.json"] {
                #expect(result.stdout.contains("  \(path): the server accepted"), "\(path)")
                let mapping = try #require(try E2E.cases(report.path).first { $0.name == "\(path) [bearer] live-error-mapping" })
                guard case let .skipped(message) = mapping.outcome else { Issue.record("\(mapping.outcome)"); continue }
                #expect(message?.hasPrefix("premise not held: the server accepted") == true, "\(message ?? "")")
            }
            // The API's requests: the identifying call is the only one outside the document's paths.
            let calls = server.requests.filter { RequestMatcher.route(method: $0.method, path: $0.path, in: .v20250617) != nil }
            let identities = calls.map { "\($0.method) \($0.target) \($0.header("authorization") ?? "-")" }
            #expect(identities.count == Set(identities).count, "\(identities.sorted())")
            #expect(calls.count <= (try Self.provokable()), "\(calls.count) calls")
            #expect(calls.allSatisfy { $0.header(EmulatorFixtureHeader.name) == nil })
            #expect(server.requests.count == calls.count + probes)
            #expect(result.stdout.contains("calls: \(planned) made"), "dry run \(planned): \(result.stdout.suffix(800))")
            #expect(calls.count == planned)
        }
    }

    @Test func aDocumentedRuleTheServerDoesNotKeepIsANamedWarningAndFailsWithStrict() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            let path = "place-search/2025-06-17/400-limit-out-of-range.json"
            try copyFixtures([path], to: fixtures)
            let file = fixtures.appendingPathComponent(path)
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: #""limit": "\d+""#, with: #""limit": "51""#, options: .regularExpression)
                .write(to: file, atomically: true, encoding: .utf8)
            for strict in [false, true] {
                let server = try await Self.server(keepsLimit: false)
                let result = try await Self.run(server, ["--fixtures", fixtures.path] + (strict ? ["--strict"] : []),
                                                report: tmp.appendingPathComponent("live-\(strict).xml"))
                await server.stop()
                #expect(result.status == (strict ? 1 : 0), "\(result.stdout)\n\(result.stderr)")
                #expect(result.stdout.contains("the server accepted limit=51 (HTTP 200)"), "\(result.stdout)")
                #expect(result.stdout.contains(strict ? "documented rule not kept" : "warning (documented rule not kept; --strict fails it)"),
                        "\(result.stdout)")
            }
        }
    }

    @Test func anAllowedWriteGoesOutOnceAgainstALoopbackServerThatIsNotTheEmulator() async throws {
        try await withTemporaryDirectory { tmp in
            let server = try await Self.server()
            let result = try await Self.run(server, ["--allow-writes", "geotagging-confirm", "--filter", "geotagging-confirm/*"],
                                            report: tmp.appendingPathComponent("live.xml"))
            await server.stop()
            let writes = server.requests.filter { $0.method == "POST" }.map { "\($0.target) \($0.header("authorization") ?? "-")" }
            #expect(!writes.isEmpty, "\(result.stdout)")
            #expect(writes.count == Set(writes).count, "\(writes)")
            #expect(result.stdout.contains("writes sent: \(writes.count) (0 dry runs, \(writes.count) applied)"), "\(result.stdout)")
        }
    }
}
