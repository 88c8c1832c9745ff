import FixtureFormat
import Foundation
import FoursquarePlaces

/// What a version's document changed in an operation's answer from the version before it in the line: the members it
/// removed and those it added, as `DocumentedOperation.members` writes them (`$.results[*].name`). A renamed member is
/// one of each. Replay holds the version to it, so a change the generator did not write, or a fixture copied from the
/// version before that still carries a removed member, goes red. Read from the documents, never from the client.
package struct DocumentChanges: Sendable, Equatable {
    /// The version the change is from: the one before in the line that describes the operation.
    package let previous: String
    /// The document of the version itself.
    package let source: String
    package let removed: Set<String>
    package let added: Set<String>

    /// The changes `contract`'s document made to `endpoint`'s answer; nil for the seed contract, the line's first
    /// version, an operation the version before did not have, or one this version's document does not describe.
    package static func of(endpoint: String, contract: ContractID) -> DocumentChanges? {
        shipped["\(contract.rawValue) \(endpoint)"]
    }

    /// Every shipped document's changes, by "contract endpoint": computed once, since replay asks for each fixture.
    private static let shipped: [String: DocumentChanges] = {
        var found: [String: DocumentChanges] = [:]
        for operation in DocumentedOperation.all {
            let changes = of(endpoint: operation.endpoint, contract: operation.contract, line: DocumentedOperation.openAPIVersions) {
                DocumentedOperation.named($0, contract: ContractID($1)).map { ($0.members, $0.source) }
            }
            if let changes { found["\(operation.contract) \(operation.endpoint)"] = changes }
        }
        return found
    }()

    /// The same over any line and documents: `described(endpoint, contract)` gives an operation's members and source.
    package static func of(endpoint: String, contract: String, line: [String],
                           described: (String, String) -> (members: Set<String>, source: String)?) -> DocumentChanges? {
        guard let position = line.firstIndex(of: contract), position > 0,
              let now = described(endpoint, contract), let before = described(endpoint, line[position - 1]) else { return nil }
        return DocumentChanges(previous: line[position - 1], source: now.source,
                               removed: before.members.subtracting(now.members), added: now.members.subtracting(before.members))
    }

    /// The members an answer holds that this version's document removed, as JSON paths with `[*]`, in the answer's
    /// order: what a fixture copied from the version before still carries.
    package func removedMembers(in body: Data) -> [String] {
        guard !removed.isEmpty, let root = JSONValue.parse(body) else { return [] }
        var found: [String] = []
        AnswerMembers.walk(root) { member, _ in
            guard removed.contains(member) else { return true }
            found.append(member)
            return false
        }
        return found
    }
}
