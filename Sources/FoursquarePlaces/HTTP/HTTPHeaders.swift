import Foundation

/// Header fields with case-insensitive names, kept in the order they were set.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as set.
        public var name: String
        /// The field value.
        public var value: String
        /// A field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in the order they were set.
    public private(set) var fields: [Field] = []

    /// No headers.
    public init() {}

    /// Headers from name-value pairs; a repeated name keeps its last value.
    public init(_ fields: [(String, String)]) {
        for (name, value) in fields { self[name] = value }
    }

    /// `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The value for `name`, compared case-insensitively; setting `nil` removes it.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            fields.removeAll { Self.sameName($0.name, name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Lower-cased names mapped to values, as fixtures store them.
    package var lowercasedDictionary: [String: String] {
        var result: [String: String] = [:]
        for field in fields { result[field.name.lowercased()] = field.value }
        return result
    }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    static func sameName(_ a: String, _ b: String) -> Bool {
        ASCIIText.equalsIgnoringCase(a, b) ?? (a.caseInsensitiveCompare(b) == .orderedSame)
    }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}
