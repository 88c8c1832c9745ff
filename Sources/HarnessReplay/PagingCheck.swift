import Foundation
import FoursquarePlaces
import HarnessCore

/// More than one exchange: a 2xx fixture whose answer records a `Link: <…>; rel="next"` header is walked to its
/// second page through the client's paging API, and the next request must be the one the recorded link names.
///
/// The expectation is the recorded header, read here and not by the client (whose own reading is what is under
/// test). Two ways an app pages are checked:
/// - `pages(_:)`, which follows the link: the second request goes to the link's path with the link's query, the
///   `cursor` included, and carries the first request's headers;
/// - `nextRequest(after:)` (a stored `nextCursor`), for a request type that pages: to the link's path, with the first
///   request's query and the link's `cursor`.
package enum PagingCheck {
    /// The target of a `rel="next"` link: its path (percent-decoded), its query by name, and every query item in
    /// order, repeats kept, so the next request is compared as a multiset (nothing dropped, added or doubled).
    package struct NextLink: Sendable {
        package let path: String
        package let query: [String: String]
        package let items: [QueryPair]
    }

    /// One query item, decoded.
    package struct QueryPair: Sendable, Hashable, Comparable, CustomStringConvertible {
        package let name: String
        package let value: String

        package static func < (a: QueryPair, b: QueryPair) -> Bool { (a.name, a.value) < (b.name, b.value) }
        package var description: String { "\(name)=\(value)" }
    }

    /// The target of the first `rel="next"` link of a recorded `Link` header (RFC 8288); nil when the answer
    /// names no next page.
    package static func recordedNext(_ headers: [String: String]) -> NextLink? {
        guard let value = headers.first(where: { $0.key.lowercased() == "link" })?.value else { return nil }
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            // This link's parameters run to the next `<` (a quoted value holds no `<` in the API's headers).
            let after = rest[rest.index(after: close)...]
            let end = after.firstIndex(of: "<") ?? after.endIndex
            let relations = after[..<end].split(separator: ";").compactMap { parameter -> [Substring]? in
                let parts = parameter.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { return nil }
                return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \",")).lowercased().split(separator: " ")
            }
            if relations.joined().contains("next"), let components = URLComponents(string: target) {
                let items = (components.queryItems ?? []).map { QueryPair(name: $0.name, value: $0.value ?? "") }
                var query: [String: String] = [:]
                for item in items { query[item.name] = item.value }
                return NextLink(path: components.path, query: query, items: items)
            }
            rest = after[end...]
        }
        return nil
    }

    /// Whether `fixture` gets a `paging` testcase: a 2xx answer that names a next page.
    package static func applies(to fixture: Fixture) -> Bool {
        (200...299).contains(fixture.response.status) && fixture.expectedError == nil && recordedNext(fixture.response.headers) != nil
    }

    /// The `paging` testcase of `fixture` under `auth`, or nil when its answer records no next page.
    package static func result(fixture: Fixture, auth: AuthStyle, key: APIKey, apiVersion: String) async -> CaseResult? {
        guard applies(to: fixture), let next = recordedNext(fixture.response.headers) else { return nil }
        let start = ContinuousClock.now
        let verdict = await judge(fixture: fixture, next: next, auth: auth, key: key, apiVersion: apiVersion)
        return CaseResult(endpoint: fixture.endpoint.rawValue, fixture: fixture.relativePath, auth: nil, check: .paging,
                          time: (ContinuousClock.now - start).seconds, verdict: verdict)
    }

    private static func judge(
        fixture: Fixture, next: NextLink, auth: AuthStyle, key: APIKey, apiVersion: String
    ) async -> Verdict {
        let request: any EndpointRequest
        do {
            let entry = try CallPlan.registryEntry(endpoint: fixture.endpoint, contract: fixture.contract, file: fixture.relativePath)
            request = try entry.makeRequest(placeID: entry.placeID(in: fixture.request.path), query: fixture.request.query)
        } catch {
            return .error(message: "the paging check could not rebuild the fixture's request: \(error)", detail: "\(error)")
        }
        let cursor = next.query["cursor"].map { "cursor=\($0)" } ?? "no cursor"
        let recorded = "the recorded Link header's rel=\"next\" names \(next.path) with \(cursor)"
        let transport = ReplayTransport(response: fixture.response)
        let client = FoursquareClient(apiKey: key, auth: auth, baseURL: FoursquareClient.defaultBaseURL, apiVersion: apiVersion,
                                      transport: transport)
        var problems = await followingLinks(request, client: client, transport: transport, next: next, recorded: recorded)
        if let paged = request as? any PagedRequest {
            let stored = ReplayTransport(response: fixture.response)
            var storing = client
            storing.transport = stored
            problems += await storingCursor(paged, client: storing, transport: stored, fixture: fixture, next: next, recorded: recorded)
        }
        guard problems.isEmpty else { return .fail(message: problems[0], detail: problems.joined(separator: "\n")) }
        return .pass
    }

    /// `pages(_:)`: two pages; the second request must be the link's.
    private static func followingLinks<R: EndpointRequest>(
        _ request: R, client: FoursquareClient, transport: ReplayTransport,
        next: NextLink, recorded: String
    ) async -> [String] {
        var pages = client.pages(request).makeAsyncIterator()
        do {
            guard try await pages.next() != nil else { return ["pages(_:) gave no first page; \(recorded)"] }
            guard try await pages.next() != nil else {
                return ["pages(_:) ended after the first page; \(recorded)"]
            }
        } catch {
            if transport.requests.count < 2 {
                return ["pages(_:) did not request the next page (it threw \(error.code.rawValue)\(error.cause.map { ": \($0)" } ?? "")); \(recorded)"]
            }
        }
        let sent = transport.requests
        guard sent.count == 2 else { return ["pages(_:) sent \(sent.count) requests for two pages; \(recorded)"] }
        var problems = differences(sent: sent[1], first: sent[0], path: next.path, query: next.items, via: "pages(_:)", recorded: recorded)
        if sent[1].method != sent[0].method {
            problems.append("pages(_:): the next page's request is \(sent[1].method), the first was \(sent[0].method)")
        }
        if sent[1].headers.lowercasedDictionary != sent[0].headers.lowercasedDictionary {
            let first = Set(sent[0].headers.lowercasedDictionary.keys), second = Set(sent[1].headers.lowercasedDictionary.keys)
            problems.append("pages(_:): the next page's request does not carry the first request's headers "
                + "(first: \(first.sorted().joined(separator: ", ")); next: \(second.sorted().joined(separator: ", ")))")
        }
        return problems
    }

    /// `nextRequest(after:)` with the first page's answer, sent: the first request's query with the link's cursor.
    private static func storingCursor<R: PagedRequest>(
        _ request: R, client: FoursquareClient, transport: ReplayTransport, fixture: Fixture,
        next: NextLink, recorded: String
    ) async -> [String] {
        let first: APIResponse<R.Response>
        do {
            first = try await client.response(to: request)
        } catch {
            return ["nextRequest(after:): the first page did not decode (\(error.code.rawValue)); \(recorded)"]
        }
        guard let following = first.nextRequest(after: request) else {
            return ["nextRequest(after:) gave no next request (nextCursor is nil); \(recorded)"]
        }
        _ = try? await client.response(to: following)
        let sent = transport.requests
        guard sent.count == 2 else { return ["nextRequest(after:): the client sent \(sent.count - 1) requests for the next page; \(recorded)"] }
        // The first request's query as sent (its own items, repeats kept), with the link's cursor in place of its own.
        let firstItems = pairs(of: sent[0]).filter { $0.name != "cursor" }
        let query = firstItems + next.items.filter { $0.name == "cursor" }
        return differences(sent: sent[1], first: sent[0], path: next.path, query: query, via: "nextRequest(after:)", recorded: recorded)
    }

    /// A request's query items, decoded, in order.
    static func pairs(of request: HTTPRequest) -> [QueryPair] {
        (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { QueryPair(name: $0.name, value: $0.value ?? "") }
    }

    /// The whole next request against the expectation: the same scheme, host and port as the first request, the
    /// link's path, and the query as a multiset, so an item dropped, added or sent twice shows.
    static func differences(
        sent: HTTPRequest, first: HTTPRequest, path: String, query want: [QueryPair], via: String, recorded: String
    ) -> [String] {
        let components = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)
        let firstComponents = URLComponents(url: first.url, resolvingAgainstBaseURL: false)
        let got = pairs(of: sent)
        var problems: [String] = []
        // The cursor first: it is what the next page is.
        let wantCursor = want.first { $0.name == "cursor" }?.value, gotCursor = got.first { $0.name == "cursor" }?.value
        switch (wantCursor, gotCursor) {
        case (_?, nil): problems.append("\(via): the next page's request carries no cursor; \(recorded)")
        case let (w?, g?) where w != g: problems.append("\(via): the next page's request sends cursor=\(g); \(recorded)")
        default: break
        }
        if let sentPath = components?.path, sentPath != path {
            problems.append("\(via): the next page's request goes to \(sentPath); \(recorded)")
        }
        if components?.scheme != firstComponents?.scheme || components?.host != firstComponents?.host || components?.port != firstComponents?.port {
            problems.append("\(via): the next page's request goes to \(components?.scheme ?? "")://\(components?.host ?? "")"
                + "\(components?.port.map { ":\($0)" } ?? ""); the first went to \(firstComponents?.scheme ?? "")://\(firstComponents?.host ?? "")"
                + "\(firstComponents?.port.map { ":\($0)" } ?? "")")
        }
        var missing = want.sorted(), extra: [QueryPair] = []
        for item in got.sorted() {
            if let index = missing.firstIndex(of: item) { missing.remove(at: index) } else { extra.append(item) }
        }
        for item in missing where !(item.name == "cursor" && problems.first?.contains("cursor") == true) {
            problems.append("\(via): the next page's request drops \(item) (\(recorded))")
        }
        for item in extra where !(item.name == "cursor" && problems.first?.contains("cursor") == true) {
            let doubled = want.contains(item)
            problems.append("\(via): the next page's request \(doubled ? "sends \(item) twice" : "adds \(item)") (\(recorded))")
        }
        return problems
    }
}
