import FixtureFormat

/// The members of a JSON answer as the documents write them: `$.photos[*].id`, an array's elements under `[*]`.
enum AnswerMembers {
    /// Calls `visit` with each member's path and value, in the answer's order, once per occurrence, and goes into
    /// the members of those it returns true for.
    static func walk(_ root: JSONValue, visit: (String, JSONValue) -> Bool) {
        func walk(_ value: JSONValue, _ path: String) {
            switch value {
            case let .object(members):
                for (key, child) in members {
                    let member = path + "." + key
                    if visit(member, child) { walk(child, member) }
                }
            case let .array(elements):
                for element in elements { walk(element, path + "[*]") }
            default:
                break
            }
        }
        walk(root, "$")
    }
}
