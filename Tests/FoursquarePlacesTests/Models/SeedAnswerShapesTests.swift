import Foundation
import FoursquarePlaces
import Testing

/// Shapes real seed answers take beyond the documents' examples.
@Suite struct SeedAnswerShapesTests {
    @Test("tips and photos decode as a bare array and in the documented results wrapper")
    func bareArrayAndWrapper() throws {
        let tip = #"{"id":"t1","created_at":"2025-01-01T00:00:00Z","text":"Good","lang":"en"}"#
        let photo = #"{"id":"p1","prefix":"https://x.invalid/","suffix":"/a.jpg","width":10,"height":20}"#
        let decoder = JSONDecoder()
        #expect(try decoder.decode(ResultsPage<SeedContract.Tip>.self, from: Data("[\(tip)]".utf8)).results.first?.createdAt == "2025-01-01T00:00:00Z")
        #expect(try decoder.decode(ResultsPage<SeedContract.Tip>.self, from: Data(#"{"results":[\#(tip)]}"#.utf8)).results.count == 1)
        #expect(try decoder.decode(ResultsPage<SeedContract.PlacePhoto>.self, from: Data("[\(photo)]".utf8)).results.first?.height == 20)
        #expect(try decoder.decode(ResultsPage<SeedContract.PlacePhoto>.self, from: Data(#"{"results":[\#(photo)]}"#.utf8)).results.count == 1)
    }

    @Test("other seed lists keep the documented wrapper")
    func otherListsDoNot() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ResultsPage<SeedContract.Chain>.self, from: Data(#"[{"fsq_id":"c","name":"n"}]"#.utf8))
        }
    }

    @Test("a seed projection that leaves out the id gets it, as 2025-06-17's does")
    func projectionKeepsID() {
        func fields(_ items: [(name: String, value: String)]) -> String? { items.first { $0.name == "fields" }?.value }
        #expect(fields(SeedContract.PlaceDetailsRequest(placeID: "a", fields: ["name", "location"]).queryItems()) == "fsq_id,name,location")
        #expect(fields(SeedContract.PlaceSearchRequest(query: "tea", location: .near("Oakland"), fields: ["name"]).queryItems()) == "fsq_id,name")
        #expect(fields(SeedContract.PlaceTipsRequest(placeID: "a", fields: ["text"]).queryItems()) == "id,text")
        #expect(fields(SeedContract.PlaceDetailsRequest(placeID: "a", fields: ["name", "fsq_id"]).queryItems()) == "name,fsq_id")
    }
}
