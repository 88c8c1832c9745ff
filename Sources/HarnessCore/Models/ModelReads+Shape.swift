import Foundation
import FoursquarePlaces

extension ModelReads {
    /// Every JSON path `type` reads, required or optional, without a sample body: a decoder that answers each
    /// key with a made-up value of the asked type, so optional objects and array elements are read too.
    /// `spec-diff` grades a document's changes with it. Types are `jsonTypeName`'s, with `integer` for the integer
    /// types; paths read as arrays (their elements are read) have type `array`, whatever wrapper type decoded them.
    package static func shape<T: Decodable>(of type: T.Type) -> [String: FieldRead] {
        let log = ReadLog()
        _ = try? T(from: MadeUpDecoder(path: "$", codingPath: [], log: log, ancestry: [ObjectIdentifier(T.self)]))
        var reads = log.reads
        // A path some read goes into as `path[*]` was read as an array.
        var arrays = Set<String>()
        for path in reads.keys {
            var rest = Substring(path)
            while let range = rest.range(of: "[*]", options: .backwards) {
                rest = rest[..<range.lowerBound]
                arrays.insert(String(rest))
            }
        }
        for path in arrays where reads[path] != nil {
            reads[path]?.type = "array"
        }
        return reads
    }

    /// The shape of the registry's response model for `endpoint` in `contract`; empty when it has none.
    package static func shape(endpoint: EndpointID, contract: ContractID) -> [String: FieldRead] {
        guard let model = model(endpoint: endpoint, contract: contract) else { return [:] }
        return shape(of: model)
    }
}

/// How deep a made-up body goes: models that nest themselves (a place's related places) stop here.
private let madeUpDepth = 24

/// A decoder over no body: every key is present, every array has one element, every value is a made-up one of
/// the asked type. It logs each read as `TracingDecoder` does.
struct MadeUpDecoder: Decoder {
    let path: String
    let codingPath: [any CodingKey]
    let log: ReadLog
    /// The models being made up around this point, outermost first: `madeUp` makes one up at most twice on a path.
    let ancestry: [ObjectIdentifier]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard codingPath.count < madeUpDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "made-up body too deep"))
        }
        return KeyedDecodingContainer(MadeUpKeyed<Key>(path: path, codingPath: codingPath, log: log, ancestry: ancestry))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard codingPath.count < madeUpDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "made-up body too deep"))
        }
        return MadeUpUnkeyed(path: path, codingPath: codingPath, log: log, ancestry: ancestry)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        MadeUpSingle(path: path, codingPath: codingPath, log: log, ancestry: ancestry)
    }
}

/// The JSON type a read accepts, as `jsonTypeName` says, but `integer` for the integer types: a shape is compared
/// with documents, where `integer` and `number` differ (a decimal does not decode into an `Int`).
func shapeTypeName(_ type: Any.Type) -> String {
    switch type {
    case is Box<Int>.Type, is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: return "integer"
    default: return jsonTypeName(type)
    }
}

/// A made-up primitive of `type`, or nil when `type` is not one.
private func madeUpPrimitive<T>(_ type: T.Type) -> T? {
    switch type {
    case is String.Type: return "x" as? T
    case is Bool.Type: return true as? T
    case is Int.Type: return 1 as? T
    case is Int64.Type: return Int64(1) as? T
    case is Int32.Type: return Int32(1) as? T
    case is UInt.Type: return UInt(1) as? T
    case is Double.Type: return 1.0 as? T
    case is Float.Type: return Float(1) as? T
    default: return nil
    }
}

/// A made-up value of `type`. A model that holds itself (a place's parent place, a tip's photo's tip) is made up twice
/// along a path, not to the depth limit: each level holds several such members, so the walk would grow as their
/// power, while a second level already shows every path the model reads.
private func madeUp<T: Decodable>(_ type: T.Type, path: String, codingPath: [any CodingKey], log: ReadLog,
                                  ancestry: [ObjectIdentifier]) throws -> T {
    if let value = madeUpPrimitive(type) { return value }
    let model = ObjectIdentifier((type as? any IndirectModel.Type)?.heldModelType ?? type)
    guard ancestry.lazy.filter({ $0 == model }).count < 2 else {
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "made-up body: \(type) holds itself"))
    }
    return try T(from: MadeUpDecoder(path: path, codingPath: codingPath, log: log, ancestry: ancestry + [model]))
}

struct MadeUpKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let path: String
    let codingPath: [any CodingKey]
    let log: ReadLog
    let ancestry: [ObjectIdentifier]

    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let child = ObjectNode.childPath(path, key.stringValue)
        log.note(child, required: true, type: shapeTypeName(type))
        return try madeUp(type, path: child, codingPath: codingPath + [key], log: log, ancestry: ancestry)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let child = ObjectNode.childPath(path, key.stringValue)
        log.note(child, required: false, type: shapeTypeName(type))
        // A value the made-up body cannot satisfy (a closed enum) is absent: the read is logged all the same.
        return try? madeUp(type, path: child, codingPath: codingPath + [key], log: log, ancestry: ancestry)
    }

    // As in `TracingKeyed`: the primitive overloads are routed through `Box` so each read logs its JSON type.
    package func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(Box<String>.self, forKey: key).value }
    package func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(Box<Int>.self, forKey: key).value }
    package func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(Box<Double>.self, forKey: key).value }
    package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(Box<Bool>.self, forKey: key).value }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(Box<String>.self, forKey: key)?.value }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(Box<Int>.self, forKey: key)?.value }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(Box<Double>.self, forKey: key)?.value }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(Box<Bool>.self, forKey: key)?.value }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let child = ObjectNode.childPath(path, key.stringValue)
        log.note(child, required: true, type: "object")
        return try MadeUpDecoder(path: child, codingPath: codingPath + [key], log: log, ancestry: ancestry).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let child = ObjectNode.childPath(path, key.stringValue)
        log.note(child, required: true, type: "array")
        return try MadeUpDecoder(path: child, codingPath: codingPath + [key], log: log, ancestry: ancestry).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { MadeUpDecoder(path: path, codingPath: codingPath, log: log, ancestry: ancestry) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        MadeUpDecoder(path: ObjectNode.childPath(path, key.stringValue), codingPath: codingPath + [key], log: log, ancestry: ancestry)
    }
}

struct MadeUpUnkeyed: UnkeyedDecodingContainer {
    let path: String
    let codingPath: [any CodingKey]
    let log: ReadLog
    let ancestry: [ObjectIdentifier]
    var currentIndex = 0

    init(path: String, codingPath: [any CodingKey], log: ReadLog, ancestry: [ObjectIdentifier]) {
        self.path = path
        self.codingPath = codingPath
        self.log = log
        self.ancestry = ancestry
    }

    /// One element: enough to learn what each element reads.
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex >= 1 }
    var elementPath: String { "\(path)[*]" }

    mutating func decodeNil() throws -> Bool { false }

    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let nested = codingPath + [TracingUnkeyed.Index(currentIndex)]
        currentIndex += 1
        if let value = madeUpPrimitive(type) {
            log.note(elementPath, required: true, type: shapeTypeName(type))
            return value
        }
        return try madeUp(type, path: elementPath, codingPath: nested, log: log, ancestry: ancestry)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return try MadeUpDecoder(path: elementPath, codingPath: codingPath, log: log, ancestry: ancestry).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return try MadeUpDecoder(path: elementPath, codingPath: codingPath, log: log, ancestry: ancestry).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { MadeUpDecoder(path: path, codingPath: codingPath, log: log, ancestry: ancestry) }
}

struct MadeUpSingle: SingleValueDecodingContainer {
    let path: String
    let codingPath: [any CodingKey]
    let log: ReadLog
    let ancestry: [ObjectIdentifier]

    func decodeNil() -> Bool { false }

    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try madeUp(type, path: path, codingPath: codingPath, log: log, ancestry: ancestry)
    }
}
