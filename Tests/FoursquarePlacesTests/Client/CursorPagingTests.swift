import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// Every paging operation takes a cursor, a page gives the request for the next one, and the token survives the
/// app's own storage as a plain String.
@Suite("Paging with cursors")
struct CursorPagingTests {
    typealias C = Contract20250617

    /// Three pages, by cursor: none → c2 → c3 → end. The Link also carries the other parameters, as the API's does.
    static func pagedTransport() -> CapturingTransport {
        CapturingTransport { request in
            let cursor = request.queryParameters["cursor"]
            let next: String? = switch cursor {
            case nil: "c2"
            case "c2": "c3"
            default: nil
            }
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if let next {
                var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
                components.queryItems = (components.queryItems ?? []).filter { $0.name != "cursor" } + [URLQueryItem(name: "cursor", value: next)]
                headers["Link"] = "<\(components.url!.absoluteString)>; rel=\"next\""
            }
            let id = "p-\(cursor ?? "c1")"
            let body: String
            if request.path.hasSuffix("/tips") {
                body = #"[{"fsq_tip_id":"\#(id)"}]"#
            } else if request.path.hasSuffix("/photos") {
                body = #"[{"id":"\#(id)","prefix":"https://x/","suffix":"/a.jpg"}]"#
            } else {
                body = #"{"results":[{"fsq_place_id":"\#(id)"}]}"#
            }
            return .response(status: 200, headers: headers, body: Data(body.utf8))
        }
    }

    @Test("PlaceSearchRequest, PlaceTipsRequest and PlacePhotosRequest send the cursor they are given")
    func cursorIsSent() async throws {
        let transport = Self.pagedTransport()
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: transport)
        _ = try await client.placeSearch(C.PlaceSearchRequest(query: "coffee", limit: 2, cursor: "c2"))
        _ = try await client.placeTips(C.PlaceTipsRequest(placeID: "p", cursor: "c2"))
        _ = try await client.placePhotos(C.PlacePhotosRequest(placeID: "p", cursor: "c2"))
        #expect(transport.requests.map { $0.queryParameters["cursor"] } == ["c2", "c2", "c2"])
        #expect(C.PlaceSearchRequest.endpoint.parameter(named: "cursor") != nil)
        #expect(C.PlaceTipsRequest.endpoint.parameter(named: "cursor") != nil)
        #expect(C.PlacePhotosRequest.endpoint.parameter(named: "cursor") != nil)
    }

    @Test("an empty cursor is refused before sending")
    func emptyCursor() async throws {
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: CapturingTransport())
        let error = await foursquareError { () async throws(FoursquareError) in _ = try await client.placeSearch(C.PlaceSearchRequest(cursor: " ")) }
        #expect(error?.code == .invalidInput)
        #expect(error?.parameter == "cursor")
    }

    @Test("a response gives the request for its next page, and nil on the last")
    func nextRequest() async throws {
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: Self.pagedTransport())
        let first = C.PlaceSearchRequest(query: "coffee", location: .near("Chicago, IL"), limit: 2)
        let page1 = try await client.response(to: first)
        let second = try #require(page1.nextRequest(after: first))
        #expect(second.cursor == "c2")
        #expect(second.query == "coffee" && second.limit == 2 && second.location == .near("Chicago, IL"))
        let page2 = try await client.response(to: second)
        let third = try #require(page2.nextRequest(after: second))
        let page3 = try await client.response(to: third)
        #expect(page3.value.results.map(\.id) == ["p-c3"])
        #expect(page3.nextRequest(after: third) == nil)
    }

    @Test("a page token survives the app's storage as a String and resumes on a later screen")
    func tokenRoundTrip() async throws {
        let transport = Self.pagedTransport()
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: transport)
        let search = C.PlaceSearchRequest(query: "coffee", limit: 2)
        // Screen 1 loads the first page and saves the token as apps do: a String in their own storage.
        let token: String = try #require(try await client.response(to: search).nextCursor)
        let stored = try JSONEncoder().encode(["nextPage": token])
        // Screen 2, later: reads it back and asks for that page.
        let restored = try #require(try JSONDecoder().decode([String: String].self, from: stored)["nextPage"])
        var resumed = search
        resumed.cursor = restored
        let page = try await client.placeSearch(resumed)
        #expect(page.results.map(\.id) == ["p-c2"])
        #expect(transport.lastRequest?.queryParameters["cursor"] == token)
    }

    @Test("pages walks every paging operation from its cursor to the end")
    func pagesForEachOperation() async throws {
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: Self.pagedTransport())
        var search: [String] = []
        for try await page in client.pages(C.PlaceSearchRequest(query: "coffee")) { search += page.value.results.map(\.id) }
        var tips: [String] = []
        for try await page in client.pages(C.PlaceTipsRequest(placeID: "p")) { tips += page.value.map(\.id) }
        var photos: [String] = []
        for try await page in client.pages(C.PlacePhotosRequest(placeID: "p")) { photos += page.value.map(\.id) }
        #expect(search == ["p-c1", "p-c2", "p-c3"])
        #expect(tips == ["p-c1", "p-c2", "p-c3"])
        #expect(photos == ["p-c1", "p-c2", "p-c3"])
        // Resuming from a stored cursor walks only the rest.
        var rest: [String] = []
        for try await page in client.pages(C.PlaceTipsRequest(placeID: "p", cursor: "c2")) { rest += page.value.map(\.id) }
        #expect(rest == ["p-c2", "p-c3"])
    }
}
