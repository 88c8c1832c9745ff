import Foundation

/// The one set of rules for "is this the request": method, path against a template or a recorded
/// path, and an order-insensitive query. The harness's request check and the emulator both use it.
package enum RequestMatcher {
    /// A route: the endpoint a method and path belong to in `contract`, with the decoded place id.
    /// Literal paths win over templates, as `/places/search` does on the server.
    package static func route(method: String, path: String, in contract: Contract) -> (endpoint: Endpoint, placeID: String?)? {
        guard let matched = route(path: path, in: contract), matched.endpoint.method == method else { return nil }
        return matched
    }

    /// The endpoint a path belongs to in `contract`, whatever the method.
    package static func route(path: String, in contract: Contract) -> (endpoint: Endpoint, placeID: String?)? {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        if let literal = contract.endpoints.first(where: { !$0.hasPlaceID && $0.pathTemplate == bare }) {
            return (literal, nil)
        }
        let segments = bare.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for endpoint in contract.endpoints where endpoint.hasPlaceID {
            if let placeID = placeID(segments, template: endpoint.pathTemplate) { return (endpoint, placeID) }
        }
        return nil
    }

    /// The decoded place id if `segments` fit `template`, else nil.
    static func placeID(_ segments: [String], template: String) -> String? {
        let pattern = template.split(separator: "/", omittingEmptySubsequences: false)
        guard pattern.count == segments.count else { return nil }
        var placeID: String?
        for (expected, segment) in zip(pattern, segments) {
            if expected.hasPrefix("{") && expected.hasSuffix("}") {
                guard !segment.isEmpty, let decoded = segment.removingPercentEncoding else { return nil }
                placeID = decoded
            } else if expected != segment {
                return nil
            }
        }
        return placeID
    }

    /// Two paths are the same request when equal as sent or once percent-decoded.
    package static func samePath(_ recorded: String, _ sent: String) -> Bool {
        recorded == sent || canonicalPath(recorded) == canonicalPath(sent)
    }

    /// The form two paths share when `samePath` holds (percent-decoded; as sent when it does not decode),
    /// for keying an index by path.
    package static func canonicalPath(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: "%")) else { return path }
        return path.removingPercentEncoding ?? path
    }

    /// Each way `sent` differs from `recorded`: method, path, then query parameters by name.
    /// Empty means they match.
    package static func differences(
        recorded: (method: String, path: String, query: [String: String]),
        sent: (method: String, path: String, query: [String: String])
    ) -> [String] {
        var result: [String] = []
        if recorded.method != sent.method {
            result.append("method: expected \(recorded.method), sent \(sent.method)")
        }
        if !samePath(recorded.path, sent.path) {
            result.append("path: expected \(recorded.path), sent \(sent.path)")
        }
        for name in Set(recorded.query.keys).union(sent.query.keys).sorted() {
            switch (recorded.query[name], sent.query[name]) {
            case let (expected?, got?) where !sameValue(expected, got, parameter: name):
                result.append("query '\(name)': expected '\(expected)', sent '\(got)'")
            case let (expected?, nil):
                result.append("query '\(name)': expected '\(expected)', not sent")
            case let (nil, got?):
                result.append("query '\(name)': not expected, sent '\(got)'")
            default:
                break
            }
        }
        return result
    }

    /// Two queries are the same when they have the same names and `sameValue` holds for each.
    package static func sameQuery(_ recorded: [String: String], _ sent: [String: String]) -> Bool {
        if recorded == sent { return true }
        guard recorded.count == sent.count else { return false }
        return recorded.allSatisfy { name, value in sent[name].map { sameValue(value, $0, parameter: name) } ?? false }
    }

    /// Two values of `parameter` are the same when equal, or, for a parameter the registry declares a set
    /// (`Endpoint.Parameter.isSet`), when they hold the same members in any order.
    package static func sameValue(_ recorded: String, _ sent: String, parameter: String) -> Bool {
        if recorded == sent { return true }
        guard setParameterNames.contains(parameter) else { return false }
        return recorded.split(separator: ",", omittingEmptySubsequences: false).sorted()
            == sent.split(separator: ",", omittingEmptySubsequences: false).sorted()
    }

    /// The names of the parameters any registry entry declares a set.
    private static let setParameterNames: Set<String> = Set(Contract.all.flatMap { contract in
        contract.endpoints.flatMap { $0.parameters.filter(\.isSet).map(\.name) }
    })

    /// Checks a fixture's (contract, endpoint, method, path) against the registry.
    /// On failure, the JSON path to blame and one line saying what is wrong.
    package static func validate(
        contract contractID: ContractID, endpoint endpointName: String, method: String, path: String
    ) -> Result<(endpoint: Endpoint, placeID: String?), RouteProblem> {
        guard let contract = Contract.named(contractID) else {
            return .failure(RouteProblem("$.contract", "unknown contract '\(contractID)' (known: \(Contract.knownList))"))
        }
        guard let id = EndpointID(rawValue: endpointName) else {
            let known = contract.endpoints.map(\.id.rawValue).joined(separator: ", ")
            return .failure(RouteProblem("$.endpoint", "unknown endpoint id '\(endpointName)' (known: \(known))"))
        }
        guard let entry = contract.endpoint(id) else {
            let known = contract.endpoints.map(\.id.rawValue).joined(separator: ", ")
            return .failure(RouteProblem("$.endpoint", "'\(endpointName)' is not an endpoint of contract \(contract.id) (it has \(known))"))
        }
        guard path.hasPrefix("/") else { return .failure(RouteProblem("$.request.path", "'\(path)' does not start with '/'")) }
        guard let matched = route(path: path, in: contract) else {
            return .failure(RouteProblem("$.request.path", "'\(path)' matches no endpoint of contract \(contract.id)"))
        }
        guard matched.endpoint.id == id else {
            return .failure(RouteProblem("$.request.path", "'\(path)' is the \(matched.endpoint.id) endpoint, not \(id)"))
        }
        guard method == entry.method else {
            return .failure(RouteProblem("$.request.method", "'\(method)' but \(id) is \(entry.method)"))
        }
        return .success(matched)
    }
}

/// Why a fixture's route does not fit the registry.
package struct RouteProblem: Error, Sendable, Hashable {
    package let jsonPath: String
    package let reason: String

    package init(_ jsonPath: String, _ reason: String) {
        self.jsonPath = jsonPath
        self.reason = reason
    }
}

extension Endpoint {
    /// The endpoint a request path belongs to in the seed contract, with the decoded place id.
    package static func match(path: String, contract: Contract = .seed) -> (endpoint: Endpoint, placeID: String?)? {
        RequestMatcher.route(path: path, in: contract)
    }

    /// The decoded place id in `path`, if it fits this entry's template.
    package func placeID(in path: String) -> String? {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        return RequestMatcher.placeID(bare.split(separator: "/", omittingEmptySubsequences: false).map(String.init),
                                      template: pathTemplate)
    }
}
