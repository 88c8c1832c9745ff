import Foundation

extension JSONValue {
    /// Compact JSON text: numbers as they were read, strings escaped as RFC 8259 requires, members in order.
    ///
    /// `JSONSerialization.data` bridged every dictionary of an OpenAPI document to `NSDictionary` first.
    package var jsonData: Data {
        var out: [UInt8] = []
        // Containers as an explicit stack, like the parser: a deep value costs heap, not call frames.
        var pending: [Piece] = [.value(self)]
        while let piece = pending.popLast() {
            switch piece {
            case let .byte(byte): out.append(byte)
            case let .value(value):
                switch value {
                case .null: out.append(contentsOf: "null".utf8)
                case let .bool(bool): out.append(contentsOf: (bool ? "true" : "false").utf8)
                case let .number(text): out.append(contentsOf: text.utf8)
                case let .string(string): Self.appendString(string, to: &out)
                case let .captured(data): out.append(contentsOf: data)
                case let .array(elements):
                    pending.append(.byte(UInt8(ascii: "]")))
                    for (offset, element) in elements.enumerated().reversed() {
                        pending.append(.value(element))
                        if offset > 0 { pending.append(.byte(UInt8(ascii: ","))) }
                    }
                    out.append(UInt8(ascii: "["))
                case let .object(members):
                    pending.append(.byte(UInt8(ascii: "}")))
                    for (offset, member) in members.enumerated().reversed() {
                        pending.append(.value(member.value))
                        pending.append(.key(member.key))
                        if offset > 0 { pending.append(.byte(UInt8(ascii: ","))) }
                    }
                    out.append(UInt8(ascii: "{"))
                }
            case let .key(key):
                Self.appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
            }
        }
        return Data(out)
    }

    private enum Piece {
        case value(JSONValue)
        case key(String)
        case byte(UInt8)
    }

    private static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case ..<0x20: out.append(contentsOf: Array(String(format: "\\u%04X", byte).utf8))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// This object with `key`'s members replaced by one (or removed, for nil); any other value unchanged.
    package func replacingMember(_ key: String, with value: JSONValue?) -> JSONValue {
        guard case var .object(members) = self else { return self }
        members.removeAll { $0.key == key }
        if let value { members.append((key, value)) }
        return .object(members)
    }

    package func removingMember(_ key: String) -> JSONValue { replacingMember(key, with: nil) }
}
