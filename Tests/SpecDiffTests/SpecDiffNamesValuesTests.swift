import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import SpecDiff
import Testing

/// `spec-diff` says what changed by value: the enum values a parameter gained or lost, a bound's old and new value,
/// and a field removed with another of its type added beside it as one line, "renamed?".
@Suite("spec-diff names the values")
struct SpecDiffNamesValuesTests {
    /// place-search's parameters as the document lists them: `sort` and `limit`.
    static let sort = At.search + "/parameters/16/schema", limit = At.search + "/parameters/17/schema"

    @Test func aWiderBoundAndANewEnumValueAreNamedByValue() throws {
        let old = try #require(CurrentDocument.tree)
        var new = old
        new.set(Self.limit, "maximum", json("100"))
        new.set(Self.sort, "enum", json(#"["RELEVANCE", "RATING", "DISTANCE", "POPULARITY", "NEWEST"]"#))
        let messages = gradedChanges(old: old, new: new).map(\.message)
        #expect(messages.contains { $0.hasPrefix("query parameter limit: maximum 50 → 100, and still accepts") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("query parameter sort: enum adds \"NEWEST\", and still accepts") }, "\(messages)")
        #expect(!messages.contains { $0.contains("its schema changed") }, "\(messages)")
    }

    @Test func aNarrowerBoundNamesBothValues() throws {
        let old = try #require(CurrentDocument.tree)
        var new = old
        new.set(Self.limit, "maximum", json("40"))
        let messages = gradedChanges(old: old, new: new).map(\.message)
        #expect(messages.contains { $0.contains("query parameter limit:") && $0.contains("50") && $0.contains("40") }, "\(messages)")
    }

    @Test func aFieldRemovedAndOneOfItsTypeAddedBesideItIsOneLineRenamed() throws {
        let old = try #require(CurrentDocument.tree)
        var new = old
        new.remove(At.place + "/properties/website")
        new.set(At.place + "/properties", "web_site", json(#"{"type": "string"}"#))
        let messages = gradedChanges(old: old, new: new).map(\.message).filter { $0.contains("web_site") || $0.contains("website") }
        #expect(!messages.isEmpty)
        #expect(messages.allSatisfy { $0.hasPrefix("renamed? response field $.results[*].website removed and $.results[*].web_site added beside it") },
                "\(messages)")
    }

    @Test func aRenameBesideAnotherRemovalOfItsTypeIsPairedByTheNameItExtends() throws {
        let old = try #require(CurrentDocument.tree)
        var new = old
        new.remove(At.place + "/properties/website")
        new.remove(At.place + "/properties/tel")
        new.set(At.place + "/properties", "website_url", json(#"{"type": "string"}"#))
        let messages = gradedChanges(old: old, new: new).map(\.message)
        #expect(messages.contains { $0.hasPrefix("renamed? response field $.results[*].website removed and $.results[*].website_url added beside it") },
                "\(messages)")
        #expect(messages.contains { $0.hasPrefix("response field $.results[*].tel removed") }, "\(messages)")
        #expect(!messages.contains { $0.contains("new optional response field $.results[*].website_url") }, "\(messages)")
    }
}
