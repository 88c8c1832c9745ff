import Foundation
import FoursquarePlaces
import JUnitXML
import Testing
import TestSupport

/// `fsq-contract run --live` against `fsq-contract serve`, both as subprocesses on 127.0.0.1.
@Suite("run --live against the emulator", .serialized)
struct LiveModeTests {
    func runLive(_ emulator: EmulatorProcess, fixtures: URL, report: URL, _ extra: [String]) async throws -> CommandResult {
        try await Products.run(["run", "--live", "--base-url", emulator.baseURL, "--fixtures", fixtures.path,
                          "--report", report.path] + extra,
                         environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "true"])
    }

    @Test func everyEndpointPassesInBothStylesAndTheKeyNeverShows() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = Products.packageRoot.appendingPathComponent("Fixtures")
            let emulator = try await EmulatorProcess(fixtures: fixtures)
            let report = tmp.appendingPathComponent("live.xml")
            let result = try await runLive(emulator, fixtures: fixtures, report: report, ["--concurrency", "8"])
            emulator.stop()
            #expect(result.status == 0, "\(result.stdout.suffix(2000))\n\(result.stderr)")
            let cases = try E2E.cases(report.path)
            // One suite per endpoint of every contract the corpus holds (both corpora live in Fixtures/).
            #expect(Set(cases.map(\.classname)) == Set(Contract.catalog.map(\.id.rawValue)))
            #expect(cases.contains { $0.name.contains("/2025-06-17/") && $0.name.contains("[bearer]") })
            #expect(!cases.contains { $0.name.contains("/2025-06-17/") && $0.name.contains("[apiKey]") })
            for style in ["[apiKey]", "[bearer]"] {
                #expect(cases.contains { $0.name.contains(style) && $0.name.hasSuffix("live-decoding") })
                #expect(cases.contains { $0.name.contains(style) && $0.name.hasSuffix("live-error-mapping") })
            }
            // Every case passes but the writes with no dry run, each one skipped, saying how to allow it.
            let skipped = cases.filter { if case .skipped = $0.outcome { true } else { false } }
            #expect(cases.allSatisfy { $0.outcome == .passed || skipped.contains($0) })
            let writes = Contract.catalog.filter { $0.effect == .write }.map(\.id.rawValue)
            #expect(!skipped.isEmpty && skipped.allSatisfy { skippedCase in
                writes.contains(skippedCase.classname) && "\(skippedCase.outcome)".contains("--allow-writes")
            })
            #expect(cases.contains { $0.time > 0 })
            let reportText = try String(contentsOf: report, encoding: .utf8)
            // CI is set, so the HTML report is written beside the JUnit report by default.
            let htmlText = try String(contentsOf: tmp.appendingPathComponent("live.html"), encoding: .utf8)
            for (name, text) in [("report", reportText), ("HTML report", htmlText), ("stdout", result.stdout), ("stderr", result.stderr),
                                 ("emulator log", emulator.output)] {
                #expect(!text.contains(E2E.sentinel), "the key leaked into the \(name)")
            }
            #expect(emulator.output.contains("<redacted>"))
        }
    }

    @Test(arguments: [
        ("rate-limit", "429"), ("server-error", "500"), ("unavailable", "503"), ("reset", "closed mid-answer"),
        ("truncate", "the answers are not the API's"), ("malformed", "the answers are not the API's"), ("slow-body", "within 0.15"),
    ])
    func eachFaultGivesItsOwnClearTestcaseWithinTheDeadline(fault: String, expected: String) async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp)
            let emulator = try await EmulatorProcess(fixtures: tmp, arguments: ["--fault", fault])
            let report = tmp.appendingPathComponent("out/live.xml")
            // Only slow-body is about the timeout; a short one for the rest would time out under load instead.
            let timeout = fault == "slow-body" ? "0.15" : "10"
            let result = try await runLive(emulator, fixtures: tmp, report: report,
                                     ["--auth", "apiKey", "--retries", "0", "--timeout", timeout, "--deadline", "20"])
            emulator.stop()
            // A quota, a failing server, a reset, an answer that never completed, or a body that is not JSON (not the
            // API's answer: its premise) could not judge the contract (3).
            let undecided = ["rate-limit", "server-error", "unavailable", "reset", "slow-body", "truncate", "malformed"].contains(fault)
            #expect(result.status == (undecided ? 3 : 1), "\(fault): \(result.stdout)")
            #expect(result.elapsed < .seconds(20), "took \(result.elapsed)")
            // A case that could not be judged is skipped, saying why; a broken answer fails.
            let said = try E2E.cases(report.path).compactMap { testCase -> String? in
                if case let .skipped(message) = testCase.outcome, undecided { return message }
                return E2E.problem(testCase)
            }
            #expect(!said.isEmpty)
            #expect(said.contains { $0.contains(expected) }, "\(fault): \(said)")
        }
    }

    /// A run the deadline stops after judging some cases, none failed, could not judge the contract: exit 3 and a
    /// line that names the deadline, not a red run.
    @Test func aRunTheDeadlineStopsCouldNotJudge() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json", "chains/200-empty-results.json", "chains/200-minimal-fields.json",
                              "chains/200-non-ascii.json", "chains/400-bad-request.json", "chains/404-not-found.json"], to: tmp)
            // Each answer trickles for a tenth of a second or more: six of them, one at a time, pass a 0.3 s deadline.
            let emulator = try await EmulatorProcess(fixtures: tmp, arguments: ["--fault", "slow-body"])
            let report = tmp.appendingPathComponent("out/live.xml")
            let result = try await runLive(emulator, fixtures: tmp, report: report,
                                           ["--auth", "apiKey", "--retries", "0", "--timeout", "30", "--deadline", "0.3", "--concurrency", "1"])
            emulator.stop()
            #expect(result.status == 3, "\(result.stdout.suffix(1500))")
            // On a loaded machine the deadline may cut the first call off before any answer: still the deadline.
            #expect(result.stdout.range(of: #"run --live: could not judge the contract \(exit 3\): the deadline (\(--deadline 0.3\) passed: \d+ of \d+ cases|passed before any answer)"#,
                                        options: .regularExpression) != nil, "\(result.stdout.suffix(1500))")
            // The calls line accounts for the cases the deadline left uncalled.
            #expect(result.stdout.range(of: #"calls: \d+ made, .*, \d+ not called once the deadline passed"#, options: .regularExpression) != nil,
                    "\(result.stdout.suffix(1500))")
        }
    }

    @Test func retriesRecoverFromIntermittentRateLimits() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = Products.packageRoot.appendingPathComponent("Fixtures")
            let emulator = try await EmulatorProcess(fixtures: fixtures, arguments: ["--fault", "rate-limit:0.3", "--seed", "42"])
            let report = tmp.appendingPathComponent("live.xml")
            let result = try await runLive(emulator, fixtures: fixtures, report: report,
                                     ["--filter", "chains", "--retries", "8", "--deadline", "120"])
            emulator.stop()
            #expect(result.status == 0, "\(result.stdout.suffix(3000))")
            let cases = try E2E.cases(report.path)
            #expect(cases.allSatisfy { $0.outcome == .passed })
            // Some calls needed more than one attempt: the faults really fired.
            let suites = try ReportReader.read(path: report.path).suites
            #expect(suites.contains { $0.systemOut.contains("live-status: attempts:") })
            #expect(try E2E.schemaErrors(report.path).isEmpty)
        }
    }

    @Test func aBearerOnlyServerFailsTheApiKeyCasesAsAuthFailures() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp)
            let emulator = try await EmulatorProcess(fixtures: tmp, arguments: ["--auth", "bearer"])
            let report = tmp.appendingPathComponent("out/live.xml")
            let result = try await runLive(emulator, fixtures: tmp, report: report, ["--retries", "0"])
            emulator.stop()
            #expect(result.status == 1)
            let cases = try E2E.cases(report.path)
            let apiKeyStatus = try #require(cases.first { $0.name == "chains/200-typical.json [apiKey] live-status" })
            #expect(E2E.problem(apiKeyStatus)?.contains("auth failure") == true)
            #expect(E2E.problem(apiKeyStatus)?.contains("401") == true)
            #expect(cases.filter { $0.name.contains("[bearer]") }.allSatisfy { $0.outcome == .passed })
        }
    }

    @Test func anUnmatchedRequestShowsTheEmulatorsHint() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served")
            let local = tmp.appendingPathComponent("local")
            try copyFixtures(["chains/200-typical.json"], to: served)
            try copyFixtures(["chains/200-typical.json"], to: local)
            let url = local.appendingPathComponent("chains/200-typical.json")
            var fixture = try E2E.object(url)
            var request = fixture["request"] as! [String: Any]
            request["query"] = ["query": "tea", "limit": "5"]
            fixture["request"] = request
            try E2E.write(fixture, to: url)
            let emulator = try await EmulatorProcess(fixtures: served)
            let report = tmp.appendingPathComponent("live.xml")
            let result = try await runLive(emulator, fixtures: local, report: report,
                                     ["--auth", "apiKey", "--retries", "0", "--fixture-header", "never"])
            emulator.stop()
            #expect(result.status == 1)
            let problems = try E2E.cases(report.path).compactMap(E2E.problem).joined(separator: "\n")
            #expect(problems.contains("chains/200-typical.json"), "\(problems)")
            #expect(problems.contains("query"), "\(problems)")
            #expect(problems.contains("coffee") && problems.contains("tea"), "\(problems)")
        }
    }

    @Test func withoutAKeyLiveExitsTwoWithOneLineNamingTheVariable() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp)
            let report = tmp.appendingPathComponent("out/live.xml")
            let result = try await Products.run(["run", "--live", "--base-url", "http://127.0.0.1:9", "--fixtures", tmp.path,
                                           "--report", report.path], environment: ["FSQ_API_KEY": "", "FSQ_IF_NO_KEY": ""])
            #expect(result.status == 2)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("FSQ_API_KEY"))
            #expect(!FileManager.default.fileExists(atPath: report.path), "a run that tested nothing wrote a report")
        }
    }

    @Test(arguments: [(["--if-no-key", "skip"], [String: String]()), ([], ["FSQ_IF_NO_KEY": "skip"])])
    func skippingWithoutAKeyIsAskedForLoudlyAndReported(flags: [String], environment: [String: String]) async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp)
            let report = tmp.appendingPathComponent("out/live.xml")
            let result = try await Products.run(["run", "--live", "--base-url", "http://127.0.0.1:9", "--fixtures", tmp.path,
                                           "--report", report.path] + flags,
                                          environment: ["FSQ_API_KEY": ""].merging(environment) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("WARNING: FSQ_API_KEY is not set"))
            let cases = try E2E.cases(report.path)
            #expect(cases.count == 6, "3 live checks x 2 styles")
            #expect(cases.allSatisfy { if case let .skipped(message) = $0.outcome { message?.contains("FSQ_API_KEY") == true } else { false } })
        }
    }

    @Test(arguments: [
        // --no-project: from the package root, fsq-contract.json would give the real API's URL.
        (["--live", "--no-project"], "--live needs --base-url"),
        (["--base-url", "http://127.0.0.1:9"], "--base-url is only used with --live"),
        (["--live", "--base-url", "http://127.0.0.1:9", "--if-no-key", "maybe"], "--if-no-key"),
    ])
    func liveAndBaseURLComeTogether(flags: [String], message: String) async throws {
        let result = try await Products.run(["run"] + flags, environment: ["FSQ_API_KEY": E2E.sentinel],
                                      currentDirectory: Products.packageRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func aServerThatNeverAnswersEndsByTheDeadlineWithAReport() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json", "chains/404-not-found.json", "place-search/200-typical.json"], to: tmp)
            let server = try HostileServer.start(.neverAnswer)
            defer { server.stop() }
            let report = tmp.appendingPathComponent("out/live.xml")
            let result = try await Products.run(["run", "--live", "--base-url", server.baseURL.absoluteString,
                                           "--fixtures", tmp.path, "--report", report.path,
                                           "--timeout", "30", "--deadline", "3", "--concurrency", "2"],
                                          environment: ["FSQ_API_KEY": E2E.sentinel])
            #expect(result.status == 3, "nothing answered: the run could not judge\n\(result.stdout.suffix(800))")
            #expect(result.elapsed < .seconds(3 + RunCommandGrace.seconds + 5), "took \(result.elapsed)")
            let cases = try E2E.cases(report.path)
            #expect(!cases.isEmpty)
            #expect(cases.allSatisfy { if case .error = $0.outcome { true } else { false } })
            #expect(Set(cases.map { $0.name.split(separator: " ")[0] }).count == 3, "every fixture is in the report")
        }
    }

    @Test func anUnreachableServerIsAnErrorNamingTheURL() async throws {
        try await withTemporaryDirectory { tmp in try await withRefusedPort { port in
            try copyFixtures(["chains/200-typical.json"], to: tmp)
            let report = tmp.appendingPathComponent("out/live.xml")
            let result = try await Products.run(["run", "--live", "--base-url", "http://127.0.0.1:\(port)", "--fixtures", tmp.path,
                                           "--report", report.path, "--retries", "1"],
                                          environment: ["FSQ_API_KEY": E2E.sentinel])
            #expect(result.status == 3)
            #expect(result.stdout.contains("run --live: could not judge the contract (exit 3): nothing answers: cannot connect to http://127.0.0.1:\(port)"))
            let problems = try E2E.cases(report.path).compactMap(E2E.problem)
            #expect(problems.contains { $0.contains("127.0.0.1:\(port)") && $0.contains("transport failed") }, "\(problems)")
            #expect(!result.stdout.contains(E2E.sentinel) && !result.stderr.contains(E2E.sentinel))
        } }
    }
}

/// The watchdog's grace after `--deadline`, as `RunCommand` sets it.
enum RunCommandGrace { static let seconds = 3.0 }

