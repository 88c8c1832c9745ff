import Foundation
import FoursquarePlaces

/// How a model reads one JSON path: required or optional, and as what type.
package struct FieldRead: Sendable, Hashable {
    package var required: Bool
    /// `string`, `number`, `boolean`, `object`, `array`.
    package var type: String

    package init(required: Bool, type: String) {
        self.required = required
        self.type = type
    }
}

/// Learns which JSON paths a `Decodable` model reads, by decoding a sample body with a tracing decoder.
/// Paths use `[*]` for array elements: `$.results[*].location.address`.
package enum ModelReads {
    /// The reads of `type` when decoding `body`; fields absent from `body` but asked for optionally are included.
    package static func trace<T: Decodable>(_ type: T.Type, body: Data) -> [String: FieldRead] {
        guard let root = JSONValue.parse(body) else { return [:] }
        let log = ReadLog()
        _ = try? T(from: TracingDecoder(value: root, path: "$", codingPath: [], log: log))
        return log.reads
    }

    /// The reads of the model behind `endpoint` in `contract`.
    package static func trace(endpoint: EndpointID, contract: ContractID = .seed, body: Data) -> [String: FieldRead] {
        guard let model = model(endpoint: endpoint, contract: contract) else { return [:] }
        return trace(model, body: body)
    }

    /// Whether `body` decodes into the endpoint's model, and if not, where.
    package static func decodeFailure(endpoint: EndpointID, contract: ContractID = .seed, body: Data) -> DecodingFailure? {
        guard let model = model(endpoint: endpoint, contract: contract) else {
            return DecodingFailure(path: "$", expected: "a known contract", found: "'\(contract)'",
                                   detail: "\(endpoint) has no model in contract '\(contract)'")
        }
        return decodeFailure(model, body: body)
    }

    /// The registry's response model for the pair.
    static func model(endpoint: EndpointID, contract: ContractID) -> (any (Decodable & Sendable).Type)? {
        Contract.named(contract)?.endpoint(endpoint)?.responseModel
    }

    static func decodeFailure<T: Decodable>(_ type: T.Type, body: Data) -> DecodingFailure? {
        do {
            _ = try JSONDecoder().decode(T.self, from: body)
            return nil
        } catch let error as DecodingError {
            return DecodingFailure(error, body: body)
        } catch {
            return DecodingFailure(path: "$", expected: "JSON", found: "\(error)", detail: "\(error)")
        }
    }
}

final class ReadLog {
    var reads: [String: FieldRead] = [:]

    package func note(_ path: String, required: Bool, type: String) {
        if var existing = reads[path] {
            // Read as required anywhere means required.
            existing.required = existing.required || required
            if existing.type == "value" { existing.type = type }
            reads[path] = existing
        } else {
            reads[path] = FieldRead(required: required, type: type)
        }
    }
}

struct TracingDecoder: Decoder {
    let value: JSONValue
    let path: String
    let codingPath: [any CodingKey]
    let log: ReadLog
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let object = value.objectMembers else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath, debugDescription: "not an object"))
        }
        return KeyedDecodingContainer(TracingKeyed<Key>(object: object, path: path, codingPath: codingPath, log: log))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let array = value.arrayElements else {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "not an array"))
        }
        return TracingUnkeyed(array: array, path: path, codingPath: codingPath, log: log)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TracingSingle(value: value, codingPath: codingPath)
    }
}

/// The JSON type name a Swift type decodes from.
func jsonTypeName(_ type: Any.Type) -> String {
    switch type {
    case is Box<String>.Type: return "string"
    case is Box<Bool>.Type: return "boolean"
    case is Box<Int>.Type, is Box<Double>.Type: return "number"
    case is String.Type: return "string"
    case is Bool.Type: return "boolean"
    case is Int.Type, is Int64.Type, is Int32.Type, is Double.Type, is Float.Type, is UInt.Type: return "number"
    case is RawJSON.Type: return "any"
    default:
        let name = String(describing: type)
        if name.hasPrefix("Array<") { return "array" }
        if name.hasPrefix("Optional<") { return "value" }
        return "object"
    }
}

/// A primitive as Foundation's number bridging read it: a boolean or a number reads as any of `Bool`, `Int` and
/// `Double` (`true` is 1, a nonzero number is `true`, `Int` truncates).
func decodePrimitive<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
    func mismatch() -> DecodingError {
        .typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: "type mismatch"))
    }
    let number: Double?
    switch value.resolved {
    case .null: throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "null"))
    case let .string(string):
        guard type is String.Type else { throw mismatch() }
        return string as! T
    case let .bool(bool): number = bool ? 1 : 0
    case let .number(text): number = Double(text)
    default: number = nil
    }
    guard let number else { throw mismatch() }
    switch type {
    case is Bool.Type: return (number != 0) as! T
    case is Int.Type:
        guard number.isFinite, number.magnitude < 9.2e18 else { throw mismatch() }
        return Int(number) as! T
    case is Double.Type: return number as! T
    default: throw mismatch()
    }
}

struct TracingKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: [String: JSONValue]
    let path: String
    let codingPath: [any CodingKey]
    let log: ReadLog

    var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    func childPath(_ key: Key) -> String { ObjectNode.childPath(path, key.stringValue) }

    func decodeNil(forKey key: Key) throws -> Bool {
        let value = object[key.stringValue]
        return value?.isNull ?? true
    }

    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        log.note(childPath(key), required: true, type: jsonTypeName(type))
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return try decodeValue(type, value, key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        log.note(childPath(key), required: false, type: jsonTypeName(type))
        guard let value = object[key.stringValue], !value.isNull else { return nil }
        return try decodeValue(type, value, key)
    }

    // The primitive overloads have default implementations that would hide optional reads
    // behind a required `decode`, so each one is routed explicitly.
    package func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(Box<String>.self, forKey: key).value }
    package func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(Box<Int>.self, forKey: key).value }
    package func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(Box<Double>.self, forKey: key).value }
    package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(Box<Bool>.self, forKey: key).value }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(Box<String>.self, forKey: key)?.value }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(Box<Int>.self, forKey: key)?.value }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(Box<Double>.self, forKey: key)?.value }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(Box<Bool>.self, forKey: key)?.value }

    private func decodeValue<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ key: Key) throws -> T {
        let nested = codingPath + [key]
        switch type {
        case is String.Type, is Bool.Type, is Int.Type, is Double.Type:
            return try decodePrimitive(type, from: value, codingPath: nested)
        default:
            return try T(from: TracingDecoder(value: value, path: childPath(key), codingPath: nested, log: log))
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TracingDecoder(value: object[key.stringValue] ?? .null, path: childPath(key), codingPath: codingPath + [key], log: log)
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TracingDecoder(value: object[key.stringValue] ?? .null, path: childPath(key), codingPath: codingPath + [key], log: log)
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { TracingDecoder(value: .object(object.map { ($0.key, $0.value) }), path: path, codingPath: codingPath, log: log) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TracingDecoder(value: object[key.stringValue] ?? .null, path: childPath(key), codingPath: codingPath + [key], log: log)
    }
}

/// Carries a primitive through the generic path so it is logged with its JSON type name.
struct Box<Value: Decodable>: Decodable {
    let value: Value
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Value.self) }
}

struct TracingUnkeyed: UnkeyedDecodingContainer {
    let array: [JSONValue]
    let path: String
    let codingPath: [any CodingKey]
    let log: ReadLog
    var currentIndex = 0

    init(array: [JSONValue], path: String, codingPath: [any CodingKey], log: ReadLog) {
        self.array = array
        self.path = path
        self.codingPath = codingPath
        self.log = log
    }

    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }
    var elementPath: String { "\(path)[*]" }

    struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return true }
        if array[currentIndex].isNull {
            currentIndex += 1
            return true
        }
        return false
    }

    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "end of array"))
        }
        let value = array[currentIndex]
        let nested = codingPath + [Index(currentIndex)]
        currentIndex += 1
        switch type {
        case is String.Type, is Bool.Type, is Int.Type, is Double.Type:
            log.note(elementPath, required: true, type: jsonTypeName(type))
            return try decodePrimitive(type, from: value, codingPath: nested)
        default:
            return try T(from: TracingDecoder(value: value, path: elementPath, codingPath: nested, log: log))
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let value: JSONValue = isAtEnd ? .null : array[currentIndex]
        currentIndex += 1
        return try TracingDecoder(value: value, path: elementPath, codingPath: codingPath, log: log).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value: JSONValue = isAtEnd ? .null : array[currentIndex]
        currentIndex += 1
        return try TracingDecoder(value: value, path: elementPath, codingPath: codingPath, log: log).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        TracingDecoder(value: .array(array), path: path, codingPath: codingPath, log: log)
    }
}

struct TracingSingle: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }

    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodePrimitive(type, from: value, codingPath: codingPath)
    }
}
