/// A member the document leaves untyped (the client holds it as `RawJSON`) whose JSON type the API's answers do
/// show: the value check holds an answer to that type. Data with its reason, like `ValueDeparture`.
struct LooseMember: Sendable {
    let versions: DocumentLine
    /// The member's name, or `*` for every member of `parent`.
    let member: String
    /// The object the member sits in.
    let parent: String
    /// The JSON types an answer may hold there: `boolean`, `string`, `number`, `array`, `object`, `null`.
    let names: Set<String>
    let reason: String

    static let all: [LooseMember] = [
        LooseMember(versions: DocumentLine(since: "2025-06-17"), member: "*", parent: "attributes", names: ["boolean", "string", "null"],
                    reason: "an attribute flag is a boolean or a string (the document types it as a bare object; answers show which)"),
    ]

    /// The expectation for `member` inside `parent` in `contract`, when one is declared.
    static func expected(member: String?, parent: String?, contract: String) -> LooseMember? {
        guard let member, let parent else { return nil }
        return all.first { $0.parent == parent && ($0.member == "*" || $0.member == member) && $0.versions.covers(contract) }
    }
}
