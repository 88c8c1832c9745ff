import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessReports
import Testing
import TestSupport

/// The coverage matrix `list` prints, counted from fixtures.
struct CoverageTests {
    static let shipped = Products.packageRoot.appendingPathComponent("Fixtures")

    @Test func theShippedCorpusCoversEveryEndpointOfBothContractsWithNoGaps() throws {
        let loaded = try FixtureLoader(root: Self.shipped).loadAll()
        let coverage = Coverage(loaded)
        #expect(coverage.broken == 0)
        #expect(coverage.fixtures.values.reduce(0, +) == loaded.count)
        #expect(Set(coverage.fixtures.keys) == Set(Contract.all.map(\.id)))
        #expect(coverage.totalGaps == 0)
    }

    @Test func aMissingStatusIsAGapOfThatEndpointAndContractOnly() throws {
        try withTemporaryDirectory { tmp in
            let chains = Self.shipped.appendingPathComponent("chains")
            let copy = tmp.appendingPathComponent("chains")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            let files = try FileManager.default.contentsOfDirectory(atPath: chains.path).filter { $0.hasSuffix(".json") }
            // Every 503: the authored one and the synthesized ones (both Retry-After forms).
            let dropped = files.filter { $0.hasPrefix("503") || $0.hasPrefix("synthetic-503") }
            #expect(!dropped.isEmpty)
            for file in files where !dropped.contains(file) {
                try FileManager.default.copyItem(at: chains.appendingPathComponent(file), to: copy.appendingPathComponent(file))
            }
            let coverage = Coverage(try FixtureLoader(root: tmp).loadAll())
            #expect(coverage.gaps(Coverage.Row(contract: "seed", endpoint: .chains)) == ["503"])
            #expect(coverage.fixtures == ["seed": files.count - dropped.count])
            // Only the seed contract has fixtures here: its other endpoints are gaps, 2025-06-17 is not counted.
            let seed = try #require(Contract.named("seed"))
            #expect(coverage.totalGaps == 1 + (seed.endpoints.count - 1) * Coverage.requiredStatuses.count)
        }
    }
}

/// What `record` compares before and after writing: the cells a recording lost.
struct CoverageLossTests {
    @Test func aCellWhoseLastFixtureChangedStatusIsLostAndNamed() throws {
        let loaded = try FixtureLoader(root: CoverageTests.shipped).loadAll()
        let before = Coverage(loaded)
        #expect(before.lost(in: before).isEmpty)
        // The chains 403 fixture re-recorded as a 401: the seed chains 403 cell is gone, nothing else.
        let after = Coverage(loaded.map { item in
            guard case var .fixture(fixture) = item, fixture.contract == "seed", fixture.relativePath == "chains/403-forbidden.json"
            else { return item }
            fixture.response.status = 401
            return .fixture(fixture)
        })
        #expect(before.lost(in: after).map(\.description) == ["seed chains 403"])
        #expect(after.lost(in: before).isEmpty, "a 401 was added, not lost")
    }
}
