import Foundation

/// Finds a member's value in JSON text and returns it compacted, without building an object tree.
/// Loading re-serialized every body through JSONSerialization, which cost more than the replay itself.
enum JSONSpan {
    /// The compact bytes of the value at `path` (object keys from the root), or nil if absent or unparsable.
    static func compactValue(at path: [String], in data: Data) -> Data? {
        data.withUnsafeBytes { raw -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var scanner = Scanner(bytes: bytes)
            guard let range = scanner.find(path[...]) else { return nil }
            return compact(bytes, range)
        }
    }

    static func compact(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Data {
        var out = Data(capacity: range.count)
        var inString = false
        var escaped = false
        for index in range {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                out.append(byte)
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                out.append(byte)
            } else if !isSpace(byte) {
                out.append(byte)
            }
        }
        return out
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func skipSpace() { while position < bytes.count, JSONSpan.isSpace(bytes[position]) { position += 1 } }

        /// The byte range of the value at `path` inside the value at the current position.
        mutating func find(_ path: ArraySlice<String>) -> Range<Int>? {
            skipSpace()
            guard let key = path.first else {
                let start = position
                guard skipValue() else { return nil }
                return start..<position
            }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return nil }
            position += 1
            var found: Range<Int>?
            while true {
                skipSpace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "}") { position += 1; return found }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                guard let name = readString() else { return nil }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                if name.elementsEqual(key.utf8) {
                    // Like JSONSerialization, a repeated key keeps its last value.
                    guard let range = find(path.dropFirst()) else { return nil }
                    found = range
                    if path.count > 1 { continue }
                } else {
                    skipSpace()
                    guard skipValue() else { return nil }
                }
            }
        }

        /// The raw bytes of a string's content, escapes left as they are.
        mutating func readString() -> UnsafeBufferPointer<UInt8>.SubSequence? {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            let start = position + 1
            guard skipValue() else { return nil }
            return bytes[start..<(position - 1)]
        }

        mutating func skipValue() -> Bool {
            guard position < bytes.count else { return false }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                while position < bytes.count {
                    let byte = bytes[position]
                    position += 1
                    if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { return true }
                }
                return false
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                var inString = false
                while position < bytes.count {
                    let byte = bytes[position]
                    position += 1
                    if inString {
                        if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = true
                    } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { return true }
                    }
                }
                return false
            default:
                let start = position
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || JSONSpan.isSpace(byte) { break }
                    position += 1
                }
                return position > start
            }
        }
    }
}
