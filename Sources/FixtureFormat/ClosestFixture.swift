import Foundation
import FoursquarePlaces

/// A request as the matcher compares it: method, path as sent, decoded query.
package struct SentRequest: Sendable, Hashable, CustomStringConvertible {
    package var method: String
    package var path: String
    package var query: [String: String]

    package init(method: String, path: String, query: [String: String]) {
        self.method = method
        self.path = path
        self.query = query
    }

    /// `GET /places/search?limit=5&query=tea`, query names sorted.
    package var description: String {
        guard !query.isEmpty else { return "\(method) \(path)" }
        return "\(method) \(path)?" + query.keys.sorted().map { "\($0)=\(query[$0]!)" }.joined(separator: "&")
    }
}

/// Which fixture a request that matched none comes closest to, and how it differs: the emulator's 404 and
/// the testing product's failure say the same thing.
package enum ClosestFixture {
    /// Each field where `sent` differs from the fixture's recorded request, in the request check's words.
    package static func differences(_ recorded: RecordedRequest, _ sent: SentRequest) -> [String] {
        RequestMatcher.differences(recorded: (recorded.method, recorded.path, recorded.query),
                                   sent: (sent.method, sent.path, sent.query))
    }

    /// Among the fixtures of `contracts` (all fixtures when they have none): same method and path if any, else
    /// the same endpoint, else all; then fewest differing fields, 2xx, path order.
    package static func closest(to sent: SentRequest, among fixtures: [Fixture], contracts: [Contract] = Contract.all) -> Fixture? {
        let ids = Set(contracts.map(\.id))
        var eligible = fixtures.filter { ids.contains($0.contract) }
        if eligible.isEmpty { eligible = fixtures }
        let key = routeKey(sent.method, sent.path)
        var pool = eligible.filter { routeKey($0.request.method, $0.request.path) == key }
        if pool.isEmpty {
            let endpoints = Set(contracts.compactMap { RequestMatcher.route(path: sent.path, in: $0)?.endpoint })
            pool = eligible.filter { fixture in endpoints.contains { $0.id == fixture.endpoint && $0.contract == fixture.contract } }
        }
        if pool.isEmpty { pool = eligible }
        return pool.min { lhs, rhs in
            let l = differences(lhs.request, sent).count, r = differences(rhs.request, sent).count
            if l != r { return l < r }
            let l2 = isSuccess(lhs.response.status), r2 = isSuccess(rhs.response.status)
            if l2 != r2 { return l2 }
            return lhs.relativePath < rhs.relativePath
        }
    }

    /// `closest fixture: place-search/200-typical.json; query 'limit': expected '10', sent '5' (and 1 more difference)`.
    package static func hint(_ closest: Fixture, _ sent: SentRequest) -> String {
        let differences = differences(closest.request, sent)
        var detail = "closest fixture: \(closest.relativePath)"
        if let first = differences.first { detail += "; \(first)" }
        if differences.count > 1 { detail += " (and \(differences.count - 1) more difference\(differences.count > 2 ? "s" : ""))" }
        return detail
    }

    package static func isSuccess(_ status: Int) -> Bool { (200...299).contains(status) }

    /// Method and the path in the form `RequestMatcher.samePath` compares.
    package static func routeKey(_ method: String, _ path: String) -> String { method + " " + RequestMatcher.canonicalPath(path) }
}
