import Foundation
import HarnessCore
import JUnitXML
import Testing
import TestSupport

/// Known findings with a reason and an end date: `drift --baseline`, `--update-baseline`.
@Suite("drift baseline", .serialized, .timeLimit(.minutes(5)))
struct BaselineTests {
    func drift(_ fixtures: URL, _ standIn: OpenAPIStandIn, _ tmp: URL, _ extra: [String] = []) async throws -> CommandResult {
        try await Products.run(["drift", "--base-url", standIn.baseURL.absoluteString, "--fixtures", fixtures.path, "--contract", "seed",
                                "--retries", "0", "--no-project", "--report", tmp.appendingPathComponent("drift.xml").path] + extra,
                               environment: ["FSQ_API_KEY": E2E.sentinel])
    }

    @Test func theSeedCorpusAgainstA20250617ServerFailsUntilItsFindingsAreKnownAndAgainWhenOneExpires() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try copyShippedFixtures(to: fixtures)
            let baseline = tmp.appendingPathComponent("baseline.json")
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                // A baseline path that does not exist is a mistake, not "0 known findings".
                let misspelt = try await drift(fixtures, standIn, tmp, ["--baseline", baseline.path])
                #expect(misspelt.status == 2, "\(misspelt.stdout.suffix(2000))")
                #expect(misspelt.stderr.contains("--baseline \(baseline.path): no such file"), "\(misspelt.stderr)")
                #expect(!FileManager.default.fileExists(atPath: baseline.path))
                let first = try await drift(fixtures, standIn, tmp)
                #expect(first.status == 1, "\(first.stdout.suffix(2000))")

                // Every seed operation's status class changed the same way, and every one refused the apiKey style (the
                // server speaks another contract): changes of the whole API, held back unless a flag names each.
                let held = try await drift(fixtures, standIn, tmp, ["--baseline", baseline.path, "--update-baseline"])
                #expect(held.status == 1, "\(held.stdout.suffix(3000))")
                #expect(held.stdout.contains("baseline: not written: every operation ("), "\(held.stdout.suffix(2000))")
                #expect(held.stdout.contains("shows 'drift status status' in the same way"), "\(held.stdout.suffix(2000))")
                #expect(held.stdout.contains("shows 'drift auth:apiKey refused' in the same way"), "\(held.stdout.suffix(2000))")
                try? FileManager.default.removeItem(at: baseline)
                let update = try await drift(fixtures, standIn, tmp, ["--baseline", baseline.path, "--update-baseline",
                                                                      "--accept-uniform-change", "drift status status",
                                                                      "--accept-uniform-change", "drift auth:apiKey refused"])
                #expect(update.status == 0, "\(update.stdout.suffix(3000))\n\(update.stderr)")
                #expect(update.stdout.contains("baseline \(baseline.path) written: "), "\(update.stdout.suffix(2000))")
                let written = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any])
                let entries = try #require(written["entries"] as? [[String: Any]])
                #expect(entries.count > 3)
                #expect(entries.allSatisfy { ($0["reason"] as? String)?.isEmpty == false && ($0["expires"] as? String)?.count == 10 })
                #expect(update.stdout.contains("known: seed/"), "\(update.stdout.suffix(2000))")

                // Fingerprints do not depend on fixture names, their order or when they were recorded.
                let from = fixtures.appendingPathComponent("place-search/200-typical.json")
                let to = fixtures.appendingPathComponent("place-search/200-zz-renamed.json")
                var fixture = try E2E.object(from)
                fixture["recorded"] = ["source": "recorded", "at": "2020-01-01T00:00:00Z"]
                try E2E.write(fixture, to: to)
                try FileManager.default.removeItem(at: from)
                let known = try await drift(fixtures, standIn, tmp, ["--baseline", baseline.path])
                #expect(known.status == 0, "\(known.stdout.suffix(3000))")
                #expect(known.stdout.contains("0 expired, 0 fixed"), "\(known.stdout.suffix(2000))")
                // Each known case says so in the suite's system-out, under its name.
                let suites = try ReportReader.read(path: tmp.appendingPathComponent("drift.xml").path).suites
                #expect(suites.contains { $0.systemOut.contains("[bearer] drift: known (baseline, until ") })

                // One entry expired yesterday: its finding fails again and the run names it.
                var expiring = entries
                let victim = try #require(expiring.firstIndex { ($0["fingerprint"] as? String)?.contains(" status status") == true })
                expiring[victim]["expires"] = Baseline.day(-1)
                let name = try #require(expiring[victim]["fingerprint"] as? String)
                try JSONSerialization.data(withJSONObject: ["entries": expiring], options: [.prettyPrinted]).write(to: baseline)
                let expired = try await drift(fixtures, standIn, tmp, ["--baseline", baseline.path])
                #expect(expired.status == 1, "\(expired.stdout.suffix(2000))")
                #expect(expired.stdout.contains("EXPIRED: \(name)"), "\(expired.stdout.suffix(2000))")
                #expect(expired.stdout.contains("baseline entry '\(name)' expired on \(Baseline.day(-1))"), "\(expired.stdout.suffix(3000))")
            }
        }
    }

    @Test func runLiveKnowsTheFindingsOfItsBaselineToo() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try copyFixtures(["place-search/200-typical.json", "place-details/200-typical.json"], to: fixtures)
            let baseline = tmp.appendingPathComponent("baseline.json")
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                func run(_ extra: [String]) async throws -> CommandResult {
                    try await Products.run(["run", "--live", "--base-url", standIn.baseURL.absoluteString, "--fixtures", fixtures.path,
                                            "--auth", "bearer", "--retries", "0", "--no-project", "--baseline", baseline.path,
                                            "--report", tmp.appendingPathComponent("live.xml").path] + extra,
                                           environment: ["FSQ_API_KEY": E2E.sentinel])
                }
                let update = try await run(["--update-baseline"])
                // The run that writes the baseline keeps its verdicts; the next one knows them.
                #expect(update.status == 1, "\(update.stdout.suffix(2000))")
                #expect(update.stdout.contains("baseline \(baseline.path) written: "), "\(update.stdout.suffix(2000))")
                let known = try await run([])
                #expect(known.status == 0, "\(known.stdout.suffix(3000))")
                #expect(known.stdout.contains("known: seed/place-search "), "\(known.stdout.suffix(2000))")
            }
        }
    }

    @Test func aBadBaselineFileIsOneLineNamingIt() async throws {
        try await withTemporaryDirectory { tmp in
            let baseline = tmp.appendingPathComponent("baseline.json")
            try Data(#"{"entries": [{"fingerprint": "seed/chains drift status status", "reason": "x", "expires": "soon"}]}"#.utf8).write(to: baseline)
            let result = try await Products.run(["drift", "--base-url", "http://127.0.0.1:9", "--fixtures",
                                                 Products.packageRoot.appendingPathComponent("Fixtures").path, "--baseline", baseline.path],
                                                environment: ["FSQ_API_KEY": E2E.sentinel])
            #expect(result.status == 2)
            #expect(result.stderr.contains("baseline.json") && result.stderr.contains("'soon' is not a YYYY-MM-DD date"), "\(result.stderr)")
        }
    }
}
