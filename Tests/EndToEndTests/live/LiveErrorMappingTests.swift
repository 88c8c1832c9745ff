import Foundation
import FoursquarePlaces
import HarnessLive
import JUnitXML
import Testing
import TestSupport

/// Live error mapping against a server that is not the emulator (`OpenAPIStandIn`, which answers as the official
/// OpenAPI for 2025-06-17 describes): 401, 404 and 400 are provoked and mapped, what no request can provoke is
/// skipped with its reason, and each failure prints its root cause once.
@Suite("live error mapping against the OpenAPI stand-in", .serialized)
struct LiveErrorMappingTests {
    static let fixtures = E2E.standInCorpus

    func runLive(_ baseURL: URL, fixtures: URL = Self.fixtures, report: URL, _ extra: [String] = []) async throws -> CommandResult {
        try await Products.run(["run", "--live", "--base-url", baseURL.absoluteString, "--fixtures", fixtures.path,
                                "--contract", "2025-06-17", "--report", report.path, "--retries", "0"] + extra,
                               environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "false"])
    }

    @Test func theWholeCurrentCorpusIsGreenWithNoFilterAndEveryProvokedErrorPasses() async throws {
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let report = tmp.appendingPathComponent("live.xml")
                let result = try await runLive(standIn.baseURL, report: report)
                #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
                let cases = try E2E.cases(report.path)
                #expect(cases.allSatisfy { E2E.problem($0) == nil }, "\(cases.compactMap(E2E.problem).prefix(5))")
                let passed = Set(cases.filter { $0.outcome == .passed }.map(\.name))
                // The six reads the stand-in speaks (the corpus it is given holds only those).
                let spoken = Contract.v20250617.endpoints.filter { $0.id.contracts.contains(.seed) || $0.id == .geotaggingCandidates }
                let endpoints = spoken.map(\.id.rawValue)
                for endpoint in spoken {
                    // Every endpoint with a limit has a fixture naming one the client refuses.
                    let names = ["401-unauthorized", "400-bad-request"] + (endpoint.parameter(named: "limit") == nil ? [] : ["400-limit-out-of-range"])
                    for name in names {
                        #expect(passed.contains("\(endpoint.id)/2025-06-17/\(name).json [bearer] live-error-mapping"), "\(endpoint.id) \(name)")
                    }
                }
                for endpoint in ["place-details", "place-tips", "place-photos"] {
                    #expect(passed.contains("\(endpoint)/2025-06-17/404-not-found.json [bearer] live-error-mapping"), "\(endpoint)")
                }
                // What no request can provoke is skipped, with the reason, once per fixture.
                let skipped = cases.filter { if case .skipped = $0.outcome { true } else { false } }
                // The app-flow set (Fixtures/scenarios/) adds its own error answers on top of each endpoint's.
                let flow = try FileManager.default.subpathsOfDirectory(atPath: Self.fixtures.appendingPathComponent("scenarios").path)
                let flowSkipped = flow.filter { $0.contains("-429-") || $0.contains("-403-") || $0.contains("-500-") || $0.contains("-503-") }.count
                let flowRejected = flow.filter { $0.contains("-401-") }.count
                #expect(skipped.contains { $0.name == "place-search/2025-06-17/403-forbidden.json [bearer] live-error-mapping" })
                #expect(!skipped.contains { $0.name.contains("/401-") || $0.name.contains("/400-") || $0.name.contains("place-details/2025-06-17/404-") })
                #expect(skipped.count == endpoints.count * 4 + 3 + flowSkipped, "403, 429, 500 and 503 everywhere, 404 where there is no place id")
                let xml = try String(contentsOf: report, encoding: .utf8)
                #expect(skipped.contains { $0.outcome == .skipped(message:
                    "403 cannot be provoked live: checked in replay and against the emulator (\(standIn.baseURL.absoluteString) is not the emulator)") })
                // The 401s carried the rejected key, never the real one, and the API refused them.
                let rejected = standIn.requests.filter { $0.headers["authorization"] == "Bearer \(LiveProvocation.rejectedKey.secret)" }
                #expect(rejected.count == endpoints.count + flowRejected && rejected.allSatisfy { $0.status == 401 })
                // The out-of-range limit reached the server as it is.
                #expect(standIn.requests.filter { $0.target.contains("limit=500") }.map(\.status) == Array(repeating: 400, count: 5))
                for text in [result.stdout, result.stderr, xml] { #expect(!text.contains(E2E.sentinel)) }
            }
        }
    }

    @Test func aServerThatTakesTheRejectedKeyIsNotTheAPIAndJudgesNothing() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["place-details/2025-06-17/401-unauthorized.json", "place-details/2025-06-17/200-typical.json"], to: tmp)
            // A mock that answers 200 to any bearer key, the one that calls itself invalid too.
            try await OpenAPIStandIn.with(acceptsAnyKey: true) { standIn in
                let result = try await runLive(standIn.baseURL, fixtures: tmp, report: tmp.appendingPathComponent("out/live.xml"))
                #expect(result.status == 3, "\(result.stdout)")
                #expect(result.stdout.contains("run --live: could not judge the contract (exit 3): a wrong key was not refused: "
                                               + "GET /places/{id} answered 200 to a key no server accepts; no baseline written"), "\(result.stdout)")
                #expect(!result.stdout.contains("FAIL "), "a night that is not talking to the API judges nothing")
            }
        }
    }

    @Test func eachFailurePrintsItsRootCause() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["place-tips/2025-06-17/200-typical.json", "place-details/2025-06-17/200-typical.json"], to: tmp)
            // A fixture whose limit the client refuses, without saying so: the refusal is the cause.
            let typical = tmp.appendingPathComponent("place-tips/2025-06-17/200-typical.json")
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: typical)) as? [String: Any])
            var request = try #require(object["request"] as? [String: Any])
            request["query"] = ["limit": "500"]
            object["request"] = request
            try JSONSerialization.data(withJSONObject: object).write(to: tmp.appendingPathComponent("place-tips/2025-06-17/200-limit.json"))
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                standIn.inject(.init(status: 400, message: "Missing or invalid X-Places-Api-Version header."))
                let result = try await runLive(standIn.baseURL, fixtures: tmp, report: tmp.appendingPathComponent("out/live.xml"))
                #expect(result.status == 1)
                #expect(result.stdout.contains("""
                      ERROR place-tips/2025-06-17/200-limit.json [bearer] live-status
                           the client refused the request: limit: 500 is outside 1...50
                    """), "\(result.stdout)")
                #expect(result.stdout.contains("status: expected 2xx (fixture 200), got 400: Missing or invalid X-Places-Api-Version header."),
                        "\(result.stdout)")
                // The unanswered call is one testcase, not three.
                let cases = try E2E.cases(tmp.appendingPathComponent("out/live.xml").path)
                #expect(cases.filter { $0.name.hasPrefix("place-tips/2025-06-17/200-limit.json") }.count == 1)
            }
        }
    }

    @Test func aServerThatIsNotThereIsOneGroupedLine() async throws {
        try await withTemporaryDirectory { tmp in
            try await withRefusedPort { port in
                let base = URL(string: "http://127.0.0.1:\(port)")!
                let report = tmp.appendingPathComponent("live.xml")
                let result = try await runLive(base, report: report)
                // Nothing answers: the run could not judge (3) and stops calling once that is clear.
                #expect(result.status == 3)
                let cases = try E2E.cases(report.path)
                let errors = cases.filter { if case .error = $0.outcome { true } else { false } }
                // One error testcase per call, even for what only the emulator could answer (a server that is down
                // is no reason to skip); the terminal names the cause once, with the count.
                #expect(errors.count == cases.count && errors.count == Set(cases.map { $0.name.split(separator: " ")[0] }).count)
                #expect(errors.allSatisfy { $0.name.hasSuffix(" live-status") })
                #expect(result.stdout.contains("run --live: could not judge the contract (exit 3): nothing answers: cannot connect to http://127.0.0.1:\(port)"),
                        "\(result.stdout)")
            }
        }
    }
}
