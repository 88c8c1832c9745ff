import Foundation
@testable import FoursquarePlaces
import Testing

/// A later version that keeps every operation's shape reuses the earlier one's entries and request types: what
/// `scripts/new-contract.sh` starts a version with (scripts/new-contract-check.sh builds and replays one).
@Suite struct ContractSuccessorTests {
    static let next = Contract.v20250617.successor("2099-01-01", spec: "openapi 20990101")

    @Test func theSuccessorServesEveryEndpointUnderItsOwnName() throws {
        let next = Self.next
        #expect(next.id == "2099-01-01" && next.apiVersion == "2099-01-01" && next.isDated)
        #expect(next.baseURL == Contract.v20250617.baseURL && next.authStyles == Contract.v20250617.authStyles)
        #expect(next.endpoints.map(\.id) == Contract.v20250617.endpoints.map(\.id))
        for entry in next.endpoints {
            let earlier = try #require(Contract.v20250617.endpoint(entry.id))
            #expect(entry.contract == "2099-01-01" && entry.specDocument == "openapi 20990101")
            #expect(ObjectIdentifier(entry.requestType) == ObjectIdentifier(earlier.requestType), "\(entry.id): the request type is reused")
            #expect(entry.method == earlier.method && entry.pathTemplate == earlier.pathTemplate)
            #expect(entry.parameters == earlier.parameters)
            #expect(entry != earlier, "an entry is one contract's")
        }
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

    /// An operation that changed replaces its entry in place; a new one comes after the kept ones.
    @Test func changedEntriesReplaceOrExtend() throws {
        let changedFlag = try #require(Contract.v20250617.endpoint(.placeFlag)).reissued(for: "2099-01-01", spec: "changed")
        let newOperation = try #require(Contract.seed.endpoint(.categories)).reissued(for: "2099-01-01", spec: "new")
        let next = Contract.v20250617.successor("2099-01-01", spec: "openapi 20990101", changed: [changedFlag, newOperation])
        #expect(next.endpoints.map(\.id) == Contract.v20250617.endpoints.map(\.id) + [.categories])
        #expect(next.endpoint(.placeFlag)?.specDocument == "changed")
        #expect(next.endpoint(.placeSearch)?.specDocument == "openapi 20990101")
        #expect(next.endpoint(.categories)?.specDocument == "new")
    }

    /// A request reaches its entry through the contract that declared it.
    @Test func aRequestReachesItsEntryThroughItsContract() {
        #expect(Contract20250617.PlaceFlagRequest.endpoint == Contract.v20250617.endpoint(.placeFlag))
        #expect(SeedContract.PlaceSearchRequest.endpoint == Contract.seed.endpoint(.placeSearch))
        #expect(Contract20250617.PlaceSearchRequest.endpoint.contract == .v20250617)
    }
}
