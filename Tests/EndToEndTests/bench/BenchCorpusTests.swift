import FixtureFormat
import Foundation
import JUnitXML
import Testing
import TestSupport

/// `fsq-bench gen-fixtures --places`: the benchmark corpus, deterministic and green under replay.
@Suite("fsq-bench corpus")
struct BenchCorpusTests {
    func generate(_ folder: URL, count: Int, seed: Int = 12) async throws {
        let result = try await Products.run(
            ["gen-fixtures", "--places", "10", "--count", String(count), "--seed", String(seed), "--output", folder.path],
            executable: "fsq-bench")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
    }

    func files(_ folder: URL) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("place-search").path)
        return try Dictionary(uniqueKeysWithValues: names.map {
            ($0, try Data(contentsOf: folder.appendingPathComponent("place-search/\($0)")))
        })
    }

    @Test func theSameSeedWritesTheSameBytesAndAnotherSeedDoesNot() async throws {
        try await withTemporaryDirectory { tmp in
            try await generate(tmp.appendingPathComponent("a"), count: 30)
            try await generate(tmp.appendingPathComponent("b"), count: 30)
            try await generate(tmp.appendingPathComponent("c"), count: 30, seed: 13)
            let a = try files(tmp.appendingPathComponent("a"))
            #expect(a.count == 30)
            #expect(a == (try files(tmp.appendingPathComponent("b"))))
            #expect(a != (try files(tmp.appendingPathComponent("c"))))
        }
    }

    @Test func theCorpusHasTenPlacesAndTheErrorSpreadAndReplaysGreen() async throws {
        try await withTemporaryDirectory { tmp in
            let corpus = tmp.appendingPathComponent("corpus")
            try await generate(corpus, count: 140)
            let loaded = try FixtureLoader(root: corpus).loadAll()
            var statuses: [Int] = []
            var nonASCIINames = 0
            for item in loaded {
                guard case let .fixture(fixture) = item else { Issue.record("not loaded: \(item.relativePath)"); continue }
                statuses.append(fixture.response.status)
                if fixture.response.status == 200 {
                    let body = try #require(try JSONSerialization.jsonObject(with: fixture.response.body.data) as? [String: Any])
                    let results = try #require(body["results"] as? [[String: Any]])
                    #expect(results.count == 10)
                    nonASCIINames += results.filter { ($0["name"] as? String)?.unicodeScalars.contains { $0.value > 0x7F } == true }.count
                }
            }
            // Every tenth fixture is an error, the statuses in turn; the rest are 200.
            let errors = stride(from: 9, to: 140, by: 10).map { statuses[$0] }
            #expect(errors == [400, 401, 403, 404, 429, 500, 503, 400, 401, 403, 404, 429, 500, 503])
            #expect(statuses.enumerated().filter { $0.offset % 10 != 9 }.allSatisfy { $0.element == 200 })
            #expect(nonASCIINames > 100)
            let sizes = try files(corpus).values.map(\.count)
            let average = sizes.reduce(0, +) / sizes.count
            #expect((3_000...4_500).contains(average), "average file size \(average) bytes")

            let report = tmp.appendingPathComponent("junit.xml").path
            let result = try await Products.run(["run", "--fixtures", corpus.path, "--report", report, "--timings"])
            #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
            // The fixtures' cases, and the seed contract's base URL against its documents (client-defaults).
            #expect(result.stdout.contains("421 passed, 0 failed: 421 cases: 420 from 140 fixtures, 1 in client-defaults (no fixture)"),
                    "\(result.stdout.suffix(400))")
            let parsed = try ReportReader.read(path: report)
            #expect(parsed.suites.flatMap(\.testCases).filter { $0.name.hasSuffix(" error-mapping") }.count == 14)
            // --timings: one line of key=value seconds on stderr.
            let timings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("timings: ") }
            #expect(timings.count == 1)
            for key in ["discover", "stream", "finish", "load", "replay", "report"] {
                #expect(timings.first?.contains(" \(key)=") == true, "\(key) missing in \(timings)")
            }
        }
    }

    @Test func aSecondRunRefusesAnExistingFolder() async throws {
        try await withTemporaryDirectory { tmp in
            try await generate(tmp.appendingPathComponent("x"), count: 1)
            let again = try await Products.run(
                ["gen-fixtures", "--places", "10", "--count", "1", "--output", tmp.appendingPathComponent("x").path],
                executable: "fsq-bench")
            #expect(again.status != 0)
            #expect(again.stderr.contains("already exists"))
        }
    }
}
