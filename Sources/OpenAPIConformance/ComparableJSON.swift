import FixtureFormat
import Foundation

/// A JSON value as `enum` and `uniqueItems` compare it: numbers by value (`1` is `1.0`), objects by key.
enum ComparableJSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ComparableJSON])
    case object([String: ComparableJSON])

    /// An answer's value; built only for `enum` and `uniqueItems`, so its depth is the schema's, not the body's.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case let .bool(bool): self = .bool(bool)
        case let .number(text): self = Double(text).map(ComparableJSON.number) ?? .string(text)
        case let .string(string): self = .string(string)
        case let .array(elements): self = .array(elements.map(ComparableJSON.init))
        case let .object(members):
            // A repeated key keeps its last value, as JSONSerialization and JSONDecoder read it. (The validator
            // checks every occurrence: a server that repeats a key with a wrong value breaks the document.)
            self = .object(Dictionary(members.map { ($0.key, ComparableJSON($0.value)) }, uniquingKeysWith: { $1 }))
        case let .captured(data): self = .string(String(decoding: data, as: UTF8.self))
        }
    }

    /// A document's value, as OpenAPIKit's `AnyCodable` holds it.
    init(document value: Any) {
        switch value {
        case is NSNull: self = .null
        case let string as String: self = .string(string)
        case let number as NSNumber:
            self = JSONKind.isBool(number) ? .bool(number.boolValue) : .number(number.doubleValue)
        case let bool as Bool: self = .bool(bool)
        case let int as Int: self = .number(Double(int))
        case let double as Double: self = .number(double)
        case let array as [Any]: self = .array(array.map(ComparableJSON.init(document:)))
        case let object as [String: Any]: self = .object(object.mapValues(ComparableJSON.init(document:)))
        default: self = .string("\(value)")
        }
    }
}

/// The JSON type of an answer's value, as messages name it.
enum JSONKind {
    static func isBool(_ number: NSNumber) -> Bool { Node.isBool(number) }

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
}
