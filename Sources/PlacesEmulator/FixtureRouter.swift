import ContractHarness
import Foundation
import FoursquarePlaces

/// Finds the fixture that answers a request, by the registry's one set of rules (`RequestMatcher`): method,
/// path (equal once percent-decoded) and query (decoded name/value pairs, in any order), searched in the
/// contracts the request may be answered from, best first. Within a contract a 2xx fixture wins, then the first
/// by relative path. Unmatched requests get a 404 naming the closest fixture and the first field that differs.
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
                fixtures[$0].contract == contract.id && fixtures[$0].request.query == request.query
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
        let differences = Self.differences(closest.request, request)
        var detail = "closest fixture: \(closest.relativePath)"
        if let first = differences.first { detail += "; \(first)" }
        if differences.count > 1 { detail += " (and \(differences.count - 1) more difference\(differences.count > 2 ? "s" : ""))" }
        return .apiError(404, message, detail, style: style)
    }

    /// Among the fixtures of `contracts` (all fixtures when they have none): same method and path if any, else
    /// the same endpoint, else all; then fewest differing fields, 2xx, path order.
    func closestFixture(to request: EmulatorRequest, contracts: [Contract] = Contract.all) -> Fixture? {
        let ids = Set(contracts.map(\.id))
        var eligible = fixtures.filter { ids.contains($0.contract) }
        if eligible.isEmpty { eligible = fixtures }
        let key = Self.routeKey(request.method, request.path)
        var pool = eligible.filter { Self.routeKey($0.request.method, $0.request.path) == key }
        if pool.isEmpty {
            let endpoints = Set(contracts.compactMap { RequestMatcher.route(path: request.path, in: $0)?.endpoint })
            pool = eligible.filter { fixture in endpoints.contains { $0.id == fixture.endpoint && $0.contract == fixture.contract } }
        }
        if pool.isEmpty { pool = eligible }
        return pool.min { lhs, rhs in
            let l = Self.differences(lhs.request, request).count, r = Self.differences(rhs.request, request).count
            if l != r { return l < r }
            let l2 = Self.isSuccess(lhs.response.status), r2 = Self.isSuccess(rhs.response.status)
            if l2 != r2 { return l2 }
            return lhs.relativePath < rhs.relativePath
        }
    }

    /// Each field where `request` differs from the fixture's recorded request, in the request check's words.
    static func differences(_ recorded: RecordedRequest, _ request: EmulatorRequest) -> [String] {
        RequestMatcher.differences(recorded: (recorded.method, recorded.path, recorded.query),
                                   sent: (request.method, request.path, request.query))
    }

    static func describe(_ request: EmulatorRequest) -> String {
        var text = "\(request.method) \(request.path)"
        if !request.query.isEmpty {
            text += "?" + request.query.keys.sorted().map { "\($0)=\(request.query[$0]!)" }.joined(separator: "&")
        }
        return text
    }

    static func isSuccess(_ status: Int) -> Bool { (200...299).contains(status) }

    /// Method and the path in the form `RequestMatcher.samePath` compares.
    static func routeKey(_ method: String, _ path: String) -> String { method + " " + RequestMatcher.canonicalPath(path) }
}
