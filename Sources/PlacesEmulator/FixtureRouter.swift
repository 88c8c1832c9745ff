import HarnessCore
import Foundation
import FoursquarePlaces

/// Finds the fixture that answers a request, by the registry's one set of rules (`RequestMatcher`): method,
/// path (equal once percent-decoded) and query (decoded name/value pairs, in any order; a set parameter's members
/// in any order too), searched in the contracts the request may be answered from, best first. Within a contract a
/// 2xx fixture wins, then the first by relative path. Unmatched requests get a 404 naming the closest fixture and the first field that differs.
struct FixtureRouter: Sendable {
    /// Every fixture served, sorted by relative path.
    let fixtures: [Fixture]
    /// Fixture indexes by method and canonical path, 2xx first, then by relative path.
    private let byRoute: [String: [Int]]
    private let byPath: [String: Int]

    init(fixtures: [Fixture]) {
        self.fixtures = fixtures.sorted { $0.relativePath < $1.relativePath }
        var byRoute: [String: [Int]] = [:]
        var byPath: [String: Int] = [:]
        for (index, fixture) in self.fixtures.enumerated() {
            byRoute[Self.routeKey(fixture.request.method, fixture.request.path), default: []].append(index)
            byPath[fixture.relativePath] = index
        }
        let ordered = self.fixtures
        for key in byRoute.keys {
            // 2xx first, then by relative path (the array is already sorted by path).
            byRoute[key]!.sort { lhs, rhs in
                let l2 = Self.isSuccess(ordered[lhs].response.status), r2 = Self.isSuccess(ordered[rhs].response.status)
                return l2 != r2 ? l2 : lhs < rhs
            }
        }
        self.byRoute = byRoute
        self.byPath = byPath
    }

    /// The fixture a relative path names (a leading `Fixtures/` is allowed).
    func index(named name: String) -> Int? {
        byPath[name] ?? (name.hasPrefix("Fixtures/") ? byPath[String(name.dropFirst(9))] : nil)
    }

    /// The first fixture matching `request` in the first of `contracts` that has one, 2xx first.
    func match(_ request: EmulatorRequest, in contracts: [Contract]) -> Int? {
        guard let candidates = byRoute[Self.routeKey(request.method, request.path)] else { return nil }
        for contract in contracts {
            if let index = candidates.first(where: {
                fixtures[$0].contract == contract.id && RequestMatcher.sameQuery(fixtures[$0].request.query, request.query)
            }) { return index }
        }
        return nil
    }

    /// 404 with the API's error body and a hint naming the closest fixture of `contracts` and the first field
    /// that differs.
    func notFound(_ request: EmulatorRequest, contracts: [Contract], style: String) -> EmulatorResponse {
        let message = "No fixture matches \(Self.describe(request))"
        guard let closest = closestFixture(to: request, contracts: contracts) else {
            return .apiError(404, message, "no fixtures are loaded", style: style)
        }
        return .apiError(404, message, ClosestFixture.hint(closest, request.sent), style: style)
    }

    /// The fixture of `contracts` nearest to `request` (`ClosestFixture.closest`).
    func closestFixture(to request: EmulatorRequest, contracts: [Contract] = Contract.all) -> Fixture? {
        ClosestFixture.closest(to: request.sent, among: fixtures, contracts: contracts)
    }

    /// Each field where `request` differs from the fixture's recorded request, in the request check's words.
    static func differences(_ recorded: RecordedRequest, _ request: EmulatorRequest) -> [String] {
        ClosestFixture.differences(recorded, request.sent)
    }

    static func describe(_ request: EmulatorRequest) -> String { request.sent.description }

    static func isSuccess(_ status: Int) -> Bool { ClosestFixture.isSuccess(status) }

    static func routeKey(_ method: String, _ path: String) -> String { ClosestFixture.routeKey(method, path) }
}

extension EmulatorRequest {
    /// What the matcher compares.
    var sent: SentRequest { SentRequest(method: method, path: path, query: query) }
}
