import Foundation
import FoursquarePlaces
@testable import HarnessContractChecks
import Testing

/// What a version's document changed in an answer from the version before it, and what a fixture copied from that
/// version still carries of it.
@Suite struct DocumentChangesTests {
    static let line = ["2025-06-17", "2026-03-01", "2026-09-01"]
    static let documents: [String: Set<String>] = [
        "2025-06-17 place-details": ["$.name", "$.tel", "$.photos", "$.photos[*].id"],
        "2026-03-01 place-details": ["$.name", "$.phone", "$.photos", "$.photos[*].id", "$.photos[*].width"],
        "2026-09-01 place-details": ["$.name", "$.phone", "$.photos", "$.photos[*].width"],
        "2026-09-01 place-menu": ["$.items"],
    ]

    static func changes(_ endpoint: String, _ contract: String) -> DocumentChanges? {
        DocumentChanges.of(endpoint: endpoint, contract: contract, line: line) { endpoint, contract in
            documents["\(contract) \(endpoint)"].map { ($0, "openapi-\(contract.replacingOccurrences(of: "-", with: "")).json") }
        }
    }

    @Test("a rename is a removal and an addition; a removal deep in an array is named with [*]")
    func removedAndAddedMembersAgainstTheVersionBefore() throws {
        let rename = try #require(Self.changes("place-details", "2026-03-01"))
        #expect(rename.previous == "2025-06-17")
        #expect(rename.source == "openapi-20260301.json")
        #expect(rename.removed == ["$.tel"])
        #expect(rename.added == ["$.phone", "$.photos[*].width"])
        let removal = try #require(Self.changes("place-details", "2026-09-01"))
        #expect(removal.previous == "2026-03-01")
        #expect(removal.removed == ["$.photos[*].id"])
        #expect(removal.added.isEmpty)
    }

    @Test("the line's first version, a new operation, an unknown version and the seed contract have no changes")
    func nothingToCompareWith() {
        #expect(Self.changes("place-details", "2025-06-17") == nil)
        #expect(Self.changes("place-menu", "2026-09-01") == nil)
        #expect(Self.changes("place-details", "2027-01-01") == nil)
        #expect(DocumentChanges.of(endpoint: "place-details", contract: .seed) == nil)
        #expect(DocumentChanges.of(endpoint: "place-details", contract: .v20250617) == nil)  // the shipped line's first
    }

    @Test("an answer copied from the version before names each removed member it holds, in every element")
    func aCopiedAnswerCarriesWhatTheDocumentRemoved() throws {
        let removal = try #require(Self.changes("place-details", "2026-09-01"))
        let copied = Data(#"{"name":"Café","photos":[{"width":3},{"id":"p1","width":4},{"id":"p2"}]}"#.utf8)
        #expect(removal.removedMembers(in: copied) == ["$.photos[*].id", "$.photos[*].id"])
        let rewritten = Data(#"{"name":"Café","photos":[{"width":3}]}"#.utf8)
        #expect(removal.removedMembers(in: rewritten).isEmpty)
        let rename = try #require(Self.changes("place-details", "2026-03-01"))
        #expect(rename.removedMembers(in: Data(#"{"name":"Café","tel":"+1 212"}"#.utf8)) == ["$.tel"])
    }
}
