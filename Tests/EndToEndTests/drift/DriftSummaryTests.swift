import Foundation
import HarnessLive
import JUnitXML
import Testing
import TestSupport

/// Drift against servers of another contract, a refusing server and no key: the summary is read in one screen
/// and names the contract the server speaks.
@Suite("drift summary", .serialized, .timeLimit(.minutes(5)))
struct DriftSummaryTests {
    static let seed = E2E.standInCorpus
    /// The 2025-06-17 corpus, picked out of `Fixtures/` by `--contract`.
    static let current: (folder: URL, select: [String]) = (seed, ["--contract", "2025-06-17"])

    func drift(_ fixtures: URL, _ baseURL: String, _ tmp: URL, _ extra: [String] = [],
               environment: [String: String] = ["FSQ_API_KEY": E2E.sentinel]) async throws -> (CommandResult, String, [String: Any]) {
        let summary = tmp.appendingPathComponent("drift.md"), json = tmp.appendingPathComponent("drift.json")
        let result = try await Products.run(
            ["drift", "--base-url", baseURL, "--fixtures", fixtures.path, "--report", tmp.appendingPathComponent("drift.xml").path,
             "--summary", summary.path, "--json", json.path, "--retries", "0"] + extra, environment: environment)
        let markdown = (try? String(contentsOf: summary, encoding: .utf8)) ?? ""
        let document = (try? JSONSerialization.jsonObject(with: Data(contentsOf: json))) as? [String: Any] ?? [:]
        return (result, markdown, document)
    }

    @Test func theCurrentCorpusAgainstThe20250617StandInIsCleanAndNamesTheContract() async throws {
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with { standIn in
                let (result, markdown, document) = try await drift(Self.current.folder, standIn.baseURL.absoluteString, tmp,
                                                                   Self.current.select)
                #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
                #expect(result.stdout.contains("the server speaks 2025-06-17 (0 breaking)"), "\(result.stdout.suffix(3000))")
                #expect(markdown.contains("The server speaks 2025-06-17 (0 breaking)"))
                #expect(document["speaks"] as? String == "2025-06-17")
                // A server that refuses a key it does not know reproduces every error a request provokes (401, 404, 400):
                // none is listed as not reproduced, and none is an ERR row.
                #expect(!markdown.contains("Error fixtures the server does not reproduce"), "\(markdown)")
                #expect(!markdown.contains("| ERR |"))
            }
        }
    }

    /// Drift provokes error fixtures as live mode does (401 with the rejected key, 404 for an unknown place), so
    /// their error bodies are compared; what no request provokes is not called at all when the server is not the
    /// emulator (no fixture header): against the real API those calls could only be wasted.
    @Test func errorFixturesAreProvokedOrNotAsked() async throws {
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let (result, markdown, document) = try await drift(Self.current.folder, standIn.baseURL.absoluteString, tmp,
                                                                   Self.current.select + ["--fixture-header", "never"])
                // The app-flow set (Fixtures/scenarios/2025-06-17/) adds a 401 (provoked) and a 429 (not asked) of its own.
                let flow = try FileManager.default.subpathsOfDirectory(
                    atPath: Products.packageRoot.appendingPathComponent("Fixtures/scenarios/2025-06-17").path)
                let flow429 = flow.filter { $0.contains("-429-") }.count
                let flowNotAsked = flow.filter { ["-403-", "-429-", "-500-", "-503-"].contains(where: $0.contains) }.count
                let flow401 = flow.filter { $0.contains("-401-") }.count
                #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
                #expect(result.stdout.contains("KEPT not asked live, no request provokes them: 403: 6 fixtures; 404: 3 fixtures; 429: \(6 + flow429) fixtures; 500: 6 fixtures; 503: 6 fixtures"),
                        "\(result.stdout.suffix(3000))")
                #expect(!result.stdout.contains("not reproducible live"))
                #expect(markdown.contains("**Error fixtures not asked live**"))
                let cases = try E2E.cases(tmp.appendingPathComponent("drift.xml").path)
                let passed = Set(cases.filter { $0.outcome == .passed }.map(\.name))
                for name in ["place-search/2025-06-17/401-unauthorized.json", "place-details/2025-06-17/404-not-found.json",
                             "place-search/2025-06-17/400-limit-out-of-range.json"] {
                    #expect(passed.contains("\(name) [bearer] drift"), "\(name)")
                }
                #expect(cases.contains { $0.name == "place-search/2025-06-17/403-forbidden.json [bearer] drift"
                    && $0.outcome == .skipped(message: "403 cannot be provoked live: checked in replay and against the emulator") })
                // Called: every fixture but the 27 no request provokes; the 401s with the rejected key only.
                #expect(standIn.requests.count == cases.count - 27 - flowNotAsked)
                #expect(standIn.requests.filter { $0.headers["authorization"] == "Bearer \(LiveProvocation.rejectedKey.secret)" }.count == 6 + flow401)
                let entries = document["results"] as? [[String: Any]] ?? []
                #expect(entries.filter { $0["not_asked"] is String }.count == 27 + flowNotAsked)
                #expect(!result.stdout.contains(E2E.sentinel) && !markdown.contains(E2E.sentinel))
            }
        }
    }

    @Test func theSeedCorpusAgainstThe20250617StandInFitsOneScreenAndNamesEveryBreakingChange() async throws {
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with { standIn in
                let (result, markdown, document) = try await drift(Self.seed, standIn.baseURL.absoluteString, tmp,
                                                                   ["--contract", "seed"])
                #expect(result.status == 1)
                let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count <= 60, "\(lines.count) lines:\n\(markdown)")
                // The style 2025-06-17 refuses is one line, not a row per fixture.
                #expect(markdown.contains("apiKey: 401 on every endpoint"), "\(markdown)")
                // 2025-06-17 renamed the place id: said as a rename, not as a removal plus an addition, and once for
                // every answer that carries a place (details, search results, autocomplete places).
                let rename = markdown.split(separator: "\n").filter { $0.contains("renamed `fsq_id` → `fsq_place_id` (string)") }
                #expect(rename.count == 1, "\(markdown)")
                #expect(rename.first?.contains("`$.fsq_id`, `$.results[*].fsq_id`") == true, "\(rename)")
                // Every distinct breaking change of the JSON report is named in the markdown.
                let results = try #require(document["results"] as? [[String: Any]])
                let breaking = Set(results.filter { $0["auth"] as? String == "bearer" && $0["unreproducible"] as? Bool == false }
                    .flatMap { ($0["changes"] as? [[String: Any]]) ?? [] }
                    .filter { $0["grade"] as? String == "ERR" }
                    .compactMap { $0["path"] as? String })
                #expect(!breaking.isEmpty)
                for path in breaking { #expect(markdown.contains("`\(path)`"), "\(path) is not named") }
                #expect(result.stdout.contains("the server does not speak seed as recorded ("), "\(result.stdout.suffix(2000))")
                #expect(!E2E.allText(under: tmp).contains(E2E.sentinel))
            }
        }
    }

    /// The whole shipped corpus (both contracts, `--no-project`) against the 2025-06-17 stand-in: one screen, a
    /// section per contract with its breaking and warning counts, the contract the server speaks first.
    @Test func bothCorporaAgainstTheStandInNameTheContractItSpeaksAndTheOtherOnesBreakingCount() async throws {
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with { standIn in
                let (result, markdown, document) = try await drift(Self.seed, standIn.baseURL.absoluteString, tmp, ["--no-project"])
                let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count <= 60, "\(lines.count) lines:\n\(markdown)")
                let sections = lines.filter { $0.hasPrefix("#### ") }
                #expect(sections.count == 2, "\(markdown)")
                #expect(sections.first?.hasPrefix("#### 2025-06-17: 0 breaking, ") == true, "\(sections)")
                #expect(sections.last?.range(of: #"^#### seed: [1-9][0-9]* breaking, [0-9]+ warnings?$"#, options: .regularExpression) != nil,
                        "\(sections)")
                // The terminal has the same sections, in the same order.
                let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("2025-06-17: ") || $0.hasPrefix("seed: ") }
                #expect(headers.count == 2 && headers.first?.hasPrefix("2025-06-17: 0 breaking") == true, "\(result.stdout.suffix(4000))")
                // An endpoint 2025-06-17 no longer has is one line, not a status change per call.
                #expect(markdown.contains("gone: GET /places/categories — 404 on every call"), "\(markdown)")
                #expect(!lines.contains { $0.contains("live 404") && $0.contains("categories") }, "\(markdown)")
                #expect(result.status == 1, "the seed fixtures break")
                let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("drift: the server speaks") })
                #expect(line.hasPrefix("drift: the server speaks 2025-06-17 (0 breaking); seed: "), "\(line)")
                #expect(markdown.contains("The server speaks 2025-06-17 (0 breaking); seed: "))
                #expect(document["speaks"] as? String == "2025-06-17")
                #expect((document["contracts"] as? [String: Int])?["2025-06-17"] == 0)
                #expect(((document["contracts"] as? [String: Int])?["seed"] ?? 0) > 0)
            }
        }
    }

    @Test func aMalformingServerIsNotTheAPIAndIsOneLineNotAFindingPerAnswer() async throws {
        try await withTemporaryDirectory { tmp in
            let emulator = try await EmulatorProcess(fixtures: Self.seed, arguments: ["--fault", "malformed"])
            let (result, markdown, _) = try await drift(Self.seed, emulator.baseURL, tmp, ["--contract", "seed"])
            emulator.stop()
            // A body that is not JSON is not the API's answer: the night judges nothing, whatever the status said.
            #expect(result.status == 3, "\(result.stdout.suffix(1500))")
            let last = result.stdout.split(separator: "\n").last { $0.hasPrefix("drift: ") }.map(String.init) ?? ""
            #expect(last.hasPrefix("drift: could not judge the contract (exit 3): not the API: GET /"), "\(last)")
            #expect(last.contains("answered 200 application/json, a body that is not JSON") && last.count <= 200, "\(last)")
            #expect(!markdown.contains("| ERR |"), "\(markdown)")
        }
    }

    @Test func aServerThatRefusesEveryCallSaysSoOnceForEachStyle() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served")
            try copyFixtures(HostileLiveTests.chains + ["categories/200-typical.json"], to: served)
            let emulator = try await EmulatorProcess(fixtures: served, environment: ["FSQ_EMULATOR_KEY": "another-key-entirely-0123456789"])
            let page = tmp.appendingPathComponent("step-summary.md")
            let (result, markdown, _) = try await drift(served, emulator.baseURL, tmp,
                                                        environment: ["FSQ_API_KEY": E2E.sentinel, "GITHUB_STEP_SUMMARY": page.path])
            emulator.stop()
            // Every call refused in every style: the key, not the contract; the run could not judge (3), in one line.
            #expect(result.status == 3, "\(result.stdout.suffix(1500))")
            // The job page gets the same one-screen summary.
            #expect(try String(contentsOf: page, encoding: .utf8) == markdown)
            #expect(markdown.contains("the key was rejected: 401 on every call"), "\(markdown)")
            #expect(result.stdout.contains("drift: could not judge the contract (exit 3): the key was rejected: 401 on every call"))
            // Nothing else is claimed about shapes the server never showed.
            #expect(!markdown.contains("status class changed"), "\(markdown)")
            #expect(markdown.split(separator: "\n").count < 20)
        }
    }

    @Test(arguments: [HostileServer.Behaviour.neverAnswer, .endlessHeaders])
    func driftAndRecordAgainstAServerThatNeverAnswersEndByTheDeadline(behaviour: HostileServer.Behaviour) async throws {
        try await withTemporaryDirectory { tmp in
            let local = tmp.appendingPathComponent("local")
            try copyFixtures(HostileLiveTests.chains, to: local)
            let before = try HostileLiveTests.snapshot(local)
            let server = try HostileServer.start(behaviour)
            defer { server.stop() }
            let flags = ["--timeout", "30", "--deadline", "3", "--retries", "0", "--concurrency", "2"]
            let (drift, markdown, _) = try await drift(local, server.baseURL.absoluteString, tmp, flags)
            #expect(drift.elapsed < .seconds(15), "drift took \(drift.elapsed) with --deadline 3")
            #expect(!drift.stdout.contains("no changes"))
            let cases = try E2E.cases(tmp.appendingPathComponent("drift.xml").path)
            #expect(cases.count == HostileLiveTests.chains.count * 2)
            if case .neverAnswer = behaviour {
                // Nothing answered before the deadline: the run could not judge (3); every case is skipped with the
                // cause, none passes.
                #expect(drift.status == 3, "\(drift.stdout.suffix(1500))")
                #expect(markdown.contains("could not judge the contract") && markdown.contains("the deadline passed before any answer"), "\(markdown)")
                #expect(cases.allSatisfy { if case .skipped = $0.outcome { true } else { false } })
            } else {
                #expect(drift.status == 1)
                #expect(markdown.contains("Calls with no answer"), "\(markdown)")
                #expect(cases.allSatisfy { if case .error = $0.outcome { true } else { false } })
            }

            let recordStart = ContinuousClock.now
            let record = try await Products.run(["record", "--mode", "all", "--base-url", server.baseURL.absoluteString,
                                                 "--fixtures", local.path] + flags,
                                                environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "false"])
            let recordSeconds = (ContinuousClock.now - recordStart) / .seconds(1)
            #expect(record.status == 1)
            #expect(recordSeconds < 15, "record took \(recordSeconds) s with --deadline 3")
            #expect(record.stdout.contains("\(HostileLiveTests.chains.count) failed"), "\(record.stdout)")
            #expect(try HostileLiveTests.snapshot(local) == before)
        }
    }

    @Test func withoutAKeyDriftExitsTwoUnlessSkippingIsAsked() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp)
            let missing = try await Products.run(["drift", "--base-url", "http://127.0.0.1:1", "--fixtures", tmp.path,
                                                  "--report", tmp.appendingPathComponent("d.xml").path], environment: [:])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("FSQ_API_KEY is not set"), "\(missing.stderr)")
            #expect(missing.stderr.split(separator: "\n").count == 1)
            let skipped = try await Products.run(["drift", "--base-url", "http://127.0.0.1:1", "--fixtures", tmp.path,
                                                  "--report", tmp.appendingPathComponent("d.xml").path, "--if-no-key", "skip"],
                                                 environment: [:])
            #expect(skipped.stderr.contains("WARNING: FSQ_API_KEY is not set"))
            #expect(!skipped.stdout.contains("no changes"), "\(skipped.stdout)")
            let cases = try E2E.cases(tmp.appendingPathComponent("d.xml").path)
            #expect(!cases.isEmpty && cases.allSatisfy { if case .skipped = $0.outcome { true } else { false } })
        }
    }
}
