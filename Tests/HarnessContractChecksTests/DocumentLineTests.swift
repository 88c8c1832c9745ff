@testable import HarnessContractChecks
import Testing

/// The harness's value tables name the version that introduced an entry, and a later version's document takes it
/// with no edit: the line is the OpenAPI documents oldest first, as `scripts/contract-data.py` read them.
@Suite struct DocumentLineTests {
    let line = ["2025-06-17", "2026-01-15", "2026-06-01"]

    @Test func anEntryHoldsFromItsVersionForEveryLaterOneOfTheLine() {
        let entry = DocumentLine(since: "2025-06-17")
        #expect(line.map { entry.covers($0, line: line) } == [true, true, true])
        #expect(!entry.covers("seed", line: line))
        // A version that is not in the line (scaffolded, its document not added yet) takes nothing it did not add.
        #expect(!entry.covers("2099-01-01", line: line))
        // An entry a later version introduced holds from there on, not before.
        #expect(line.map { DocumentLine(since: "2026-01-15").covers($0, line: line) } == [false, true, true])
    }

    @Test func aLaterVersionDropsAnEntryByNamingItself() {
        let dropped = DocumentLine(since: "2025-06-17", droppedIn: "2026-01-15")
        #expect(line.map { dropped.covers($0, line: line) } == [true, false, false])
        // Changed: dropped where it changed, and the new entry since that version.
        let changed = DocumentLine(since: "2026-01-15")
        #expect(line.map { dropped.covers($0, line: line) || changed.covers($0, line: line) } == [true, true, true])
    }

    @Test func theSeedContractsEntriesAreItsOwn() {
        let seed = DocumentLine(since: "seed")
        #expect(seed.covers("seed", line: line))
        #expect(line.allSatisfy { !seed.covers($0, line: line) })
    }

    @Test func todaysLineIsTheDocumentsAndEveryEntryNamesAVersionOfIt() {
        #expect(DocumentedOperation.openAPIVersions.first == "2025-06-17")
        #expect(DocumentedOperation.openAPIVersions == DocumentedOperation.openAPIVersions.sorted())
        let known = Set(DocumentLine.contracts)
        let named = ValueDeparture.all.map(\.versions) + ValueDeparture.bareArrays.map(\.versions)
            + ValueNaming.exceptions.map(\.versions) + PagedOperation.all.map(\.versions)
        for versions in named {
            #expect(known.contains(versions.since), "an entry since \(versions.since), which no document or the seed names")
        }
    }

    @Test func everyLaterVersionOfTheLineTakesTheTablesEntries() {
        // 2025-06-17's entries, and the seed contract's apart.
        #expect(ValueDeparture.anywhere["2025-06-17"]?.contains(["plugins", "traversable_again"]) == true)
        #expect(ValueDeparture.anywhere["seed"]?.contains(["plugins", "traversable_again"]) != true)
        #expect(ValueNaming.exceptions(for: "2025-06-17")["fsq_place_id"] != nil)
        #expect(ValueNaming.exceptions(for: "seed")["fsq_place_id"] == nil)
        #expect(ValueNaming.exceptions(for: "2025-06-17")["fsq_id"] == nil)
        #expect(ValueDeparture.bareArrayWrapper(endpoint: "place-tips", contract: "seed") == "results")
        #expect(ValueDeparture.bareArrayWrapper(endpoint: "place-tips", contract: "2025-06-17") == nil)
        #expect(PagedOperation.pages(contract: "2025-06-17", endpoint: "place-search"))
        // Every version after 2025-06-17 in the line has what 2025-06-17 has (none dropped today).
        for contract in DocumentedOperation.openAPIVersions.drop { $0 != "2025-06-17" } {
            #expect(ValueDeparture.anywhere[contract] == ValueDeparture.anywhere["2025-06-17"])
            #expect(ValueDeparture.exact[contract] == ValueDeparture.exact["2025-06-17"])
            #expect(ValueNaming.exceptions(for: contract).keys.sorted() == ValueNaming.exceptions(for: "2025-06-17").keys.sorted())
            #expect(PagedOperation.pages(contract: contract, endpoint: "place-tips"))
        }
    }
}
