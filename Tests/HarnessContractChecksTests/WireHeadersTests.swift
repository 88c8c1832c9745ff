import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import HarnessContractChecks
@testable import HarnessCore
import Testing
import TestSupport

/// The request check's headers come from the documents' data, so a client that drops or misforms one fails.
@Suite struct WireHeadersTests {
    static let key = APIKey("test-key-123")

    static func request(_ headers: [(String, String)]) -> HTTPRequest {
        HTTPRequest(url: URL(string: "https://places-api.foursquare.com/places/chains?query=tea")!, headers: HTTPHeaders(headers))
    }

    static func verdict(_ style: AuthStyle, _ headers: [(String, String)], fixture: Fixture = TestSupport.fixture(query: ["query": "tea"])) -> Verdict {
        Checks.request(fixture: fixture, auth: style, captured: [request(headers)], key: key,
                       styleHeaders: WireHeaders.expected(style: style, key: key, contract: fixture.contract, version: nil))
    }

    @Test("the data: raw key and accept; bearer with the documented version")
    func data() {
        #expect(WireHeaders.expected(style: .apiKey, key: Self.key, contract: .seed, version: nil)
            == ["authorization": "test-key-123", "accept": "application/json"])
        #expect(WireHeaders.expected(style: .bearer, key: Self.key, contract: .v20250617, version: nil)
            == ["authorization": "Bearer test-key-123", "x-places-api-version": "2025-06-17", "accept": "application/json"])
    }

    @Test("the version comes from the documents: the 2025-06-17 document's header enum, document 004 for the seed")
    func documentedVersions() {
        #expect(DocumentedOperation.apiVersions["2025-06-17"] == ["2025-06-17"])
        #expect(WireHeaders.documentedVersion(.v20250617) == "2025-06-17")
        #expect(WireHeaders.documentedVersion(.seed) == "2025-06-17")
        // A dated contract no document describes yet speaks the date its folder names.
        #expect(WireHeaders.documentedVersion(ContractID("2099-01-01")) == "2099-01-01")
    }

    @Test("bearer sending another version than the documented one fails")
    func bearerWithAnotherVersion() {
        guard case let .fail(message, _) = Self.verdict(.bearer, [("Authorization", "Bearer test-key-123"), ("accept", "application/json"),
                                                                 ("X-Places-Api-Version", "2024-01-01")]) else {
            Issue.record("expected a failure"); return
        }
        #expect(message == "header x-places-api-version (bearer): the contract requires '2025-06-17', sent '2024-01-01'")
    }

    @Test("bearer without X-Places-Api-Version fails naming the header and the version")
    func bearerWithoutVersion() {
        let verdict = Self.verdict(.bearer, [("Authorization", "Bearer test-key-123"), ("accept", "application/json")])
        #expect(verdict == .fail(message: "header x-places-api-version (bearer): the contract requires '2025-06-17', not sent",
                                 detail: "header x-places-api-version (bearer): the contract requires '2025-06-17', not sent"))
    }

    @Test("the raw-key style sending Bearer <key> fails, the key redacted")
    func rawKeyAsBearer() {
        guard case let .fail(message, _) = Self.verdict(.apiKey, [("Authorization", "Bearer test-key-123"), ("accept", "application/json")]) else {
            Issue.record("expected a failure"); return
        }
        #expect(message == "header authorization (apiKey): the contract requires '<redacted>', sent 'Bearer <redacted>'")
        #expect(!message.contains("test-key-123"))
    }

    @Test("accept not sent fails")
    func acceptMissing() {
        guard case let .fail(message, _) = Self.verdict(.apiKey, [("Authorization", "test-key-123")]) else {
            Issue.record("expected a failure"); return
        }
        #expect(message == "header accept (apiKey): the contract requires 'application/json', not sent")
    }

    @Test("the headers a fixture recorded under its style must be sent")
    func recordedNames() {
        let fixture = TestSupport.fixture(requestHeaders: ["accept": "application/json", "authorization": "<redacted>",
                                                            "x-places-api-version": "2025-06-17", "user-agent": "recorder/1"])
        #expect(RecordedHeaders.style(of: fixture) == .bearer)
        #expect(RecordedHeaders.problems(fixture: fixture, style: .bearer, sent: ["authorization": "Bearer k", "accept": "application/json"])
            == ["header x-places-api-version (bearer): the fixture recorded it and the contract requires it; not sent"])
        #expect(RecordedHeaders.problems(fixture: fixture, style: .apiKey, sent: [:]).isEmpty, "only the recorded style is held to them")
        let bearerForm = TestSupport.fixture(requestHeaders: ["authorization": "Bearer <redacted>"])
        #expect(RecordedHeaders.problems(fixture: bearerForm, style: .bearer, sent: ["authorization": "k"])
            == ["header authorization (bearer): the fixture recorded 'Bearer <redacted>'; sent the raw key"])
    }
}
