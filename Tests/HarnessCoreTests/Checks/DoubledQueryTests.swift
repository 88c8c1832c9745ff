import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import HarnessCore
import Testing
import TestSupport

/// A parameter sent twice is a different request, even when both values are the recorded one.
@Suite struct DoubledQueryTests {
    static let fixture = TestSupport.fixture(query: ["query": "coffee", "limit": "5"])
    static let key = APIKey("fsq-doubled-query-test-key")

    static func verdict(_ url: String) -> Verdict {
        let headers = HTTPHeaders([("authorization", key.secret), ("accept", "application/json")])
        let sent = HTTPRequest(method: "GET", url: URL(string: url)!, headers: headers)
        return Checks.request(fixture: fixture, auth: .apiKey, captured: [sent], key: key,
                              styleHeaders: ["authorization": key.secret, "accept": "application/json"])
    }

    @Test func eachParameterOncePasses() {
        #expect(Self.verdict("https://places-api.foursquare.com/places/chains?limit=5&query=coffee") == .pass)
    }

    @Test func aParameterSentTwiceFails() {
        guard case let .fail(message, _) = Self.verdict("https://places-api.foursquare.com/places/chains?limit=5&query=coffee&limit=5") else {
            Issue.record("a doubled limit passed"); return
        }
        #expect(message == "query 'limit': sent more than once")
    }
}
