import Foundation
import FoursquarePlaces
import HarnessContractChecks
import HarnessCore

/// Each dated version's client against its own document, as a whole: what no fixture shows, because a fixture only
/// calls what the registry has and decodes what its answer holds. One testcase per version for its registry (every
/// operation it serves is one its document describes, an operation the document removed is gone, and each query
/// parameter the document requires is required), one for its
/// requests' enum values (each value the document lists for a query parameter can be sent), and one per
/// operation whose answer the document changed from the version before (`DocumentChanges`): the response model reads
/// no member the document removed, and reads every member it added. In the report suite `version-document`.
package enum VersionDocumentCheck {
    /// The report suite the cases go to.
    package static let suite = "version-document"

    /// The cases for the dated contracts a run covered that a document describes.
    package static func results(contracts: Set<ContractID>) -> [CaseResult] {
        var results: [CaseResult] = []
        for id in contracts.sorted() where DocumentedFacts.line.contains(id.rawValue) {
            guard let contract = Contract.named(id) else { continue }
            results.append(CaseResult(endpoint: suite, fixture: "\(id)/registry", auth: nil, check: .request,
                                      verdict: registry(contract.endpoints, contract: id.rawValue,
                                                        source: DocumentedFacts.source(id),
                                                        described: { DocumentedMembers.of(endpoint: $0, contract: id) != nil },
                                                        required: { DocumentedFacts.requiredQuery(id, $0) })))
            results.append(CaseResult(endpoint: suite, fixture: "\(id)/enum values", auth: nil, check: .request,
                                      verdict: enumValues(contract.endpoints, contract: id.rawValue, source: DocumentedFacts.source(id),
                                                          documented: { DocumentedFacts.enums(id, $0) })))
            for endpoint in contract.endpoints {
                guard let changes = DocumentChanges.of(endpoint: endpoint.id.rawValue, contract: id),
                      !changes.removed.isEmpty || !changes.added.isEmpty else { continue }
                let reads = Set(ModelReads.shape(endpoint: endpoint.id, contract: id).keys)
                results.append(CaseResult(endpoint: suite, fixture: "\(id)/\(endpoint.id) members", auth: nil, check: .decoding,
                                          verdict: members(changes, reads: reads, model: "\(endpoint.responseType)",
                                                           endpoint: endpoint.id.rawValue, contract: id.rawValue)))
            }
        }
        return results
    }

    /// Every operation the registry serves is one the version's document describes, and its entry requires each query
    /// parameter the document requires (`required`, by endpoint id): a request without it is refused, not sent.
    static func registry(_ served: [Endpoint], contract: String, source: String, described: (String) -> Bool,
                         required: (String) -> Set<String>) -> Verdict {
        var lines: [String] = []
        let undocumented = served.map(\.id.rawValue).filter { !described($0) }
        if !undocumented.isEmpty {
            lines.append("\(contract)'s registry serves \(undocumented.joined(separator: ", ")), which \(source) does not describe")
        }
        var optional: [String] = []
        for endpoint in served where described(endpoint.id.rawValue) {
            let declared = Set(endpoint.parameters.filter(\.required).map(\.name))
            optional += required(endpoint.id.rawValue).subtracting(declared).sorted().map { "\(endpoint.id) \($0)" }
        }
        if !optional.isEmpty {
            lines.append("\(contract)'s requests do not require \(optional.joined(separator: ", ")), which \(source) requires")
        }
        guard !lines.isEmpty else { return .pass }
        let message = lines.joined(separator: "; ") + "; generate the version from its document again "
            + "(python3 scripts/generate-contract.py \(contract))"
        return .fail(message: message, detail: message)
    }

    /// Every value the document lists for a query parameter is one the registry's request can send: a typed enum
    /// without the document's new value, or a list of values that lacks it, fails naming each.
    static func enumValues(_ endpoints: [Endpoint], contract: String, source: String, documented: (String) -> [String: [String]]) -> Verdict {
        var missing: [String] = []
        for endpoint in endpoints {
            let listed = documented(endpoint.id.rawValue)
            for parameter in endpoint.parameters {
                guard let values = listed[parameter.name] else { continue }
                let sendable: [String]
                switch parameter.rule {
                case let .oneOf(cases), let .listOf(cases): sendable = cases
                default: continue  // free text sends any value
                }
                for value in values where !sendable.contains(value) {
                    missing.append("\(endpoint.id) \(parameter.name)=\(value)")
                }
            }
        }
        guard !missing.isEmpty else { return .pass }
        let message = "\(contract)'s requests cannot send \(missing.joined(separator: ", ")), which \(source) lists; "
            + "generate the version from its document again (python3 scripts/generate-contract.py \(contract))"
        return .fail(message: message, detail: message)
    }

    /// What the model reads (`reads`: JSON paths, `ModelReads.shape`) against what the document changed. An added
    /// member under an object the model does not reach (a recursion cut short) cannot be judged: the case says so
    /// rather than pass.
    static func members(_ changes: DocumentChanges, reads: Set<String>, model: String, endpoint: String, contract: String) -> Verdict {
        let stale = changes.removed.filter { reads.contains($0) }.sorted()
        var missing: [String] = [], unreached: [String] = []
        for member in changes.added.sorted() where !reads.contains(member) {
            let parent = parentPath(member)
            if parent == "$" || reads.contains(parent) { missing.append(member) } else { unreached.append(member) }
        }
        var lines: [String] = []
        if !stale.isEmpty {
            lines.append("\(model) reads \(stale.joined(separator: ", ")), which \(changes.source) removed from \(endpoint)'s answer "
                + "(\(changes.previous) had it)")
        }
        if !missing.isEmpty {
            lines.append("\(model) has no property for \(missing.joined(separator: ", ")), which \(changes.source) added to "
                + "\(endpoint)'s answer")
        }
        guard lines.isEmpty else {
            let fix = "generate the version from its document again (python3 scripts/generate-contract.py \(contract))"
            return .fail(message: lines[0] + "; " + fix, detail: (lines + [fix]).joined(separator: "\n"))
        }
        guard unreached.isEmpty else {
            return .skip(reason: "cannot judge \(unreached.joined(separator: ", ")), which \(changes.source) added: "
                + "\(model) is not read that deep without an answer")
        }
        return .pass
    }

    /// `$.a[*].b` → `$.a[*]`… the object or array a member sits in: `$.a[*].b` → `$.a`, `$.a.b` → `$.a`.
    static func parentPath(_ member: String) -> String {
        guard let dot = member.lastIndex(of: ".") else { return "$" }
        var parent = String(member[..<dot])
        while parent.hasSuffix("[*]") { parent.removeLast(3) }
        return parent
    }
}
