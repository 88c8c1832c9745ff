import Foundation
@testable import FoursquarePlaces
import Testing

/// `EndpointID` is a struct a new version extends, read and written as the operation id it names.
@Suite struct EndpointIDTests {
    /// The order reports and `list` sort by: the registry's, contract by contract, each id once. It is the order the
    /// enum declared, so every report keeps its order.
    @Test func theRegistryListsEveryIdOnceInItsOrder() {
        #expect(EndpointID.all.map(\.rawValue) == [
            "place-details", "place-tips", "place-photos", "places-autocomplete", "place-search", "geotagging",
            "categories", "chains", "autocomplete", "geotagging-candidates", "place-suggest-edit", "place-flag",
            "place-suggest-remove", "suggest-merge", "places-suggest-place", "place-suggest-status",
            "place-top-venue-woes", "geotagging-confirm", "offline-jobs-status", "offline-jobs-initialize",
            "offline-jobs-execute", "offline-jobs-credentials-refresh",
        ])
        #expect(Set(EndpointID.all).count == EndpointID.all.count)
    }

    @Test func aNameNoContractRegistersIsNoId() throws {
        #expect(EndpointID(rawValue: "place-flag") == .placeFlag)
        #expect(EndpointID(rawValue: "place-flags") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([EndpointID].self, from: Data(#"["nope"]"#.utf8)) }
    }

    @Test func itIsCodedAsItsName() throws {
        let data = try JSONEncoder().encode([EndpointID.placeTopVenueWoes, .placeSearch])
        #expect(String(decoding: data, as: UTF8.self) == #"["place-top-venue-woes","place-search"]"#)
        #expect(try JSONDecoder().decode([EndpointID].self, from: data) == [.placeTopVenueWoes, .placeSearch])
    }

    /// One name per operation: the Swift constant is the operation id in lower camel case, and so are the request
    /// type (upper camel case, `Request`) and the typed client method; the fixture folder is the id itself.
    @Test func eachOperationHasOneName() {
        func camel(_ id: EndpointID) -> String {
            let words = id.rawValue.split(separator: "-")
            return words[0] + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        for contract in Contract.all {
            for endpoint in contract.endpoints {
                let name = camel(endpoint.id)
                // A read generic over its contract (`PlaceSearchRequest<Contract20250617>`) is named without it.
                let type = String(describing: endpoint.requestType).prefix { $0 != "<" }
                let expected = name.prefix(1).uppercased() + name.dropFirst() + "Request"
                #expect(type == expected, "\(contract.id) \(endpoint.id): request type \(type)")
            }
        }
    }
}
