import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore

/// Who is wrong when a fixture does not fit the client's registry. The loader judges a fixture's method, path and
/// query against the registry, the client's own table; when the document agrees with the fixture, the registry is
/// the one that departs, and the failure names the client, not the fixture.
package enum Misattribution {
    /// What a fixture file says about its request, read from its JSON as written.
    struct Recorded {
        let contract: ContractID
        let endpoint: String
        let method: String
        let path: String
        let query: [String]
    }

    /// The client's failure when the document and the fixture agree on what `error` says the registry refuses;
    /// nil when the error is about something else, the document does not describe the endpoint, or the document
    /// does not side with the fixture (then the fixture is what is broken).
    package static func verdict(for error: FixtureError, file: URL) -> Verdict? {
        guard let jsonPath = error.jsonPath,
              ["$.endpoint", "$.request.path", "$.request.method"].contains(jsonPath) || jsonPath.hasPrefix("$.request.query."),
              let data = try? Data(contentsOf: file), let recorded = read(data) else { return nil }
        let problems = problems(recorded, parameter: jsonPath.hasPrefix("$.request.query.")
                                    ? String(jsonPath.dropFirst("$.request.query.".count)) : nil,
                                registry: RegistryEntry.named(recorded.endpoint, contract: recorded.contract))
        guard let first = problems.first else { return nil }
        return .fail(message: first, detail: problems.joined(separator: "\n") + "\n(the loader said: \(error.description))")
    }

    /// What the client's registry says about an endpoint: its method, path template and parameter names.
    struct RegistryEntry {
        let method: String
        let pathTemplate: String
        let parameters: Set<String>

        /// The registry's entry for `endpoint` in `contract`; nil when it has none.
        static func named(_ endpoint: String, contract: ContractID) -> RegistryEntry? {
            guard let entry = Contract.named(contract)?.endpoints.first(where: { $0.id.rawValue == endpoint }) else { return nil }
            return RegistryEntry(method: entry.method, pathTemplate: entry.pathTemplate, parameters: Set(entry.parameters.map(\.name)))
        }
    }

    /// The ways `registry` (the client's entry, nil when it has none) departs from a document that agrees with
    /// `recorded`; `parameter` is the query parameter the loader refused, if that is what it refused.
    static func problems(_ recorded: Recorded, parameter: String?, registry: RegistryEntry?) -> [String] {
        guard let document = DocumentedOperation.named(recorded.endpoint, contract: recorded.contract),
              document.method == recorded.method, fits(recorded.path, template: document.path) else { return [] }
        let source = "(\(document.source))"
        guard let entry = registry else {
            return ["the document \(source) and the fixture say \(recorded.endpoint) is \(document.method) \(document.path); "
                + "the client's registry has no \(recorded.endpoint) in contract \(recorded.contract)"]
        }
        var problems: [String] = []
        if entry.method != document.method {
            problems.append("the document \(source) and the fixture say \(document.method); the client's registry says \(entry.method) (\(recorded.endpoint))")
        }
        if !fits(recorded.path, template: entry.pathTemplate) {
            problems.append("the document \(source) and the fixture say \(document.path); the client's registry says \(entry.pathTemplate) (\(recorded.endpoint))")
        }
        if let parameter, document.query.contains(parameter), !entry.parameters.contains(parameter) {
            problems.append("the document \(source) and the fixture send '\(parameter)'; the client's registry has no parameter "
                + "'\(parameter)' for \(recorded.endpoint)")
        }
        return problems
    }

    /// Whether `path` fits `template`, segment by segment, `{…}` matching one non-empty segment.
    static func fits(_ path: String, template: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let pattern = template.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == pattern.count else { return false }
        return zip(pattern, segments).allSatisfy { expected, segment in
            expected.hasPrefix("{") && expected.hasSuffix("}") ? !segment.isEmpty : expected == segment
        }
    }

    static func read(_ data: Data) -> Recorded? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let endpoint = object["endpoint"] as? String,
              let request = object["request"] as? [String: Any], let path = request["path"] as? String else { return nil }
        let query = (request["query"] as? [String: Any]).map { Array($0.keys) } ?? []
        return Recorded(contract: ContractID(object["contract"] as? String ?? "seed"), endpoint: endpoint,
                        method: request["method"] as? String ?? "GET", path: path, query: query)
    }
}
