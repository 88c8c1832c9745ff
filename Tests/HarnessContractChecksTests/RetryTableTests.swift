import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import HarnessContractChecks
@testable import HarnessCore
@testable import HarnessReplay
import Testing
import TestSupport

@Suite struct RetryTableTests {
    static func fixture(_ status: Int, retryAfter: String? = nil) -> Fixture {
        var fixture = TestSupport.fixture(status: status, body: .json(Data(#"{"message":"m"}"#.utf8)))
        fixture.response.headers["retry-after"] = retryAfter
        return fixture
    }

    @Test("429 and 5xx are retryable, 4xx not; the client's mapping agrees")
    func table() {
        #expect(RetryTable.row(for: 429)?.retryable == true)
        #expect(RetryTable.row(for: 502)?.retryable == true)
        #expect(RetryTable.row(for: 404)?.retryable == false)
        for status in [400, 401, 403, 404, 429, 500, 502, 503] {
            let error = FoursquareError(code: FoursquareError.Code(status: status), status: status, message: "m")
            #expect(RetryTable.problems(fixture: Self.fixture(status), error: error).isEmpty, "\(status)")
        }
    }

    @Test("a 429 the error says is not retryable fails")
    func rateLimitNotRetryable() {
        let error = FoursquareError(code: .unexpectedStatus, status: 429, message: "m")
        #expect(RetryTable.problems(fixture: Self.fixture(429), error: error).first?
            .hasPrefix("isRetryable: HTTP 429 is retryable") == true)
    }

    @Test("a 503's Retry-After the error does not hold fails")
    func retryAfterDropped() {
        let error = FoursquareError(code: .serverError, status: 503, message: "m")
        #expect(RetryTable.problems(fixture: Self.fixture(503, retryAfter: "120"), error: error)
            == ["retryAfter: the answer's Retry-After is 120s on HTTP 503; the client holds nil"])
    }

    @Test("replay runs the table on every error fixture")
    func replayRunsIt() async {
        let results = await ReplayRunner().cases(for: .fixture(TestSupport.fixture(query: ["query": "tea"], status: 503,
            headers: ["content-type": "application/json", "retry-after": "30"], body: .json(Data(#"{"message":"m"}"#.utf8)))))
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results)")
    }
}

/// `Retry-After` as an HTTP-date (RFC 9110 §10.2.3): the delay is counted from now, and the error must hold it.
@Suite struct RetryAfterDateTests {
    static func fixture(_ status: Int, _ retryAfter: String) -> Fixture {
        var fixture = TestSupport.fixture(status: status, body: .json(Data(#"{"message":"m"}"#.utf8)))
        fixture.response.headers["retry-after"] = retryAfter
        return fixture
    }

    @Test("a date ahead is its delay from now; nil or no delay is named", arguments: [429, 503])
    func aDateAheadIsItsDelay(status: Int) {
        let ahead = Date().addingTimeInterval(3600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let header = formatter.string(from: ahead)
        let code = FoursquareError.Code(status: status)
        #expect(RetryTable.problems(fixture: Self.fixture(status, header), error: FoursquareError(code: code, status: status, retryAfter: 3600)).isEmpty)
        let unread = RetryTable.problems(fixture: Self.fixture(status, header), error: FoursquareError(code: code, status: status))
        #expect(unread.count == 1 && unread[0].contains("HTTP-date") && unread[0].contains("the client holds nil"))
        #expect(!RetryTable.problems(fixture: Self.fixture(status, header), error: FoursquareError(code: code, status: status, retryAfter: 0)).isEmpty)
    }

    @Test("a date gone by is no delay")
    func aPastDateIsNoDelay() {
        let fixture = Self.fixture(429, "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(RetryTable.problems(fixture: fixture, error: FoursquareError(code: .rateLimited, status: 429, retryAfter: 0)).isEmpty)
    }
}
