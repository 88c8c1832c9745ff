import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessLive
import Testing
import TestSupport

@Suite struct LiveChecksTests {
    static let key = APIKey("SENTINEL-live-checks-4f1e2d3c")

    func exchange(status: Int?, contentType: String = "application/json", outcome: CallOutcome) -> LiveExchange {
        LiveExchange(outcome: outcome, request: nil,
                     response: status.map { HTTPResponse(status: $0, headers: HTTPHeaders([("Content-Type", contentType)])) },
                     body: Data(), attempts: 1, seconds: 0.01)
    }

    @Test func aRefusedStyleOnASuccessFixtureIsNamedAnAuthFailure() {
        let refused = FoursquareError(code: .unauthorized, status: 401, message: "bad \(Self.key.secret)")
        let verdicts = LiveChecks.verdicts(fixture: TestSupport.fixture("chains/x.json", query: ["query": "tea"], status: 200), auth: .apiKey,
                                           exchange: exchange(status: 401, outcome: .failed(refused)), key: Self.key)
        #expect(verdicts.map(\.0) == [.liveStatus, .liveDecoding, .liveContentType])
        guard case let .fail(message, detail) = verdicts[0].1 else { Issue.record("status passed"); return }
        #expect(message == "auth failure: the server refused the apiKey style with HTTP 401: bad <redacted>")
        #expect(!detail.contains(Self.key.secret) && !"\(verdicts)".contains(Self.key.secret))
    }

    @Test func errorMappingComparesTheCodeNotTheMessage() {
        let notFound = FoursquareError(code: .notFound, status: 404, message: "live words differ")
        let verdicts = LiveChecks.verdicts(fixture: TestSupport.fixture("chains/x.json", query: ["query": "tea"], status: 404), auth: .bearer,
                                           exchange: exchange(status: 404, outcome: .failed(notFound)), key: Self.key)
        #expect(verdicts.map(\.0) == [.liveStatus, .liveErrorMapping, .liveContentType])
        #expect(verdicts.allSatisfy { $0.1 == .pass }, "\(verdicts)")
        let other = LiveChecks.errorMapping(fixture: TestSupport.fixture("chains/x.json", query: ["query": "tea"], status: 404),
                                            outcome: .failed(FoursquareError(code: .forbidden, status: 403, message: nil)))
        guard case let .fail(message, _) = other else { Issue.record("passed"); return }
        #expect(message == "expected notFound, got forbidden")
        let said = LiveChecks.errorMapping(fixture: TestSupport.fixture("chains/x.json", query: ["query": "tea"], status: 404),
                                           outcome: .failed(FoursquareError(code: .badRequest, status: 400, message: "Invalid field: geocodes.")))
        guard case let .fail(saidMessage, _) = said else { Issue.record("passed"); return }
        #expect(saidMessage == "expected notFound, got badRequest: Invalid field: geocodes.")
    }

    @Test func contentTypeComparesMediaTypesAndAnyJSONMatchesAnyJSON() {
        let json = exchange(status: 200, contentType: "application/vnd.api+json; charset=utf-8", outcome: .decoded(0))
        #expect(LiveChecks.contentType(fixture: TestSupport.fixture("chains/x.json", query: ["query": "tea"], status: 200), response: json.response!) == .pass)
        let html = exchange(status: 200, contentType: "text/html", outcome: .decoded(0))
        guard case let .fail(message, _) = LiveChecks.contentType(fixture: TestSupport.fixture("chains/x.json", query: ["query": "tea"], status: 200), response: html.response!) else {
            Issue.record("html passed"); return
        }
        #expect(message == "content-type: expected application/json, got text/html")
    }

    @Test func noResponseAtAllIsOneErrorNamingTheCause() {
        let failed = FoursquareError(code: .transportFailed, reason: "connection refused to 127.0.0.1:9")
        let verdicts = LiveChecks.verdicts(fixture: TestSupport.fixture("chains/x.json", query: ["query": "tea"], status: 200), auth: .bearer,
                                           exchange: exchange(status: nil, outcome: .failed(failed)), key: Self.key)
        #expect(verdicts.map(\.0) == [.liveStatus])
        #expect(verdicts.first?.1.isProblem == true)
        guard case let .error(message, _)? = verdicts.first?.1 else { Issue.record("\(verdicts)"); return }
        #expect(message == "no answer: connection refused to 127.0.0.1:9")
    }

    @Test func aRefusalBeforeSendingNamesTheParameterAndWhy() {
        let refused = FoursquareError.invalidInput("limit", "500 is outside 1...50")
        let verdicts = LiveChecks.verdicts(fixture: TestSupport.fixture("chains/x.json", query: ["query": "tea"], status: 200), auth: .bearer,
                                           exchange: exchange(status: nil, outcome: .failed(refused)), key: Self.key)
        guard case let .error(message, _)? = verdicts.first?.1 else { Issue.record("\(verdicts)"); return }
        #expect(message == "the client refused the request: limit: 500 is outside 1...50")
    }

    @Test func aWrongStatusCarriesTheServersMessage() {
        let said = FoursquareError(code: .badRequest, status: 400, message: "Missing or invalid X-Places-Api-Version header.")
        let verdicts = LiveChecks.verdicts(fixture: TestSupport.fixture("chains/x.json", query: ["query": "tea"], status: 200), auth: .bearer,
                                           exchange: exchange(status: 400, outcome: .failed(said)), key: Self.key)
        guard case let .fail(message, _) = verdicts[0].1 else { Issue.record("\(verdicts)"); return }
        #expect(message == "status: expected 2xx (fixture 200), got 400: Missing or invalid X-Places-Api-Version header.")
    }
}
