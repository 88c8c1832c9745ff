import Foundation
import Testing
@testable import FoursquarePlaces

/// The one rule that reads a request's auth style from its `Authorization` header.
@Suite("PresentedAuth")
struct PresentedAuthTests {
    /// Header value → the style and key it presents (nil: no credentials).
    static let table: [(header: String?, style: AuthStyle?, key: String)] = [
        (nil, nil, ""),
        ("", nil, ""),
        ("   ", nil, ""),
        ("test-key-123", .apiKey, "test-key-123"),
        (" test-key-123 ", .apiKey, "test-key-123"),
        ("Bearer test-key-123", .bearer, "test-key-123"),
        ("Bearer   test-key-123 ", .bearer, "test-key-123"),
        ("Bearer\ttest-key-123", .bearer, "test-key-123"),
        // RFC 7235: the scheme name is case-insensitive (the 2025-06-17 OpenAPI's `scheme: bearer`).
        ("bearer test-key-123", .bearer, "test-key-123"),
        ("BEARER test-key-123", .bearer, "test-key-123"),
        // A bare scheme is the bearer style with an empty key (HTTP stacks trim the trailing blank).
        ("Bearer", .bearer, ""),
        ("Bearer ", .bearer, ""),
        // A key that merely starts with the word is a raw key.
        ("Bearerxyz", .apiKey, "Bearerxyz"),
        ("Bearer-key", .apiKey, "Bearer-key"),
        ("Bear", .apiKey, "Bear"),
    ]

    @Test("each header value reads as one style and key", arguments: 0..<table.count)
    func reads(row: Int) {
        let (header, style, key) = Self.table[row]
        let presented = PresentedAuth.read(authorization: header)
        #expect(presented?.style == style, "\(String(describing: header))")
        #expect(String(presented?.key ?? "") == key, "\(String(describing: header))")
    }

    @Test("the client's own headers read back as the style that wrote them", arguments: AuthStyle.allCases)
    func roundTrip(style: AuthStyle) {
        let headers = style.headers(key: APIKey("fsq3-round-trip"), apiVersion: "2025-06-17")
        let presented = PresentedAuth.read(authorization: headers["Authorization"])
        #expect(presented?.style == style)
        #expect(presented?.key == "fsq3-round-trip")
    }

    /// The redacted request keeps the `Bearer ` scheme exactly when the rule reads the bearer style (it used to test
    /// `hasPrefix("Bearer ")`, so a bare or lower-case scheme printed as a raw key).
    @Test("a redacted request keeps the scheme of every header the rule reads as bearer", arguments: 0..<table.count)
    func redactionFollowsTheRule(row: Int) throws {
        let (header, style, _) = Self.table[row]
        guard let header else { return }
        var headers = HTTPHeaders()
        headers["Authorization"] = header
        let request = HTTPRequest(method: "GET", url: try #require(URL(string: "https://places-api.foursquare.com/places/search")),
                                  headers: headers)
        let printed = RedactedRequest(request, key: nil).headers.first { HTTPHeaders.sameName($0.name, "authorization") }?.value
        #expect(printed == (style == .bearer ? "Bearer <redacted>" : "<redacted>"), "\(header)")
    }
}
