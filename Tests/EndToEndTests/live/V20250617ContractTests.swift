import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessLive
import JUnitXML
import Testing
import TestSupport

/// The 2025-06-17 contract against a loopback server that answers as Foursquare's own OpenAPI for that version
/// describes (`OpenAPIStandIn`), through the built binaries: `run --live` and `record` then `run`.
@Suite("the 2025-06-17 contract against the OpenAPI stand-in", .serialized)
struct V20250617ContractTests {
    static let contract = Contract.v20250617.id.rawValue

    /// The shipped 2025-06-17 fixtures, as (relative path, fixture), derived from the corpus.
    static func currentFixtures() throws -> [Fixture] {
        try FixtureLoader(root: E2E.standInCorpus).loadAll().compactMap { item in
            if case let .fixture(fixture) = item, fixture.contract.rawValue == contract { return fixture }
            return nil
        }
    }

    @Test func runLiveIsGreenForEvery2xxFixtureAndSpeaksOnlyBearer() async throws {
        // Synthesized fixtures are replay's: the live verbs leave them out.
        let successes = try Self.currentFixtures().filter { (200...299).contains($0.response.status) && !$0.isReplayOnly }
        // The six reads the stand-in speaks (the other operations: WriteSafetyTests and the Python stand-in).
        #expect(Set(successes.map(\.endpoint)) == Set(Contract.v20250617.endpoints.filter { $0.id.contracts.contains(.seed) || $0.id == .geotaggingCandidates }.map(\.id)))
        try await withTemporaryDirectory { tmp in
            try copyFixtures(successes.map(\.relativePath), to: tmp)
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let report = tmp.appendingPathComponent("out/live.xml")
                let result = try await Products.run(
                    ["run", "--live", "--base-url", standIn.baseURL.absoluteString, "--fixtures", tmp.path,
                     "--contract", Self.contract, "--report", report.path, "--retries", "0"],
                    environment: ["FSQ_API_KEY": E2E.sentinel])
                #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
                let cases = try E2E.cases(report.path)
                #expect(cases.allSatisfy { $0.outcome == .passed }, "\(cases.compactMap(E2E.problem).prefix(5))")
                // Each fixture once, in the bearer style only, with its status and decoding checked.
                for fixture in successes {
                    #expect(cases.contains { $0.name == "\(fixture.relativePath) [bearer] live-decoding" }, "\(fixture.relativePath)")
                }
                #expect(!cases.contains { $0.name.contains("[apiKey]") })
                // The server saw exactly what 2025-06-17 wants: bearer and its version, on every request.
                #expect(standIn.requests.count == successes.count)
                #expect(standIn.requests.allSatisfy {
                    $0.status == 200 && $0.headers["x-places-api-version"] == "2025-06-17"
                        && $0.headers["authorization"]?.hasPrefix("Bearer ") == true
                })
                for text in [result.stdout, result.stderr, try String(contentsOf: report, encoding: .utf8)] {
                    #expect(!text.contains(E2E.sentinel))
                }
            }
        }
    }

    @Test func theSeedStyleAgainstTheStandInIsRefusedNotGreen() async throws {
        // The seed contract's apiKey style is what the API no longer takes: a run must say so, not pass.
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["place-details/200-typical.json"], to: tmp)
            try await OpenAPIStandIn.with { standIn in
                let report = tmp.appendingPathComponent("out/live.xml")
                let result = try await Products.run(
                    ["run", "--live", "--base-url", standIn.baseURL.absoluteString, "--fixtures", tmp.path,
                     "--auth", "apiKey", "--report", report.path, "--retries", "0"],
                    environment: ["FSQ_API_KEY": E2E.sentinel])
                // Every call refused: the run cannot tell a refused style from a rejected key, and says it could not judge.
                #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
                #expect(standIn.requests.map(\.status) == [401])
            }
        }
    }

    @Test func recordAllThenRunIsGreenAndKeepsTheContract() async throws {
        let fixtures = try Self.currentFixtures()
        try await withTemporaryDirectory { tmp in
            try copyFixtures(fixtures.map(\.relativePath), to: tmp)
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                // The run's default style is apiKey; 2025-06-17 fixtures are still recorded with bearer.
                let recorded = try await Products.run(
                    ["record", "--base-url", standIn.baseURL.absoluteString, "--fixtures", tmp.path, "--mode", "all",
                     "--retries", "0"],
                    environment: ["FSQ_API_KEY": E2E.sentinel])
                // Writing fixtures exits 1 on purpose (snapshot testing's record mode); nothing may fail.
                #expect(recorded.status == 1, "\(recorded.stdout)\n\(recorded.stderr)")
                #expect(recorded.stdout.contains(", 0 failed"), "\(recorded.stdout)\n\(recorded.stderr)")
                // The real key was never refused; a 401 fixture is asked with the rejected key, and refused.
                let rejected = "Bearer \(LiveProvocation.rejectedKey.secret)"
                #expect(!standIn.requests.contains { $0.status == 401 && $0.headers["authorization"] != rejected })
                #expect(standIn.requests.filter { $0.headers["authorization"] == rejected }.allSatisfy { $0.status == 401 })
                #expect(standIn.requests.contains { $0.headers["authorization"] == rejected })
                // Every file keeps its contract; each one rewritten (a file whose content the server repeats stays
                // as it was) was recorded in bearer, the only style 2025-06-17 takes.
                var rewritten = 0
                for fixture in fixtures {
                    let object = try E2E.object(tmp.appendingPathComponent(fixture.relativePath))
                    #expect(object["contract"] as? String == Self.contract, "\(fixture.relativePath)")
                    let recordedInfo = object["recorded"] as? [String: Any]
                    guard recordedInfo?["source"] as? String == "recorded" else { continue }
                    rewritten += 1
                    #expect(recordedInfo?["auth"] as? String == "bearer", "\(fixture.relativePath)")
                }
                #expect(rewritten > 0 && recorded.stdout.contains("\(rewritten) updated"), "\(recorded.stdout)")
                #expect(!E2E.allText(under: tmp).contains(E2E.sentinel))
            }
            let report = tmp.appendingPathComponent("out/replay.xml")
            let replay = try await Products.run(["run", "--fixtures", tmp.path, "--report", report.path])
            #expect(replay.status == 0, "\(replay.stdout.suffix(3000))\n\(replay.stderr)")
            // The fixtures' own cases: the documented bounds (suite `bounds`) and a `paging` case where an answer names a
            // next page come besides them.
            let cases = try ReportReader.read(path: report.path).suites.filter { !["bounds", "client-defaults", "version-document"].contains($0.name) }
                .flatMap(\.testCases)
                .filter { !$0.name.hasSuffix(" paging") }
            #expect(cases.count == fixtures.count * 2, "a bearer request case and a response case per fixture")
        }
    }

    @Test func listShowsCoveragePerContract() async throws {
        let listed = try await Products.run(["list"], currentDirectory: Products.packageRoot)
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        let coverage = try #require(lines.firstIndex { $0.hasPrefix("Coverage in ") })
        for contract in Contract.all {
            let header = try #require(lines[coverage...].firstIndex { $0.hasPrefix(" \(contract.id): ") }, "\(listed.stdout)")
            // The contract's endpoints follow its header, each with no gaps in the shipped corpus.
            let rows = lines[(header + 2)..<(header + 2 + contract.endpoints.count)]
            #expect(rows.map { $0.split(separator: " ").first.map(String.init) } == contract.endpoints.map(\.id.rawValue))
            #expect(rows.allSatisfy { $0.hasSuffix("none") }, "\(rows)")
        }
        #expect(lines.contains("  no gaps"))
        // After the coverage: the endpoints whose success fixtures all ask for one id (a closed place would leave
        // them only other endpoints' answers as evidence).
        let single = try #require(lines.firstIndex { $0.hasPrefix("warning: ") && $0.contains("on one recorded id each") }, "\(listed.stdout)")
        #expect(single > coverage)
        #expect(lines[single...].contains("  place-suggest-edit (2025-06-17): 4a5f2f39f964a52067bf1fe3 in 2 success fixtures"))

        // A folder with one 2025-06-17 fixture: seed is named as empty (no gaps counted), 2025-06-17 shows its gaps.
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["geotagging-candidates/2025-06-17/200-typical.json"], to: tmp)
            let partial = try await Products.run(["list", "--fixtures", tmp.path])
            #expect(partial.status == 0, "\(partial.stderr)")
            let rows = partial.stdout.split(separator: "\n").map(String.init)
            #expect(rows.contains(" seed: no fixtures"), "\(partial.stdout)")
            #expect(rows.contains(" 2025-06-17: 1 fixture, each replayed as bearer"), "\(partial.stdout)")
            let row = try #require(rows.last { $0.hasPrefix("  geotagging-candidates ") })
            #expect(row.hasSuffix("GAP 400,401,403,404,429,500,503"), "\(row)")
            let others = Contract.v20250617.endpoints.count - 1
            #expect(rows.last == "  \(7 + others * 8) gaps", "\(partial.stdout)")
        }
    }
}
