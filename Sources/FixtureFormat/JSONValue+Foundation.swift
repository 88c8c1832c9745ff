import Foundation

/// `JSONValue` read and written as Foundation's `JSONSerialization` reads and writes JSON, so code that moved from
/// `Any` trees to `JSONValue` keeps its bytes: the same key order for `sortedKeys`, the same escapes, the same
/// number text, and the same equality.
extension JSONValue {
    /// `data` as a tree (any JSON value at the top), or nil when it is not JSON.
    package static func parse(_ data: Data) -> JSONValue? { try? JSONSpan.parse(data) }

    /// The text, when this is a string.
    package var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    /// An object's members with a repeated key kept once, at its last value (as JSONSerialization reads an object);
    /// nil for any other value.
    package var uniqueMembers: [(key: String, value: JSONValue)]? {
        guard case let .object(members) = resolved else { return nil }
        var seen = Set<String>()
        var unique: [(key: String, value: JSONValue)] = []
        for member in members.reversed() where seen.insert(member.key).inserted { unique.append(member) }
        return unique.reversed()
    }

    /// A captured value parsed; any other value as it is.
    package var resolved: JSONValue {
        if case let .captured(data) = self { return Self.parse(data) ?? .null }
        return self
    }

    /// Whether the two trees are equal as `NSObject.isEqual` finds JSONSerialization's: objects whatever their
    /// member order, numbers by value (`1` equals `1.0`; `true` is not `1`), strings by their scalars.
    package func sameValue(as other: JSONValue) -> Bool {
        switch (resolved, other.resolved) {
        case (.null, .null): return true
        case let (.string(a), .string(b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        case (.object, .object):
            guard let a = uniqueMembers, let b = other.uniqueMembers, a.count == b.count else { return false }
            let right = Dictionary(b.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            return a.allSatisfy { member in right[member.key].map { member.value.sameValue(as: $0) } ?? false }
        case let (.number(a), .number(b)): return Self.sameNumber(a, b)
        case let (.bool(a), .bool(b)): return a == b
        default: return false
        }
    }

    private static func sameNumber(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if let left = Int64(a), let right = Int64(b) { return left == right }
        if let left = Decimal(string: a), let right = Decimal(string: b) { return left == right }
        return Double(a) == Double(b)
    }
}

extension JSONValue {
    /// The bytes `JSONSerialization.data(withJSONObject:options:)` writes for this tree with `.sortedKeys` and
    /// `.fragmentsAllowed`, plus `.prettyPrinted` when `pretty`, and `.withoutEscapingSlashes` unless
    /// `escapingSlashes`. A repeated key is written once, at its last value.
    package func foundationText(pretty: Bool = false, escapingSlashes: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? "" : nil, escapingSlashes: escapingSlashes)
        return out
    }

    private func write(into out: inout String, indent: String?, escapingSlashes: Bool) {
        switch resolved {
        case .null: out += "null"
        case let .bool(value): out += value ? "true" : "false"
        case let .number(text): out += Self.foundationNumber(text)
        case let .string(text): Self.appendFoundationString(text, escapingSlashes: escapingSlashes, to: &out)
        case let .array(elements):
            guard let indent else {
                out += "["
                for (offset, element) in elements.enumerated() {
                    if offset > 0 { out += "," }
                    element.write(into: &out, indent: nil, escapingSlashes: escapingSlashes)
                }
                out += "]"
                return
            }
            // JSONSerialization prints an empty container as an empty line between its brackets.
            out += "[\n"
            let inner = indent + "  "
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out += ",\n" }
                out += inner
                element.write(into: &out, indent: inner, escapingSlashes: escapingSlashes)
            }
            out += "\n" + indent + "]"
        case .object:
            let members = (uniqueMembers ?? []).sorted { Self.foundationKeyOrder($0.key, $1.key) }
            guard let indent else {
                out += "{"
                for (offset, member) in members.enumerated() {
                    if offset > 0 { out += "," }
                    Self.appendFoundationString(member.key, escapingSlashes: escapingSlashes, to: &out)
                    out += ":"
                    member.value.write(into: &out, indent: nil, escapingSlashes: escapingSlashes)
                }
                out += "}"
                return
            }
            out += "{\n"
            let inner = indent + "  "
            for (offset, member) in members.enumerated() {
                if offset > 0 { out += ",\n" }
                out += inner
                Self.appendFoundationString(member.key, escapingSlashes: escapingSlashes, to: &out)
                out += " : "
                member.value.write(into: &out, indent: inner, escapingSlashes: escapingSlashes)
            }
            out += "\n" + indent + "}"
        case .captured: out += "null"
        }
    }

    /// `.sortedKeys`' order: numeric, case- and width-insensitive, ties broken, in the system locale.
    package static func foundationKeyOrder(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive, .widthInsensitive, .forcedOrdering], range: nil,
                  locale: Locale(identifier: "")) == .orderedAscending
    }

    /// The text JSONSerialization writes for the number it reads from `text` (`2.50` is `2.5`, `1e2` is `100`).
    /// A plain integer is its own text; any other goes through Foundation, whose number formatting this must match.
    package static func foundationNumber(_ text: String) -> String {
        let utf8 = text.utf8
        let digits = utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
        if !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
           digits.first != 0x30 || digits.count == 1, text != "-0" {
            return text
        }
        guard let number = try? JSONSerialization.jsonObject(with: Data(utf8), options: [.fragmentsAllowed]),
              let data = try? JSONSerialization.data(withJSONObject: number, options: [.fragmentsAllowed]) else { return text }
        return String(decoding: data, as: UTF8.self)
    }

    /// `text` quoted and escaped as JSONSerialization escapes it: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other
    /// control characters as `\u00xx`, and `/` as `\/` when `escapingSlashes`; everything else as it is.
    package static func appendFoundationString(_ text: String, escapingSlashes: Bool, to out: inout String) {
        out += "\""
        var plainStart = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "/": escape = escapingSlashes ? "\\/" : nil
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escape = nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                out += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        out.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        out += "\""
    }
}

extension JSONValue {
    /// An integer as a number.
    package static func int(_ value: Int) -> JSONValue { .number(String(value)) }
}

extension JSONValue {
    /// Whether this is `null`.
    package var isNull: Bool {
        if case .null = resolved { return true }
        return false
    }

    /// An object's members by key (a repeated key at its last value); nil for any other value.
    package var objectMembers: [String: JSONValue]? {
        uniqueMembers.map { Dictionary($0.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }) }
    }

    /// An array's elements; nil for any other value.
    package var arrayElements: [JSONValue]? {
        if case let .array(elements) = resolved { return elements }
        return nil
    }
}
