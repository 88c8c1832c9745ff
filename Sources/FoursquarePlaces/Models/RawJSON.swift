import Foundation

/// A JSON value as the API sent it: what a model holds where the document gives no type (an attribute flag, a
/// plugin's data), and what ``APIResponse/raw`` gives for a whole answer, so a member no model holds yet stays
/// readable.
///
/// ```swift
/// let answer = try await client.response(to: request)
/// let parentName = answer.raw?["related_places"]?["parent"]?["name"]?.string
/// ```
public enum RawJSON: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; integers up to 2^53 are exact.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([RawJSON])
    /// An object, by member name.
    case object([String: RawJSON])

    /// The text, when this is a string.
    public var string: String? { if case let .string(text) = self { return text } else { return nil } }

    /// The number, when this is a number.
    public var number: Double? { if case let .number(number) = self { return number } else { return nil } }

    /// The number as an integer, when this is a whole number.
    public var int: Int? { number.flatMap { Int(exactly: $0) } }

    /// The flag, when this is `true` or `false`.
    public var bool: Bool? { if case let .bool(flag) = self { return flag } else { return nil } }

    /// A yes-or-no reading: a boolean as is, and the strings the API uses for flags (`"true"`, `"t"`, `"yes"`,
    /// `"y"`, `"1"` and their opposites, in any case); nil for anything else. Attribute flags read this way.
    public var flag: Bool? {
        switch self {
        case let .bool(flag): return flag
        case let .string(text):
            switch text.lowercased() {
            case "true", "t", "yes", "y", "1": return true
            case "false", "f", "no", "n", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// The elements, when this is an array.
    public var array: [RawJSON]? { if case let .array(elements) = self { return elements } else { return nil } }

    /// The members, when this is an object.
    public var object: [String: RawJSON]? { if case let .object(members) = self { return members } else { return nil } }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The member `key` of an object; nil for a missing member or a value that is not an object.
    public subscript(key: String) -> RawJSON? { object?[key] }

    /// The element at `index` of an array; nil out of range or for a value that is not an array.
    public subscript(index: Int) -> RawJSON? {
        guard let elements = array, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// Reads any JSON value, up to 64 levels deep.
    public init(from decoder: any Decoder) throws {
        try AnswerNesting.check(decoder)
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([RawJSON].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: RawJSON].self))
        }
    }

    /// Writes the value back as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(flag): try container.encode(flag)
        case let .number(number): try container.encode(number)
        case let .string(text): try container.encode(text)
        case let .array(elements): try container.encode(elements)
        case let .object(members): try container.encode(members)
        }
    }

    /// Parses a JSON document; nil when `data` is not JSON.
    public init?(data: Data) {
        guard let value = try? JSONDecoder().decode(RawJSON.self, from: data) else { return nil }
        self = value
    }
}
