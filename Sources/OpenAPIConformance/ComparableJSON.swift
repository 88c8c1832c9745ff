import FixtureFormat
import Foundation

/// A JSON value as `const`, `enum` and `uniqueItems` compare it, the way JSON Schema defines equality: numbers by
/// exact value (`1` is `1.0`, integers past 2^53 stay distinct), strings by code points (Swift's `String` equality
/// would call NFC and NFD spellings equal), objects by key regardless of order.
enum ComparableJSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONDecimal)
    /// A number too odd to read exactly; compared by its text.
    case numberText(String)
    case string([UInt8])
    case array([ComparableJSON])
    case object([[UInt8]: ComparableJSON])

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case let .bool(bool): self = .bool(bool)
        case let .number(text): self = JSONDecimal(text).map(ComparableJSON.number) ?? .numberText(text)
        case let .string(string): self = .string(Array(string.utf8))
        case let .array(elements): self = .array(elements.map(ComparableJSON.init))
        case let .object(members):
            // A repeated key keeps its last value, as JSONSerialization and JSONDecoder read it.
            self = .object(Dictionary(members.map { (Array($0.key.utf8), ComparableJSON($0.value)) }, uniquingKeysWith: { $1 }))
        case let .captured(data): self = .string(Array(data))
        }
    }
}

/// The JSON type of an answer's value, as messages name it.
enum JSONKind {
    /// `string "closed"`, `number 42`, `object`, `array`, `boolean true`, `null`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .string(string):
            let shown = string.count > 60 ? String(string.prefix(60)) + "…" : string
            return "string \"\(shown)\""
        case let .number(text): return "number \(text)"
        case let .bool(bool): return "boolean \(bool)"
        case .array: return "array"
        case .object: return "object"
        case .captured: return "JSON value"
        }
    }

    /// A schema's value as a message shows it: `"open"`, `3`, `[…]`.
    static func show(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(bool): return "\(bool)"
        case let .number(text): return text
        case let .string(string): return "\"\(string.count > 60 ? String(string.prefix(60)) + "…" : string)\""
        case .array: return "[…]"
        case .object: return "{…}"
        case .captured: return "…"
        }
    }
}
