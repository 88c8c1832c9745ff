import Foundation
import FoursquarePlaces
import Testing
import TestSupport

/// Answers Foursquare's 2025-06-17 document allows that the client used to refuse (found by `fsq-contract fuzz`),
/// and the `fields` projection, which the client now always sends with the id the model needs.
@Suite("2025-06-17: answers the document allows")
struct DocumentAllowedAnswersTests {
    typealias C = Contract20250617

    @Test("a category icon or a chain logo without prefix is still an icon, whose URL is nil; the place still decodes")
    func iconWithoutPrefix() async throws {
        let body = #"{"results":[{"fsq_place_id":"a","categories":[{"fsq_category_id":"c","icon":{"suffix":".png"}}],"chains":[{"fsq_chain_id":"h","logo":{"prefix":"https://x/"}}]},{"fsq_place_id":"b","categories":[{"fsq_category_id":"d","icon":{"prefix":"https://i/","suffix":".png"}}]}]}"#
        let results = try await client(C.self, CapturingTransport(body: body)).placeSearch(C.PlaceSearchRequest(query: "x")).results
        #expect(results.map(\.id) == ["a", "b"])
        #expect(results[0].categories?.first?.icon?.suffix == ".png" && results[0].chains?.first?.logo?.prefix == "https://x/")
        #expect(results[0].categories?.first?.iconURL() == nil && results[0].chains?.first?.logo?.url() == nil)
        #expect(results[1].categories?.first?.iconURL()?.absoluteString == "https://i/64.png")
    }

    @Test("an icon member of the wrong type still fails, naming where")
    func iconOfTheWrongType() async throws {
        let body = #"{"fsq_place_id":"a","categories":[{"fsq_category_id":"c","icon":{"prefix":5,"suffix":".png"}}]}"#
        await #expect(throws: FoursquareError.self) { _ = try await client(C.self, CapturingTransport(body: body)).placeDetails(C.PlaceDetailsRequest(placeID: "a")) }
    }

    @Test("autocomplete text without primary, and a highlight without start, decode")
    func autocompleteTextWithoutPrimary() async throws {
        let body = #"{"results":[{"type":"search","text":{"secondary":"Search","highlight":[{"length":3},{"start":1,"length":2}]}}]}"#
        let results = try await client(C.self, CapturingTransport(body: body)).send(C.AutocompleteRequest(query: "cof")).results
        #expect(results.first?.text.primary == nil)
        #expect(results.first?.text.highlight == [C.AutocompleteHighlight(length: 3), C.AutocompleteHighlight(start: 1, length: 2)])
        #expect(C.AutocompleteHighlight(start: 1, length: 2).range(in: "café").map { String("café"[$0]) } == "af")
        #expect(C.AutocompleteHighlight(length: 2).range(in: "café") == nil)
    }

    @Test("2025-06-17 photos decode into the contract's own Photo")
    func photosHaveTheirOwnType() async throws {
        #expect(String(reflecting: C.PlacePhotosRequest.Response.self).contains("Contract20250617.Photo"))
        #expect(!String(reflecting: C.PlacePhotosRequest.Response.self).contains("SeedContract"))
        let photos = try await client(C.self, CapturingTransport(body: #"[{"id":"p","prefix":"https://x/","suffix":"/a.jpg","created_at":"2024-03-02T14:10:00.000Z"}]"#))
            .send(C.PlacePhotosRequest(placeID: "a"))
        #expect(photos.first?.imageURL(size: .cap(300))?.absoluteString == "https://x/cap300/a.jpg")
        #expect(photos.first?.createdDate != nil)
        do {
            _ = try await client(C.self, CapturingTransport(body: #"[{"prefix":"https://x/"}]"#)).send(C.PlacePhotosRequest(placeID: "a"))
            Issue.record("a photo without its id decoded")
        } catch {
            #expect(!"\(error)".contains("SeedContract"), "\(error)")
        }
    }

    @Test("fields without the id: the client sends the id too")
    func projectionKeepsTheID() {
        func fields(_ items: [(name: String, value: String)]) -> String? { items.first { $0.name == "fields" }?.value }
        #expect(fields(C.PlaceSearchRequest(fields: ["name", "tel"]).queryItems()) == "fsq_place_id,name,tel")
        #expect(fields(C.PlaceSearchRequest(fields: ["name", "fsq_place_id"]).queryItems()) == "name,fsq_place_id")
        #expect(fields(C.PlaceSearchRequest().queryItems()) == nil)
        #expect(fields(C.PlaceDetailsRequest(placeID: "a", fields: ["tel"]).queryItems()) == "fsq_place_id,tel")
        #expect(fields(C.PlaceTipsRequest(placeID: "a", fields: ["text"]).queryItems()) == "fsq_tip_id,text")
        #expect(fields(C.GeotaggingRequest(fields: ["name"]).queryItems()) == "fsq_place_id,name")
    }

    @Test("a search with fields=name,tel decodes against a server that projects as the API does")
    func projectingServer() async throws {
        let transport = CapturingTransport { request in
            let place: [String: Any] = ["fsq_place_id": "4a5f", "name": "Café", "tel": "(212) 555-0100", "website": "https://x", "rating": 8.1]
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let fields = Set((query.first { $0.name == "fields" }?.value ?? "").split(separator: ",").map(String.init))
            let projected = place.filter { fields.isEmpty || fields.contains($0.key) }
            let body = try! JSONSerialization.data(withJSONObject: ["results": [projected]])
            return .response(status: 200, headers: ["Content-Type": "application/json"], body: body)
        }
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: transport)
        let results = try await client.placeSearch(C.PlaceSearchRequest(query: "coffee", fields: ["name", "tel"])).results
        #expect(results.map(\.id) == ["4a5f"])
        #expect(results.first?.tel == "(212) 555-0100" && results.first?.website == nil)
    }
}
