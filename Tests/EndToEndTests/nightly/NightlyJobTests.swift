import Foundation
import JUnitXML
import Testing
import TestSupport

/// The nightly job as a team lives with it: a place that closed is stale, not drift; live calls have a budget, a
/// dry run and a pace; a case that passed only after a retried 5xx is marked flaky.
@Suite("nightly job", .serialized, .timeLimit(.minutes(5)))
struct NightlyJobTests {
    static let contract = "2025-06-17"
    static let staleFixture = "place-details/2025-06-17/200-typical.json"
    /// 24 hex digits, as a Foursquare id has, that no place of the stand-in has: the place closed.
    static let closedID = "0000000000000000000dead0"

    /// The 2025-06-17 success fixtures of the endpoints that take a place id, with one recorded id closed since.
    static func corpusWithAClosedPlace(_ folder: URL) throws {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: Products.packageRoot.appendingPathComponent("Fixtures").path)
            .filter { $0.contains("/2025-06-17/200-") && ($0.hasPrefix("place-details/") || $0.hasPrefix("place-tips/")) }
        try copyFixtures(paths, to: folder)
        let url = folder.appendingPathComponent(staleFixture)
        var fixture = try E2E.object(url)
        var request = fixture["request"] as! [String: Any]
        request["path"] = "/places/\(closedID)"
        fixture["request"] = request
        try E2E.write(fixture, to: url)
    }

    func live(_ verb: [String], _ folder: URL, _ baseURL: URL, _ tmp: URL, _ extra: [String] = [],
              environment: [String: String] = [:]) async throws -> CommandResult {
        var env = ["FSQ_API_KEY": E2E.sentinel]
        env.merge(environment) { $1 }
        return try await Products.run(verb + ["--base-url", baseURL.absoluteString, "--fixtures", folder.path, "--contract", Self.contract,
                                              "--retries", "0", "--no-project"] + extra, environment: env)
    }

    @Test func aClosedPlaceIsStaleNotDriftAndItsReRecordCommandReplaysGreen() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try Self.corpusWithAClosedPlace(fixtures)
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let summary = tmp.appendingPathComponent("drift.md"), stepSummary = tmp.appendingPathComponent("step.md")
                let drift = try await live(["drift"], fixtures, standIn.baseURL, tmp,
                                           ["--report", tmp.appendingPathComponent("drift.xml").path, "--summary", summary.path],
                                           environment: ["GITHUB_STEP_SUMMARY": stepSummary.path])
                #expect(drift.status == 0, "\(drift.stdout.suffix(3000))\n\(drift.stderr)")
                #expect(drift.stdout.contains("the server speaks 2025-06-17 (0 breaking)"), "\(drift.stdout.suffix(2000))")
                let command = "fsq-contract record --mode all --contract 2025-06-17 --filter '\(Self.staleFixture)' --place-id "
                #expect(drift.stdout.contains("stale: \(Self.staleFixture): place id \(Self.closedID) answers 404"), "\(drift.stdout.suffix(2000))")
                #expect(drift.stdout.contains("re-record: \(command)"))
                // A loopback server is gone by the time someone re-records: the command names none (record then reads
                // the project file's baseURL, or calls the API); this test passes the stand-in's itself.
                #expect(!drift.stdout.contains("--base-url"), "\(drift.stdout.suffix(2000))")
                #expect(!drift.stdout.contains("gone:"))
                let markdown = try String(contentsOf: summary, encoding: .utf8)
                #expect(markdown.contains("**Stale fixtures**") && markdown.contains("`\(Self.closedID)`"), "\(markdown)")
                #expect(try String(contentsOf: stepSummary, encoding: .utf8).contains("**Stale fixtures**"))
                let driftCases = try E2E.cases(tmp.appendingPathComponent("drift.xml").path)
                let staleCase = try #require(driftCases.first { $0.name == "\(Self.staleFixture) [bearer] drift" })
                guard case let .skipped(reason) = staleCase.outcome else { Issue.record("\(staleCase.outcome)"); return }
                #expect(reason?.hasPrefix("stale:") == true)

                let report = tmp.appendingPathComponent("live.xml")
                let run = try await live(["run", "--live"], fixtures, standIn.baseURL, tmp, ["--report", report.path])
                #expect(run.status == 0, "\(run.stdout.suffix(3000))\n\(run.stderr)")
                #expect(run.stdout.contains("stale: \(Self.staleFixture): place id \(Self.closedID) answers 404"), "\(run.stdout.suffix(2000))")
                let liveCases = try E2E.cases(report.path).filter { $0.name.hasPrefix(Self.staleFixture) }
                #expect(!liveCases.isEmpty && liveCases.allSatisfy {
                    if case let .skipped(reason) = $0.outcome { return reason?.hasPrefix("stale:") == true }
                    return false
                })

                // The project file can make stale fail.
                let project = tmp.appendingPathComponent("strict.json")
                try Data(#"{"staleFails": true}"#.utf8).write(to: project)
                func strict(_ verb: [String]) async throws -> CommandResult {
                    try await Products.run(verb + ["--base-url", standIn.baseURL.absoluteString, "--fixtures", fixtures.path,
                                                   "--contract", Self.contract, "--retries", "0", "--project", project.path,
                                                   "--report", tmp.appendingPathComponent("strict-\(verb[0]).xml").path],
                                           environment: ["FSQ_API_KEY": E2E.sentinel])
                }
                let strictDrift = try await strict(["drift"]), strictRun = try await strict(["run", "--live"])
                #expect(strictDrift.status == 1, "\(strictDrift.stdout.suffix(2000))")
                #expect(strictRun.status == 1, "\(strictRun.stdout.suffix(2000))")
                #expect(strictDrift.stdout.contains("failing: staleFails is true"))

                // The command the summary gives, run as printed (this test's fixtures folder aside), re-records the
                // fixture for a place that exists; it then replays green and drift finds nothing stale.
                let line = try #require(drift.stdout.split(separator: "\n").first { $0.contains("re-record: ") })
                let printed = try #require(line.components(separatedBy: "re-record: fsq-contract ").last)
                let arguments = printed.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
                let placeID = try #require(arguments.drop { $0 != "--place-id" }.dropFirst().first)
                #expect(OpenAPIStandIn.knownPlaceIDs.contains(placeID))
                let rerecord = try await Products.run(
                    arguments + ["--base-url", standIn.baseURL.absoluteString, "--fixtures", fixtures.path, "--retries", "0", "--no-project"],
                    environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "false"])
                #expect(rerecord.status == 1 && rerecord.stdout.contains("UPDATED  \(Self.staleFixture)"), "\(rerecord.stdout)\n\(rerecord.stderr)")
                #expect(rerecord.stdout.contains("replay green"))
                let replay = try await Products.run(["run", "--fixtures", fixtures.path, "--no-project",
                                                     "--report", tmp.appendingPathComponent("replay.xml").path])
                #expect(replay.status == 0, "\(replay.stdout.suffix(2000))")
                let again = try await live(["drift"], fixtures, standIn.baseURL, tmp, ["--report", tmp.appendingPathComponent("again.xml").path])
                #expect(again.status == 0 && !again.stdout.contains("stale:"), "\(again.stdout.suffix(2000))")
                for text in [drift.stdout, run.stdout, rerecord.stdout, markdown, E2E.allText(under: tmp)] {
                    #expect(!text.contains(E2E.sentinel))
                }
            }
        }
    }

    /// The closed place is the first call of the run: no other id has answered yet, so live mode probes one.
    @Test func runLiveProbesAnotherRecordedIDWhenTheFirstAnswerIsA404() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try copyFixtures(["place-details/2025-06-17/200-minimal-fields.json", Self.staleFixture], to: fixtures)
            let first = "place-details/2025-06-17/100-closed.json"
            var fixture = try E2E.object(fixtures.appendingPathComponent(Self.staleFixture))
            var request = fixture["request"] as! [String: Any]
            request["path"] = "/places/\(Self.closedID)"
            fixture["request"] = request
            try E2E.write(fixture, to: fixtures.appendingPathComponent(first))
            try FileManager.default.removeItem(at: fixtures.appendingPathComponent(Self.staleFixture))
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let run = try await live(["run", "--live"], fixtures, standIn.baseURL, tmp,
                                         ["--concurrency", "1", "--report", tmp.appendingPathComponent("live.xml").path])
                #expect(run.status == 0, "\(run.stdout.suffix(2000))")
                #expect(run.stdout.contains("stale: \(first): place id \(Self.closedID) answers 404"), "\(run.stdout.suffix(2000))")
                // The closed id, then the probe of the other recorded id, then that fixture's own call.
                let targets = standIn.requests.map(\.target)
                let other = "/places/4bf3c82cf964a52053874afa"
                #expect(targets.count == 3 && targets[0].hasPrefix("/places/\(Self.closedID)") && targets[1].hasPrefix(other)
                        && targets[2].hasPrefix(other), "\(targets)")
                #expect(run.stdout.contains("calls: 3 made"))
            }
        }
    }

    @Test func aPlaceIDThatAnswers404EverywhereIsStillGone() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try copyFixtures([Self.staleFixture], to: fixtures)
            var fixture = try E2E.object(fixtures.appendingPathComponent(Self.staleFixture))
            var request = fixture["request"] as! [String: Any]
            request["path"] = "/places/\(Self.closedID)"
            fixture["request"] = request
            try E2E.write(fixture, to: fixtures.appendingPathComponent(Self.staleFixture))
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let drift = try await live(["drift"], fixtures, standIn.baseURL, tmp, ["--report", tmp.appendingPathComponent("d.xml").path])
                #expect(drift.status == 1)
                #expect(drift.stdout.contains("gone: GET /places/{fsq_place_id}"), "\(drift.stdout)")
                #expect(!drift.stdout.contains("stale:"))
            }
        }
    }

    @Test func aBudgetTooSmallRefusesTheRunBeforeAnyCallAndADryRunCallsNothing() async throws {
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let shipped = Products.packageRoot.appendingPathComponent("Fixtures")
                let refused = try await Products.run(
                    ["run", "--live", "--base-url", standIn.baseURL.absoluteString, "--fixtures", shipped.path, "--max-calls", "10",
                     "--report", tmp.appendingPathComponent("r.xml").path], environment: ["FSQ_API_KEY": E2E.sentinel])
                #expect(refused.status == 2, "\(refused.stdout)\n\(refused.stderr)")
                #expect(refused.stderr.contains("--max-calls 10: run --live would make "), "\(refused.stderr)")
                let needed = try #require(refused.stderr.split(separator: " ").drop { $0 != "make" }.dropFirst().first.flatMap { Int($0) })
                #expect(needed > 10)
                #expect(standIn.requests.isEmpty)
                // Asked to select fixtures, the run first identifies the server with one call that carries no key (the
                // stand-in leaves it out of `requests`): the refusal says so, and nothing else was sent.
                let selecting = try await Products.run(
                    ["run", "--live", "--base-url", standIn.baseURL.absoluteString, "--fixtures", shipped.path, "--max-calls", "10",
                     "--fixture-header", "always", "--report", tmp.appendingPathComponent("r.xml").path],
                    environment: ["FSQ_API_KEY": E2E.sentinel])
                #expect(selecting.status == 2, "\(selecting.stdout)\n\(selecting.stderr)")
                #expect(selecting.stderr.contains("more than the budget; nothing was sent with the key"), "\(selecting.stderr)")
                #expect(standIn.requests.isEmpty, "\(standIn.requests.map(\.target))")
                // The count is the calls a run makes: with that budget it goes through and makes exactly that many.
                let fits = try await Products.run(
                    ["run", "--live", "--base-url", standIn.baseURL.absoluteString, "--fixtures", shipped.path, "--max-calls", String(needed),
                     "--retries", "0", "--report", tmp.appendingPathComponent("fits.xml").path], environment: ["FSQ_API_KEY": E2E.sentinel])
                #expect(fits.stdout.contains("calls: \(needed) made"), "\(fits.stdout.suffix(1500))")
                #expect(standIn.requests.count == needed)
                standIn.clearInjections()

                let before = standIn.requests.count
                for verb in [["run", "--live"], ["drift"], ["record", "--mode", "all"], ["nightly"]] {
                    let dry = try await Products.run(
                        verb + ["--base-url", standIn.baseURL.absoluteString, "--fixtures", shipped.path, "--dry-run",
                                "--contract", Self.contract, "--report", tmp.appendingPathComponent("dry.xml").path]
                            .filter { verb[0] != "record" || $0 != "--report" && !$0.hasSuffix("dry.xml") },
                        environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "false"])
                    #expect(dry.status == 0, "\(verb): \(dry.stdout)\n\(dry.stderr)")
                    #expect(dry.stdout.contains("\(verb.prefix(verb[0] == "run" ? 2 : 1).joined(separator: " ")) would make ") && dry.stdout.contains("made none (--dry-run"), "\(verb): \(dry.stdout)")
                    #expect(dry.stdout.contains("place-details (2025-06-17)"), "\(verb): \(dry.stdout)")
                }
                #expect(standIn.requests.count == before, "a dry run made calls")
            }
        }
    }

    /// One `--deadline` for the night: against a server that never answers, drift's pass and the live checks
    /// together end by it (and both reports say what did not finish), not each pass by its own.
    @Test func theNightEndsByOneDeadlineAgainstAServerThatNeverAnswers() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(HostileLiveTests.chains, to: tmp.appendingPathComponent("Fixtures"))
            let server = try HostileServer.start(.neverAnswer)
            defer { server.stop() }
            // Long enough that one deadline plus the grace and a loaded machine's slack stays under two deadlines.
            let deadline = 8
            let result = try await Products.run(
                ["nightly", "--base-url", server.baseURL.absoluteString, "--fixtures", tmp.appendingPathComponent("Fixtures").path,
                 "--report", tmp.appendingPathComponent("live.xml").path, "--drift-report", tmp.appendingPathComponent("drift.xml").path,
                 "--timeout", "30", "--deadline", "\(deadline)", "--retries", "0", "--concurrency", "2", "--fixture-header", "never"],
                environment: ["FSQ_API_KEY": E2E.sentinel])
            // Nothing answered before the deadline cut the calls off: the night could not judge the contract (3),
            // says so (not that the server is down), and the live checks make no more calls.
            #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
            #expect(result.stdout.contains("nightly: could not judge the contract (exit 3): the deadline passed before any answer"), "\(result.stdout)")
            #expect(result.stdout.contains("live checks: not run"), "\(result.stdout)")
            // Two deadlines would take 16 s and more; one ends by 8 s and the grace (3 s), plus what a loaded
            // machine adds (10.96 s with a 6 s deadline once, under load 15).
            #expect(result.elapsed < .seconds(2 * deadline), "took \(result.elapsed)")
            let cases = try E2E.cases(tmp.appendingPathComponent("drift.xml").path)
            #expect(!cases.isEmpty && cases.allSatisfy { $0.outcome != .passed }, "drift.xml")
        }
    }

    @Test func aPacedRunStaysUnderTheQuotaThatAnUnpacedOneHits() async throws {
        // The operations the stand-in speaks: a quota's 429s, not its 404s for the other operations, are the point.
        let shipped = E2E.standInCorpus
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                try await QuotaServer.with(perSecond: 5, in: standIn) { quota in
                    // Unpaced, eight at once: the quota answers 429 (the retries wait them out). Paced at 2 a second, well
                    // under 5, so a loaded machine that delivers two windows' calls together still stays under it.
                    _ = try await Products.run(
                        ["run", "--live", "--base-url", quota.baseURL.absoluteString, "--fixtures", shipped.path, "--contract", Self.contract,
                         "--filter", "place-search", "--concurrency", "8", "--retries", "6", "--no-project", "--fixture-header", "never",
                         "--report", tmp.appendingPathComponent("unpaced.xml").path], environment: ["FSQ_API_KEY": E2E.sentinel])
                    #expect(quota.rejected > 0, "the quota server never refused: the test cannot tell pacing from luck")
                    let rejectedBefore = quota.rejected
                    try await Task.sleep(for: .seconds(1.1))
                    let paced = try await Products.run(
                        ["run", "--live", "--base-url", quota.baseURL.absoluteString, "--fixtures", shipped.path, "--contract", Self.contract,
                         "--filter", "place-search", "--concurrency", "8", "--rate-limit", "2", "--retries", "0", "--no-project", "--fixture-header", "never",
                         "--report", tmp.appendingPathComponent("paced.xml").path], environment: ["FSQ_API_KEY": E2E.sentinel])
                    #expect(paced.status == 0, "\(paced.stdout.suffix(3000))\n\(paced.stderr)")
                    #expect(quota.rejected == rejectedBefore, "the paced run got 429s")
                    #expect(paced.stdout.contains("none retried"), "\(paced.stdout.suffix(500))")
                    #expect(!paced.stdout.contains("s waited in all (0.0 s pacing"), "\(paced.stdout.suffix(500))")
                }
            }
        }
    }

    @Test func aCaseThatPassedAfterARetried503IsFlakyAndTheReportStaysValid() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["place-details/2025-06-17/200-typical.json", "place-search/2025-06-17/200-typical.json"], to: tmp)
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                standIn.inject(.init(status: 503, pathPrefix: "/places/search", count: 1))
                // 200-typical asks for /places/5a187743ccad6b307315e6fe.
                standIn.inject(.init(status: 429, retryAfter: 0, pathPrefix: "/places/5", count: 1))
                let report = tmp.appendingPathComponent("out/live.xml"), step = tmp.appendingPathComponent("step.md")
                let result = try await Products.run(
                    ["run", "--live", "--base-url", standIn.baseURL.absoluteString, "--fixtures", tmp.path, "--contract", Self.contract,
                     "--retries", "2", "--no-project", "--report", report.path],
                    environment: ["FSQ_API_KEY": E2E.sentinel, "GITHUB_STEP_SUMMARY": step.path])
                #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
                #expect(result.stdout.contains("2 retried (1 × 429, 1 × 503)"), "\(result.stdout.suffix(1500))")
                // The 503 case is flaky; the 429 waited out is not.
                #expect(result.stdout.contains("flaky: "), "\(result.stdout.suffix(1500))")
                #expect(result.stdout.contains("place-search/2025-06-17/200-typical.json [bearer]"))
                #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix("  place-details/") })
                let text = try String(contentsOf: report, encoding: .utf8)
                #expect(text.contains("flaky: passed only after retrying 503 (attempts: 2)"))
                let schemaErrors = try E2E.schemaErrors(report.path)  // the xUnit and Ant XSDs too, when the shared junit-schemas are beside the clone
                #expect(schemaErrors.isEmpty, "\(schemaErrors)")
                let markdown = try String(contentsOf: step, encoding: .utf8)
                #expect(markdown.contains("**Flaky cases**") && markdown.contains("**Live calls:**"), "\(markdown)")

                // Drift marks and counts a flaky call the same way.
                standIn.inject(.init(status: 503, pathPrefix: "/places/search", count: 1))
                let drift = try await Products.run(
                    ["drift", "--base-url", standIn.baseURL.absoluteString, "--fixtures", tmp.path, "--contract", Self.contract,
                     "--retries", "2", "--no-project", "--report", tmp.appendingPathComponent("out/drift.xml").path],
                    environment: ["FSQ_API_KEY": E2E.sentinel])
                #expect(drift.status == 0, "\(drift.stdout.suffix(2000))")
                #expect(drift.stdout.contains("flaky: 1 case passed only after a retried 5xx or transport failure"), "\(drift.stdout.suffix(2000))")
                #expect(try String(contentsOf: tmp.appendingPathComponent("out/drift.xml"), encoding: .utf8).contains("flaky: passed only after retrying 503"))
            }
        }
    }

    /// A night on which one place answers 503 after its retries could not judge every case: `--update-baseline`
    /// leaves the file as it was, though another operation's entry did not recur (it would be "fixed" on a night
    /// that judged every case), and the operation is still called for its other places.
    @Test func aNightThatCouldNotJudgeEveryCaseWritesNoBaseline() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try copyFixtures(["place-details/2025-06-17/200-minimal-fields.json", "place-details/2025-06-17/200-typical.json",
                              "place-search/2025-06-17/200-typical.json"], to: fixtures)
            let baseline = tmp.appendingPathComponent("baseline.json")
            let entry = #"{"entries": [{"fingerprint": "2025-06-17/place-search drift $.results[*].distance type-changed", "#
                + #""reason": "known", "expires": "never"}]}"#
            try Data(entry.utf8).write(to: baseline)
            let before = try Data(contentsOf: baseline)
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                // 200-minimal-fields asks for this place; 200-typical for another.
                standIn.inject(.init(status: 503, pathPrefix: "/places/4bf3c82cf964a52053874afa", count: nil))
                let night = try await Products.run(
                    ["nightly", "--base-url", standIn.baseURL.absoluteString, "--fixtures", fixtures.path, "--contract", Self.contract,
                     "--retries", "2", "--no-project", "--baseline", baseline.path, "--update-baseline",
                     "--report", tmp.appendingPathComponent("night.xml").path],
                    environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "false"])
                #expect(night.status == 3, "\(night.stdout.suffix(3000))\n\(night.stderr)")
                #expect(night.stdout.contains("nightly: could not judge every case (exit 3): place-details answered 503"), "\(night.stdout.suffix(2000))")
                #expect(night.stdout.contains("baseline \(baseline.path) not written: some cases could not be judged"), "\(night.stdout.suffix(2000))")
                // It marks no entry fixed either: what the unjudged cases would show is unknown.
                #expect(night.stdout.contains("baseline \(baseline.path): 1 entry: 0 known (not failing), 0 expired, 0 fixed, 1 not checked"),
                        "\(night.stdout.suffix(2000))")
                #expect(!night.stdout.contains("  fixed: "), "\(night.stdout.suffix(2000))")
                #expect(!night.stdout.contains("answers only 5xx"), "one place is not the operation: \(night.stdout.suffix(2000))")
                #expect(standIn.requests.contains { $0.target.hasPrefix("/places/") && !$0.target.contains("4bf3c82cf964a52053874afa") && !$0.target.hasPrefix("/places/search") },
                        "the operation's other place was called")
                #expect(try Data(contentsOf: baseline) == before)
            }
        }
    }

    @Test func oldFixturesAreAWarningInRunListAndTheStepSummaryNotAFailure() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try copyFixtures(["chains/200-typical.json", "categories/200-typical.json"], to: fixtures)
            let old = fixtures.appendingPathComponent("chains/200-typical.json")
            var fixture = try E2E.object(old)
            fixture["recorded"] = ["source": "recorded", "at": "2020-01-01T00:00:00Z"]
            try E2E.write(fixture, to: old)
            let young = fixtures.appendingPathComponent("categories/200-typical.json")
            fixture = try E2E.object(young)
            fixture["recorded"] = ["source": "recorded", "at": ISO8601DateFormatter().string(from: Date())]
            try E2E.write(fixture, to: young)
            let project = tmp.appendingPathComponent("fsq-contract.json")
            try Data(#"{"fixtures": "Fixtures", "report": "out/junit.xml", "fixtureMaxAgeDays": 180}"#.utf8).write(to: project)
            let step = tmp.appendingPathComponent("step.md")
            let run = try await Products.run(["run"], environment: ["GITHUB_STEP_SUMMARY": step.path], currentDirectory: tmp)
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            #expect(run.stdout.contains("warning: 1 fixture recorded more than 180 days ago"), "\(run.stdout)")
            #expect(run.stdout.contains("old: chains/200-typical.json (recorded "))
            #expect(!run.stdout.contains("old: categories/"))
            #expect(try String(contentsOf: step, encoding: .utf8).contains("**Old fixtures**"))
            let list = try await Products.run(["list"], currentDirectory: tmp)
            #expect(list.status == 0)
            #expect(list.stdout.contains("old: chains/200-typical.json (recorded "), "\(list.stdout.suffix(800))")
        }
    }
}
