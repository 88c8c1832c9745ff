import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessReplay
import Testing
import TestSupport

@Suite struct ReplayRunnerTests {
    @Test func aGoodFixtureGivesARequestCasePerStyleAndOneResponseCase() async {
        let runner = ReplayRunner()
        let results = await runner.cases(for: .fixture(TestSupport.fixture("chains/case.json", endpoint: .chains, path: "/places/chains", query: ["query": "tea"], body: .json(Data(#"{"results": []}"#.utf8)))))
        #expect(results.map(\.name) == [
            "chains/case.json [apiKey] request", "chains/case.json [bearer] request", "chains/case.json decoding",
        ])
        #expect(results.allSatisfy { $0.verdict == .pass })
    }

    @Test func aQueryTheClientWouldNotSendFailsTheRequestCheck() async {
        // The typed client formats 40.70 as 40.7; a fixture that insists on the other spelling is flagged.
        let results = await ReplayRunner(authStyles: [.apiKey]).cases(
            for: .fixture(TestSupport.fixture("geotagging/case.json", endpoint: .geotagging, path: "/places/geotagging", query: ["ll": "40.70,-74"], body: .json(Data(#"{"results": []}"#.utf8)))))
        guard case let .fail(message, _) = results[0].verdict else { Issue.record("expected a failure"); return }
        #expect(message == "query 'll': expected '40.70,-74', sent '40.7,-74'")
    }

    @Test func anUnknownParameterIsABrokenFixture() async {
        let results = await ReplayRunner().cases(
            for: .fixture(TestSupport.fixture("chains/case.json", endpoint: .chains, path: "/places/chains", query: ["query": "tea", "color": "red"], body: .json(Data(#"{"results": []}"#.utf8)))))
        #expect(results.count == 1)
        guard case let .error(message, _) = results[0].verdict else { Issue.record("expected an error"); return }
        #expect(message.contains("$.request.query.color"))
        #expect(message.contains("is not a parameter of chains"))
    }

    @Test func invalidInputExpectationsPassWhenTheClientRefuses() async {
        let refused = TestSupport.fixture("autocomplete/case.json", endpoint: .autocomplete, path: "/autocomplete", query: ["query": "ab"], body: .json(Data(#"{"results": []}"#.utf8)), expect: ExpectedOutcome(error: .invalidInput))
        let results = await ReplayRunner().cases(for: .fixture(refused))
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results)")
    }

    @Test func errorMappingChecksMessageAndRetryAfter() async {
        var limited = TestSupport.fixture("chains/case.json", endpoint: .chains, path: "/places/chains", query: ["query": "tea"], status: 429, body: .json(Data(#"{"message": "Slow down", "error_detail": "quota"}"#.utf8)), expect: ExpectedOutcome(error: .rateLimited, retryAfter: 30))
        limited.response.headers["retry-after"] = "30"
        #expect(await ReplayRunner().cases(for: .fixture(limited)).allSatisfy { $0.verdict == .pass })
        limited.response.headers["retry-after"] = "5"
        let results = await ReplayRunner(authStyles: [.bearer]).cases(for: .fixture(limited))
        guard case let .fail(message, _) = results[1].verdict else { Issue.record("expected a failure"); return }
        #expect(message == "retry-after: expected 30.0s, got 5.0s")
    }
}
