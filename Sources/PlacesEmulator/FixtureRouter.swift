import ContractHarness
import Foundation
import FoursquarePlaces

/// Finds the fixture that answers a request: by method, path (percent-escapes compared case-insensitively) and
/// query (a set of decoded name/value pairs, in any order). When several match, a 2xx one wins, then the first by
/// relative path. Unmatched requests get a 404 naming the closest fixture and the first field that differs.
struct FixtureRouter: Sendable {
    /// Every fixture served, sorted by relative path.
    let fixtures: [Fixture]
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

    /// The first fixture matching `request`, 2xx first.
    func match(_ request: EmulatorRequest) -> Int? {
        byRoute[Self.routeKey(request.method, request.path)]?.first { fixtures[$0].request.query == request.query }
    }

    /// 404 with the API's error body and a hint naming the closest fixture and the first field that differs.
    func notFound(_ request: EmulatorRequest, style: String) -> EmulatorResponse {
        let message = "No fixture matches \(Self.describe(request))"
        guard let closest = closestFixture(to: request) else {
            return .apiError(404, message, "no fixtures are loaded", style: style)
        }
        let differences = Self.differences(closest.request, request)
        var detail = "closest fixture: \(closest.relativePath)"
        if let first = differences.first { detail += "; \(first)" }
        if differences.count > 1 { detail += " (and \(differences.count - 1) more difference\(differences.count > 2 ? "s" : ""))" }
        return .apiError(404, message, detail, style: style)
    }

    /// Same method and path if any, else same endpoint, else all; then fewest differing fields, 2xx, path order.
    func closestFixture(to request: EmulatorRequest) -> Fixture? {
        var pool = (byRoute[Self.routeKey(request.method, request.path)] ?? []).map { fixtures[$0] }
        if pool.isEmpty, let endpoint = Endpoint.match(path: request.path)?.endpoint.id {
            pool = fixtures.filter { $0.endpoint == endpoint }
        }
        if pool.isEmpty { pool = fixtures }
        return pool.min { lhs, rhs in
            let l = Self.differences(lhs.request, request).count, r = Self.differences(rhs.request, request).count
            if l != r { return l < r }
            let l2 = Self.isSuccess(lhs.response.status), r2 = Self.isSuccess(rhs.response.status)
            if l2 != r2 { return l2 }
            return lhs.relativePath < rhs.relativePath
        }
    }

    /// Each field where `request` differs from the fixture's recorded request, method and path first, then query
    /// parameters by name.
    static func differences(_ recorded: RecordedRequest, _ request: EmulatorRequest) -> [String] {
        var result: [String] = []
        if recorded.method != request.method {
            result.append("method: expected \(recorded.method), got \(request.method)")
        }
        if normalizePath(recorded.path) != normalizePath(request.path) {
            result.append("path: expected '\(recorded.path)', got '\(request.path)'")
        }
        for name in Set(recorded.query.keys).union(request.query.keys).sorted() {
            switch (recorded.query[name], request.query[name]) {
            case let (expected?, got?) where expected != got:
                result.append("query '\(name)': expected '\(expected)', got '\(got)'")
            case let (expected?, nil):
                result.append("query '\(name)': expected '\(expected)', missing")
            case let (nil, got?):
                result.append("query '\(name)': not in the fixture, got '\(got)'")
            default:
                break
            }
        }
        return result
    }

    static func describe(_ request: EmulatorRequest) -> String {
        var text = "\(request.method) \(request.path)"
        if !request.query.isEmpty {
            text += "?" + request.query.keys.sorted().map { "\($0)=\(request.query[$0]!)" }.joined(separator: "&")
        }
        return text
    }

    static func isSuccess(_ status: Int) -> Bool { (200...299).contains(status) }

    static func routeKey(_ method: String, _ path: String) -> String { method + " " + normalizePath(path) }

    /// Upper-cases the hex digits of percent escapes, so `%2f` and `%2F` match.
    static func normalizePath(_ path: String) -> String {
        guard FastText.contains(path, byte: UInt8(ascii: "%")) else { return path }
        var result = ""
        var pending = 0
        for character in path {
            if character == "%" {
                pending = 2
                result.append(character)
            } else if pending > 0 {
                pending -= 1
                result.append(contentsOf: character.uppercased())
            } else {
                result.append(character)
            }
        }
        return result
    }
}
