import FixtureFormat
import Foundation
import FoursquarePlaces

/// A `Transport` that answers each request with the recorded response of the fixture it matches, with no network.
///
/// Matching is the harness's and the emulator's (`RequestMatcher`): method, path (equal once percent-decoded) and
/// query (names in any order; the members of a set parameter such as `fields` in any order too), among the fixtures of the contracts the request's auth speaks (a bearer request with
/// `X-Places-Api-Version: 2025-06-17` is answered from `2025-06-17` fixtures first). A 2xx fixture wins over an
/// error one with the same request, then the first by path. A request that matches none throws `FixtureReplayError`
/// naming the closest fixture and the field that differs.
public struct FixtureTransport: Transport {
    /// The fixtures this transport answers from, sorted by relative path.
    public let fixtures: [Fixture]

    /// A transport answering from `fixtures`.
    public init(fixtures: [Fixture]) {
        self.fixtures = fixtures.sorted { $0.relativePath < $1.relativePath }
    }

    /// Every fixture below `folder` (a corpus like this repository's `Fixtures/`); a broken file is an error.
    public init(folder: URL) throws(FixtureReplayError) {
        self.init(fixtures: try FixtureReplayError.load(folder: folder))
    }

    /// The recorded body and head of the fixture that matches `request`.
    public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        Self.reply(try answer(request))
    }

    /// A fixture's recorded body and response head.
    static func reply(_ fixture: Fixture) -> (Data, HTTPResponse) {
        (fixture.response.body.data, HTTPResponse(status: fixture.response.status, headers: HTTPHeaders(
            fixture.response.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })))
    }

    /// The fixture that answers `request`, or the error naming the closest one.
    public func answer(_ request: HTTPRequest) throws(FixtureReplayError) -> Fixture {
        let sent = SentRequest(method: request.method, path: request.path, query: request.queryParameters)
        let contracts = Self.contracts(speaking: request)
        let key = ClosestFixture.routeKey(sent.method, sent.path)
        let matching = fixtures.filter {
            ClosestFixture.routeKey($0.request.method, $0.request.path) == key && RequestMatcher.sameQuery($0.request.query, sent.query)
        }
        for contract in contracts {
            let served = matching.filter { $0.contract == contract.id }
            if let fixture = served.first(where: { ClosestFixture.isSuccess($0.response.status) }) ?? served.first {
                return fixture
            }
        }
        throw .noMatch(request: sent.description, hint: Self.hint(sent, among: fixtures, contracts: contracts))
    }

    /// Whether `fixture` records `request`: same method and path, the same query (set parameters in any order), and a
    /// contract the request's auth speaks.
    public static func matches(_ fixture: Fixture, _ request: HTTPRequest) -> Bool {
        ClosestFixture.routeKey(fixture.request.method, fixture.request.path) == ClosestFixture.routeKey(request.method, request.path)
            && RequestMatcher.sameQuery(fixture.request.query, request.queryParameters)
            && contracts(speaking: request).contains { $0.id == fixture.contract }
    }

    /// The closest of `fixtures` to `request` and how it differs, in the words of a failed match.
    static func hint(for request: HTTPRequest, among fixtures: [Fixture]) -> String {
        hint(SentRequest(method: request.method, path: request.path, query: request.queryParameters), among: fixtures,
             contracts: contracts(speaking: request))
    }

    /// `request` as a failure message prints it.
    static func describe(_ request: HTTPRequest) -> String {
        SentRequest(method: request.method, path: request.path, query: request.queryParameters).description
    }

    /// The contracts whose fixtures may answer `request`: those that take its auth style and version, best first.
    static func contracts(speaking request: HTTPRequest) -> [Contract] {
        // A request without credentials is matched as the raw-key style, as the seed's fixtures record it.
        let style = PresentedAuth.read(authorization: request.headers["Authorization"])?.style ?? .apiKey
        return Contract.candidates(style: style, version: request.headers["X-Places-Api-Version"]).accepting
    }

    /// The closest fixture and how it differs; a fixture with the same request but another contract says so.
    static func hint(_ sent: SentRequest, among fixtures: [Fixture], contracts: [Contract]) -> String {
        guard let closest = ClosestFixture.closest(to: sent, among: fixtures, contracts: contracts) else {
            return "no fixtures are loaded"
        }
        guard ClosestFixture.differences(closest.request, sent).isEmpty else { return ClosestFixture.hint(closest, sent) }
        let spoken = contracts.map(\.id.rawValue).joined(separator: ", ")
        return "closest fixture: \(closest.relativePath), recorded under contract \(closest.contract); "
            + "the request's auth speaks \(spoken.isEmpty ? "no contract" : spoken)"
    }
}
