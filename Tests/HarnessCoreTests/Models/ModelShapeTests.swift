import Foundation
import FoursquarePlaces
import HarnessCore
import Testing

/// What a response model reads, learned with no sample body: spec-diff grades documents with it.
@Suite("model shape")
struct ModelShapeTests {
    @Test func aSearchReadsThePlaceIDAsRequiredAndTheRestAsOptional() {
        let shape = ModelReads.shape(endpoint: .placeSearch, contract: .v20250617)
        #expect(shape["$.results"] == FieldRead(required: true, type: "array"))
        #expect(shape["$.results[*].fsq_place_id"] == FieldRead(required: true, type: "string"))
        #expect(shape["$.results[*].distance"] == FieldRead(required: false, type: "integer"))
        #expect(shape["$.results[*].rating"] == FieldRead(required: false, type: "number"))
        // Optional objects and array elements are read through, though no body has them.
        #expect(shape["$.results[*].location.address"] == FieldRead(required: false, type: "string"))
        #expect(shape["$.results[*].categories[*].fsq_category_id"] == FieldRead(required: true, type: "string"))
        #expect(shape["$.results[*].veracity_rating"] == FieldRead(required: false, type: "any"))
    }

    @Test func aTopLevelListReadsItsElements() {
        let shape = ModelReads.shape(endpoint: .placeTips, contract: .v20250617)
        #expect(shape.keys.contains { $0.hasPrefix("$[*].") }, "\(shape.keys.sorted())")
    }

    @Test func everyEndpointOfEveryContractHasAShape() {
        for contract in Contract.all {
            for endpoint in EndpointID.all where Contract.named(contract.id)?.endpoint(endpoint) != nil {
                #expect(!ModelReads.shape(endpoint: endpoint, contract: contract.id).isEmpty, "\(contract.id) \(endpoint)")
            }
        }
    }
}
