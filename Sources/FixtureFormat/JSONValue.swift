import Foundation

/// A parsed JSON value from a fixture envelope (or, whole, an answer's body for `--openapi`). Numbers keep their
/// text, so nothing is lost in a round trip.
package enum JSONValue: Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    /// A value read but not built: the one at the capture path, kept as its compact bytes.
    case captured(Data)

    /// The name a type error uses for this value.
    package var kind: String {
        switch self {
        case .object: return "object"
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .captured: return "JSON value"
        }
    }

    /// The last member named `key` (a repeated key keeps its last value, as JSONSerialization does).
    package func member(_ key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }
}
