import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// Pages follow `Link: <…>; rel="next"`; responses expose the rate-limit headers.
@Suite("Pagination and rate limits")
struct PaginationTests {
    typealias C = Contract20250617

    static func page(_ name: String, next: String?) -> CapturingTransport.Reply {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "X-RateLimit-Remaining": "99"]
        if let next { headers["Link"] = next }
        let body = #"{"results":[{"fsq_place_id":"\#(name)"}]}"#
        return .response(status: 200, headers: headers, body: Data(body.utf8))
    }

    @Test("walking pages follows rel=next on the client's own host until there is none")
    func walksPages() async throws {
        let transport = CapturingTransport { request in
            switch request.queryParameters["cursor"] {
            case nil: return Self.page("p1", next: #"<https://elsewhere.example/places/search?query=tea&cursor=c2>; rel="next""#)
            case "c2": return Self.page("p2", next: #"<https://places-api.foursquare.com/places/search?query=tea&cursor=c3>; rel="prev", <https://places-api.foursquare.com/places/search?query=tea&cursor=c3>; rel="next""#)
            default: return Self.page("p3", next: nil)
            }
        }
        let client = PlacesClient<C>(apiKey: APIKey("k"), baseURL: URL(string: "http://127.0.0.1:9999")!, transport: transport)
        var ids: [String] = []
        var cursors: [String?] = []
        for try await page in client.searchPages(C.PlaceSearchRequest(query: "tea")) {
            ids += page.value.results.map(\.id)
            cursors.append(page.nextCursor)
            #expect(page.rateLimit?.remaining == 99)
        }
        #expect(ids == ["p1", "p2", "p3"])
        #expect(cursors == ["c2", "c3", nil])
        let sent = transport.requests
        #expect(sent.count == 3)
        // The key never leaves the configured host, whatever host the Link names.
        #expect(sent.allSatisfy { $0.url.host == "127.0.0.1" && $0.url.port == 9999 })
        #expect(sent.allSatisfy { $0.headers["Authorization"] == "Bearer k" && $0.headers["X-Places-Api-Version"] == "2025-06-17" })
        #expect(sent.map(\.path) == ["/places/search", "/places/search", "/places/search"])
        #expect(sent[1].queryParameters == ["query": "tea", "cursor": "c2"])
    }

    @Test("an error mid-walk ends the walk with that error")
    func errorStopsWalk() async throws {
        let transport = CapturingTransport { request in
            request.queryParameters["cursor"] == nil
                ? Self.page("p1", next: #"<https://places-api.foursquare.com/places/search?cursor=c2>; rel="next""#)
                : .response(status: 429, headers: ["Retry-After": "2"], body: Data(#"{"message":"slow down"}"#.utf8))
        }
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: transport)
        var pages = 0
        let error = await foursquareError { () async throws(FoursquareError) in
            for try await _ in client.searchPages(C.PlaceSearchRequest(query: "tea")) { pages += 1 }
        }
        #expect(pages == 1)
        #expect(error?.code == .rateLimited)
        #expect(error?.retryAfter == 2)
    }

    @Test("Link header parsing", arguments: [
        (#"<https://a.example/x?cursor=abc>; rel="next""#, "abc"),
        (#"<https://a.example/x?cursor=abc>; rel=next"#, "abc"),
        (#"<https://a.example/x?cursor=p>; rel="prev", <https://a.example/x?a=1,2&cursor=n>; rel="next""#, "n"),
        (#"<https://a.example/x?cursor=abc>; rel="prev""#, nil),
        ("garbage", nil),
    ] as [(String, String?)])
    func linkParsing(header: String, cursor: String?) {
        let response = APIResponse(value: 0, response: HTTPResponse(status: 200, headers: ["Link": header]))
        #expect(response.nextCursor == cursor)
    }

    @Test("rate-limit headers on a success, absent when not sent")
    func rateLimitOnSuccess() async throws {
        let transport = CapturingTransport(status: 200, headers: ["x-ratelimit-limit": "1000", "x-ratelimit-remaining": "998",
                                                                  "x-ratelimit-reset": "3600"], body: V20250617Samples.place)
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: transport)
        let response = try await client.response(to: C.PlaceDetailsRequest(placeID: "x"))
        #expect(response.rateLimit == RateLimit(limit: 1000, remaining: 998, reset: 3600))
        #expect(response.nextCursor == nil)
        #expect(RateLimit(headers: ["Content-Type": "application/json"]) == nil)
    }
}
