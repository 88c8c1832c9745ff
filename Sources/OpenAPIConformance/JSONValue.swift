import FixtureFormat
import Foundation

/// A JSON value as the validator compares it (`enum`, `uniqueItems`): numbers by value, objects by key.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// From `JSONSerialization` or `AnyCodable`; depth is bounded by the caller's value, which the validator
    /// only builds for `enum` and `uniqueItems` comparisons.
    init(_ value: Any) {
        switch value {
        case is NSNull: self = .null
        case let string as String: self = .string(string)
        case let number as NSNumber:
            self = JSONKind.isBool(number) ? .bool(number.boolValue) : .number(number.doubleValue)
        case let bool as Bool: self = .bool(bool)
        case let int as Int: self = .number(Double(int))
        case let double as Double: self = .number(double)
        case let array as [Any]: self = .array(array.map(JSONValue.init))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init))
        default: self = .string("\(value)")
        }
    }
}

/// The JSON type of a `JSONSerialization` value, as messages name it.
enum JSONKind {
    static func isBool(_ number: NSNumber) -> Bool { Node.isBool(number) }

    /// `string "closed"`, `number 42`, `object`, `array`, `boolean true`, `null`.
    static func describe(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let string as String:
            let shown = string.count > 60 ? String(string.prefix(60)) + "…" : string
            return "string \"\(shown)\""
        case let number as NSNumber: return isBool(number) ? "boolean \(number.boolValue)" : "number \(number)"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        default: return "\(type(of: value))"
        }
    }
}
