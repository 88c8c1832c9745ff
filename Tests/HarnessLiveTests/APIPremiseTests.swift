import Foundation
import FoursquarePlaces
@testable import HarnessCore
@testable import HarnessLive
import Testing

/// A night proves it is talking to the API before it judges: a page, a wrong key answered or a refused version is
/// one line and the end of the night, never drift.
@Suite("the API's premises")
struct APIPremiseTests {
    static func broken(status: Int = 200, type: String? = "application/json", body: String, wrongKey: Bool = false,
                       expected: Int? = 200, version: String? = "2025-06-17",
                       path: String = "/places/4bf3c82cf964a52053874afa") -> APIPremise? {
        APIPremise.broken(method: "GET", path: path, status: status, contentType: type,
                          body: Data(body.utf8), wrongKey: wrongKey, expected: expected, versionSent: version,
                          scrubber: KeyScrubber(key: APIKey("fsq-premise-sentinel-0123456789")))
    }

    static let portal = "<!doctype html>\n<html><head><title>\n Sign in to CoffeeNet Wi-Fi </title></head><body>…</body></html>"

    @Test func aPageIsNotTheAPIWhateverItsStatusAndNamesItsTypeAndTitle() {
        let page = Self.broken(type: "text/html; charset=utf-8", body: Self.portal)
        #expect(page?.line == "not the API: GET /places/{id} answered 200 text/html, a page titled \"Sign in to CoffeeNet Wi-Fi\"")
        #expect(page?.hint?.contains("captive portal") == true)
        #expect(Self.broken(status: 401, type: "text/html", body: Self.portal)?.line.hasPrefix("not the API: GET /places/{id} answered 401") == true)
        #expect(Self.broken(status: 404, type: nil, body: "<html>gone</html>")?.line
                == "not the API: GET /places/{id} answered 404 no content type, a page with no title")
    }

    @Test func aPageLabelledJSONAndABodyThatIsNotJSONAreNotTheAPI() {
        #expect(Self.broken(body: "<html><title>Service Portal</title></html>")?.line
                == "not the API: GET /places/{id} answered 200 application/json, but the body is an HTML page titled \"Service Portal\"")
        #expect(Self.broken(type: "text/plain", body: "OK")?.line == "not the API: GET /places/{id} answered 200 text/plain, a body that is not JSON")
    }

    @Test func theAPIsJSONAnAnswerWithNoBodyAndAGatewaysPageAreNoBrokenPremise() {
        #expect(Self.broken(body: #"{"results": []}"#) == nil)
        #expect(Self.broken(status: 401, body: #"{"message": "Invalid key"}"#, expected: 200) == nil)
        #expect(Self.broken(status: 204, type: nil, body: "") == nil)
        // A 5xx page is a blip a retry may recover from: CallHealth's gateway rule judges a night of them.
        #expect(Self.broken(status: 502, type: "text/html", body: Self.portal) == nil)
    }

    @Test func aWrongKeyThatIsNotRefusedIsNotTheAPI() {
        #expect(Self.broken(body: #"{"results": []}"#, wrongKey: true, expected: 401)?.line
                == "a wrong key was not refused: GET /places/{id} answered 200 to a key no server accepts")
        #expect(Self.broken(status: 401, body: #"{"message": "Invalid key"}"#, wrongKey: true, expected: 401) == nil)
    }

    @Test func aRefusedVersionQuotesTheServerAndPointsToANewVersion() {
        let retired = #"{"message": "Unsupported X-Places-Api-Version 2025-06-17: this version was retired on 2026-11-01"}"#
        let premise = Self.broken(status: 400, body: retired)
        #expect(premise?.line.hasPrefix("the API refused version 2025-06-17: 400 \"Unsupported X-Places-Api-Version 2025-06-17: this version") == true)
        #expect(premise?.line.hasSuffix("…\"") == true, "the server's message is cut to fit the night's last line")
        #expect(premise?.hint?.contains("spec-diff") == true && premise?.hint?.contains("new-contract.sh") == true)
        // A 400 the fixture asked for, a 400 about something else, and a call that sent no version say nothing of it.
        #expect(Self.broken(status: 400, body: retired, expected: 400) == nil)
        #expect(Self.broken(status: 400, body: #"{"message": "Invalid ll"}"#) == nil)
        #expect(Self.broken(status: 400, body: retired, version: nil) == nil)
    }

    @Test func aVersionRefusedTwiceIsTheCauseUnlessAnAnswerShowsItServed() throws {
        let retired = #"{"message": "Unsupported X-Places-Api-Version 2025-06-17: retired"}"#
        let details = try #require(Self.broken(status: 400, body: retired))
        let search = try #require(Self.broken(status: 400, body: retired, path: "/places/search"))
        let health = CallHealth()
        health.premiseFailed(details)
        #expect(health.cause == nil, "one refusal may be that call's own trouble")
        #expect(health.premiseInDoubt, "the next request goes alone")
        health.premiseFailed(search)
        #expect(health.cause == search.line && health.hint?.contains("spec-diff") == true)
        let served = CallHealth()
        served.versionServed()
        served.premiseFailed(details)
        served.premiseFailed(search)
        #expect(served.cause == nil, "a version some answer was served under is not retired")
    }

    @Test func thePagesTitleNeverCarriesTheKey() {
        let page = Self.broken(type: "text/html", body: "<html><title>Welcome fsq-premise-sentinel-0123456789</title></html>")
        #expect(page.map { !$0.line.contains("fsq-premise-sentinel-0123456789") } == true, "\(page?.line ?? "nil")")
    }

    @Test func aBrokenPremiseIsTheNightsCauseAtOnce() {
        let health = CallHealth()
        let page = Self.broken(type: "text/html", body: Self.portal)!
        health.premiseFailed(page)
        #expect(health.cause == page.line)
        #expect(health.brokenPremise == page && health.hint == page.hint)
    }

    @Test func theFirstRequestGoesAloneAndAPageStopsEveryOtherBeforeItIsSent() async throws {
        let ledger = CallLedger()
        let server = PortalServer()
        let transport = PacedTransport(base: server, pacer: CallPacer(perSecond: nil), ledger: ledger)
        let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/places/search")!)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<6 { group.addTask { (try? await transport.send(request)) != nil } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(server.sent == 1, "a captive portal costs one request, not a batch in flight")
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(ledger.health.cause?.hasPrefix("not the API: GET /places/search answered 200 text/html") == true)
    }
}

/// Answers every request with a sign-in page, slowly enough that requests sent beside the first would be seen.
private final class PortalServer: Transport, Sendable {
    private let count = Locked(0)
    var sent: Int { count.current }

    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        count.withLock { $0 += 1 }
        try await Task.sleep(nanoseconds: 50_000_000)
        var headers = HTTPHeaders()
        headers["Content-Type"] = "text/html"
        return (Data(APIPremiseTests.portal.utf8), HTTPResponse(status: 200, headers: headers))
    }
}
