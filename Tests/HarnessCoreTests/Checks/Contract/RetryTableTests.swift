import FixtureFormat
import Foundation
import FoursquarePlaces
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
