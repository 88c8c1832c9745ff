import Foundation
@testable import FoursquarePlaces
import Testing

/// A later version that keeps every operation's shape serves 2025-06-17's entries under its own name: what
/// `scripts/new-contract.sh` starts a version with (scripts/new-contract-check.sh builds and replays one). Its reads
/// are its own request types (generic over the contract), so they answer in its models; its writes are 2025-06-17's.
@Suite struct ContractSuccessorTests {
    /// A contract as the scaffold writes one, defined here instead of in a folder, so it is in no line.
    enum Next: Contract20250617Operations {
        static var contract: Contract { ContractSuccessorTests.next }
    }

    static let next = Contract.v20250617.successor("2099-01-01", spec: "openapi 20990101", endpoints: Next.entries20250617("2099-01-01", spec: "openapi 20990101"))

    @Test func theSuccessorServesEveryEndpointUnderItsOwnName() throws {
        let next = Self.next
        #expect(next.id == "2099-01-01" && next.apiVersion == "2099-01-01" && next.isDated)
        #expect(next.baseURL == Contract.v20250617.baseURL && next.authStyles == Contract.v20250617.authStyles)
        #expect(next.endpoints.map(\.id) == Contract.v20250617.endpoints.map(\.id))
        for entry in next.endpoints {
            let earlier = try #require(Contract.v20250617.endpoint(entry.id))
            #expect(entry.contract == "2099-01-01" && entry.specDocument == "openapi 20990101")
            #expect(entry.method == earlier.method && entry.pathTemplate == earlier.pathTemplate)
            #expect(entry.parameters == earlier.parameters)
            #expect(entry != earlier, "an entry is one contract's")
        }
        #expect(next.endpoint(.placeSearch).map { ObjectIdentifier($0.requestType) } == ObjectIdentifier(Next.PlaceSearchRequest.self))
        #expect(next.endpoint(.placeFlag).map { ObjectIdentifier($0.requestType) } == ObjectIdentifier(Contract20250617.PlaceFlagRequest.self))
        #expect(Next.Place.self == Contract20250617.Place.self, "2025-06-17's models until the version declares its own")
    }

    @Test func aRecordedQueryBuildsTheSameRequestUnderEitherVersion() throws {
        let query = ["fields": "tel,website", "comment": "wrong number", "dry_run": "true"]
        let earlier = try #require(Contract.v20250617.endpoint(.placeFlag))
        let later = try #require(Self.next.endpoint(.placeFlag))
        let a = try earlier.makeRequest(placeID: "4a5f", query: query)
        let b = try later.makeRequest(placeID: "4a5f", query: query)
        #expect(ObjectIdentifier(type(of: a)) == ObjectIdentifier(type(of: b)))
        #expect(a.queryItems().map { "\($0.name)=\($0.value)" } == b.queryItems().map { "\($0.name)=\($0.value)" })
        #expect(try a.path() == b.path())
    }

    /// An operation the earlier version added is kept under the new name.
    @Test func anOperationTheEarlierVersionAddedIsKept() throws {
        let earlier = Contract.v20250617.successor(
            "2099-01-01", spec: "a", endpoints: Next.entries20250617("2099-01-01", spec: "a"), changed: [try #require(Contract.seed.endpoint(.chains))])
        let later = earlier.successor("2099-06-01", spec: "b", endpoints: Next.entries20250617("2099-06-01", spec: "b"))
        #expect(later.endpoints.map(\.id) == earlier.endpoints.map(\.id))
        #expect(later.endpoint(.chains)?.contract == "2099-06-01" && later.endpoint(.chains)?.specDocument == "b")
    }

    /// An operation that changed replaces its entry in place; a new one comes after the kept ones.
    @Test func changedEntriesReplaceOrExtend() throws {
        let entries = Next.entries20250617("2099-01-01", spec: "changed")
        let changedFlag = try #require(entries.first { $0.id == .placeFlag })
        let newOperation = try #require(Contract.seed.endpoint(.categories))
        let next = Contract.v20250617.successor(
            "2099-01-01", spec: "openapi 20990101", endpoints: Next.entries20250617("2099-01-01", spec: "openapi 20990101"), changed: [changedFlag, newOperation])
        #expect(next.endpoints.map(\.id) == Contract.v20250617.endpoints.map(\.id) + [.categories])
        #expect(next.endpoint(.placeFlag)?.specDocument == "changed")
        #expect(next.endpoint(.placeSearch)?.specDocument == "openapi 20990101")
        #expect(next.endpoint(.categories)?.contract == .seed)
    }

    /// A version that declares its own `Place` (one type) gets it from every read that returns a place.
    enum WithAccessibility: Contract20250617Operations {
        struct Place: Codable, Sendable, Hashable {
            let id: String
            let accessibility: String?
            enum CodingKeys: String, CodingKey { case id = "fsq_place_id", accessibility }
        }
        static let contract = Contract.v20250617.successor("2099-02-02", spec: "test", endpoints: entries20250617("2099-02-02", spec: "test"))
    }

    @Test func aVersionsOwnPlaceIsWhatEveryPlaceReadAnswers() throws {
        let place = #"{"fsq_place_id": "p1", "accessibility": "step-free"}"#
        let search = try JSONDecoder().decode(WithAccessibility.PlaceSearchRequest.Response.self, from: Data(#"{"results": [\#(place)]}"#.utf8))
        #expect(search.results.first?.accessibility == "step-free")
        let details = try JSONDecoder().decode(WithAccessibility.PlaceDetailsRequest.Response.self, from: Data(place.utf8))
        #expect(details.accessibility == "step-free")
        let candidates = try JSONDecoder().decode(WithAccessibility.GeotaggingRequest.Response.self, from: Data(#"{"candidates": [\#(place)]}"#.utf8))
        #expect(candidates.candidates.first?.accessibility == "step-free")
        let suggestion = #"{"results": [{"type": "place", "text": {"primary": "P"}, "place": \#(place)}]}"#
        let suggestions = try JSONDecoder().decode(WithAccessibility.AutocompleteRequest.Response.self, from: Data(suggestion.utf8))
        #expect(suggestions.results.first?.place?.accessibility == "step-free")
        #expect(WithAccessibility.contract.endpoint(.placeSearch).map { ObjectIdentifier($0.responseModel) } == ObjectIdentifier(WithAccessibility.SearchResponse.self))
    }

    /// A request reaches its entry through the contract that declared it; a read, through the contract that serves it.
    @Test func aRequestReachesItsEntryThroughItsContract() {
        #expect(Contract20250617.PlaceFlagRequest.endpoint == Contract.v20250617.endpoint(.placeFlag))
        #expect(SeedContract.PlaceSearchRequest.endpoint == Contract.seed.endpoint(.placeSearch))
        #expect(Contract20250617.PlaceSearchRequest.endpoint.contract == .v20250617)
        #expect(Next.PlaceSearchRequest.endpoint.contract == "2099-01-01")
        #expect(SeedContract.AutocompleteRequest.endpoint.contract == .seed)
    }

    /// Checks and reports name a model generic over its contract as an app writes it.
    @Test func aGenericModelIsNamedUnderItsContract() {
        #expect(ModelName.of(Contract20250617.SearchResponse.self) == "Contract20250617.SearchResponse")
        #expect(ModelName.of(SeedContract.AutocompleteResponse.self) == "SeedContract.AutocompleteResponse")
        #expect(ModelName.of([Contract20250617.Tip].self) == "Swift.Array<Contract20250617.Tip>")
        #expect(Contract.v20250617.endpoint(.autocomplete)?.responseType == "Contract20250617.AutocompleteResponse")
    }
}
