import Foundation

/// Where and why JSON text is malformed: a byte offset, with line and column for people.
package struct JSONSyntaxError: Error {
    package let offset: Int
    package let line: Int
    package let column: Int
    package let reason: String
    /// True when the bytes are not UTF-8, rather than UTF-8 that is not JSON.
    package let invalidUTF8: Bool
    /// True when the JSON is well-formed so far but past a limit (nesting), rather than malformed.
    package var limit = false
}

/// Reads a fixture file in one scan: the envelope becomes `JSONValue`s, and the value at `capturePath`
/// (the response body, most of the file) is validated and compacted into bytes without building a tree.
///
/// JSONDecoder on the envelope was the larger half of a 10,000-fixture run's time; the body is decoded
/// later by the typed client anyway, so building it twice bought nothing.
package struct JSONSpan {
    /// Containers deeper than this are refused, as Foundation's parser refuses them.
    package static let maxDepth = 512
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private let capturePath: [String]
    /// Compact output of the captured value.
    private var compact: [UInt8] = []
    private var capturing = false
    private var segmentStart = 0

    /// Parses `data`; the value at `capturePath` comes back as `.captured(compactBytes)`.
    package static func parse(_ data: Data, capture capturePath: [String] = []) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var reader = JSONSpan(bytes: raw.bindMemory(to: UInt8.self), capturePath: capturePath)
            do throws(JSONSyntaxError) {
                let value = try reader.document()
                reader.skipSpace()
                if reader.position < reader.bytes.count { throw reader.error("unexpected text after the JSON value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, capturePath: [String]) {
        self.bytes = bytes
        self.capturePath = capturePath
    }

    // MARK: Errors

    private func error(_ reason: String, at offset: Int? = nil, invalidUTF8: Bool = false, limit: Bool = false) -> JSONSyntaxError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes: continuation bytes do not start one.
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return JSONSyntaxError(offset: offset, line: line, column: column, reason: reason, invalidUTF8: invalidUTF8,
                               limit: limit)
    }

    private func unexpected(_ expected: String) -> JSONSyntaxError {
        guard position < bytes.count else { return error("unexpected end of file, expected \(expected)") }
        let byte = bytes[position]
        if byte >= 0x80, utf8SequenceLength(at: position) == nil {
            return error("not valid UTF-8 (first bad byte at offset \(position))", invalidUTF8: true)
        }
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
        return error("unexpected \(shown), expected \(expected)")
    }

    // MARK: Whitespace and capture

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Skips whitespace; while capturing, the bytes before it go to the compact output.
    private mutating func skipSpace() {
        let start = position
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        if capturing, position > start {
            compact.append(contentsOf: bytes[segmentStart..<start])
            segmentStart = position
        }
    }

    // MARK: Values

    /// Reads the document's one value with an explicit stack, so nesting costs heap, not call frames:
    /// a `request` of 100,000 `[` is a load error, not a SIGSEGV. Containers deeper than `maxDepth` are refused.
    private mutating func document() throws(JSONSyntaxError) -> JSONValue {
        // One entry per open container: the object's members so far or the array's elements so far.
        var objects: [[(key: String, value: JSONValue)]] = []
        var arrays: [[JSONValue]] = []
        // Per open container: true for an object. `path` holds its member key, or NUL for an array element.
        var isObject: [Bool] = []
        var path: [String] = []
        while true {
            // Read the start of a value: a scalar completes at once, a container opens a level.
            skipSpace()
            var result: JSONValue
            if !capturing, !capturePath.isEmpty, path == capturePath {
                capturing = true
                compact = []
                segmentStart = position
                try skipValue(depth: isObject.count)
                compact.append(contentsOf: bytes[segmentStart..<position])
                capturing = false
                result = .captured(Data(compact))
            } else {
                guard position < bytes.count else { throw unexpected("a value") }
                switch bytes[position] {
                case UInt8(ascii: "{"):
                    try enter(depth: isObject.count)
                    skipSpace()
                    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        result = .object([])
                    } else {
                        path.append(try memberName())
                        objects.append([])
                        isObject.append(true)
                        continue
                    }
                case UInt8(ascii: "["):
                    try enter(depth: isObject.count)
                    skipSpace()
                    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                        position += 1
                        result = .array([])
                    } else {
                        // Array elements are never on the capture path: it names object members only.
                        path.append("\u{0}")
                        arrays.append([])
                        isObject.append(false)
                        continue
                    }
                case UInt8(ascii: "\""):
                    result = .string(try string())
                default:
                    let start = position
                    try skipScalar()
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    switch text {
                    case "true": result = .bool(true)
                    case "false": result = .bool(false)
                    case "null": result = .null
                    default: result = .number(text)
                    }
                }
            }
            // Hand the finished value to its container; a closed container is itself a finished value.
            while let inObject = isObject.last {
                skipSpace()
                guard position < bytes.count else { throw unexpected(inObject ? "',' or '}'" : "',' or ']'") }
                let byte = bytes[position]
                if inObject {
                    objects[objects.count - 1].append((path[path.count - 1], result))
                    if byte == UInt8(ascii: ",") {
                        position += 1
                        skipSpace()
                        path[path.count - 1] = try memberName()
                        break
                    }
                    guard byte == UInt8(ascii: "}") else { throw unexpected("',' or '}'") }
                    position += 1
                    result = .object(objects.removeLast())
                } else {
                    arrays[arrays.count - 1].append(result)
                    if byte == UInt8(ascii: ",") { position += 1; break }
                    guard byte == UInt8(ascii: "]") else { throw unexpected("',' or ']'") }
                    position += 1
                    result = .array(arrays.removeLast())
                }
                isObject.removeLast()
                path.removeLast()
            }
            if isObject.isEmpty { return result }
        }
    }

    /// Moves past an opening bracket at `depth` containers deep, refusing one level too many.
    private mutating func enter(depth: Int) throws(JSONSyntaxError) {
        guard depth < Self.maxDepth else {
            throw error("nesting deeper than \(Self.maxDepth)", limit: true)
        }
        position += 1
    }

    /// A member name and its `:`, with the space around them.
    private mutating func memberName() throws(JSONSyntaxError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unexpected("a member name in quotes") }
        let key = try string()
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw unexpected("':' after a member name") }
        position += 1
        return key
    }

    /// Validates a value without building it; `depth` containers are already open around it. Iterative, like
    /// `document()`: one bit of state per open container.
    private mutating func skipValue(depth outer: Int) throws(JSONSyntaxError) {
        var isObject: [Bool] = []
        while true {
            skipSpace()
            guard position < bytes.count else { throw unexpected("a value") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                try enter(depth: outer + isObject.count)
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                } else {
                    try skipMemberName()
                    isObject.append(true)
                    continue
                }
            case UInt8(ascii: "["):
                try enter(depth: outer + isObject.count)
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                } else {
                    isObject.append(false)
                    continue
                }
            case UInt8(ascii: "\""):
                try skipString()
            default:
                try skipScalar()
            }
            while let inObject = isObject.last {
                skipSpace()
                guard position < bytes.count else { throw unexpected(inObject ? "',' or '}'" : "',' or ']'") }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if inObject {
                        skipSpace()
                        try skipMemberName()
                    }
                    break
                }
                guard byte == UInt8(ascii: inObject ? "}" : "]") else { throw unexpected(inObject ? "',' or '}'" : "',' or ']'") }
                position += 1
                isObject.removeLast()
            }
            if isObject.isEmpty { return }
        }
    }

    private mutating func skipMemberName() throws(JSONSyntaxError) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unexpected("a member name in quotes") }
        try skipString()
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw unexpected("':' after a member name") }
        position += 1
    }

    /// `true`, `false`, `null` or a number, checked against the JSON grammar.
    private mutating func skipScalar() throws(JSONSyntaxError) {
        if matches("true") || matches("null") { position += 4; return }
        if matches("false") { position += 5; return }
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard digits() > 0 else {
            position = start
            throw unexpected("a value")
        }
        if bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0"),
           position - start > (bytes[start] == UInt8(ascii: "-") ? 2 : 1) {
            throw error("a number cannot start with 0", at: start)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw unexpected("a digit after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw unexpected("a digit in the exponent") }
        }
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for index in 0..<count where bytes[position + index] != start[index] { return false }
        return true
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
        return position - start
    }

    // MARK: Strings

    /// Skips a string, checking escapes, control characters and UTF-8.
    private mutating func skipString() throws(JSONSyntaxError) {
        _ = try scanString()
    }

    /// Reads a string's text, escapes decoded.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let (contents, plain) = try scanString()
        let raw = UnsafeBufferPointer(rebasing: bytes[contents])
        if plain { return String(decoding: raw, as: UTF8.self) }
        return Self.unescape(raw)
    }

    /// Moves past a string, checking escapes, control characters and UTF-8; returns the bytes between the quotes
    /// and whether they hold no escape.
    private mutating func scanString() throws(JSONSyntaxError) -> (contents: Range<Int>, plain: Bool) {
        let start = position + 1
        var plain = true
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return (start..<(position - 1), plain)
            }
            if byte == UInt8(ascii: "\\") {
                plain = false
                try skipEscape()
            } else if byte < 0x20 {
                throw error(String(format: "control character 0x%02X in a string (escape it)", byte))
            } else if byte >= 0x80 {
                guard let length = utf8SequenceLength(at: position) else {
                    throw error("not valid UTF-8 (first bad byte at offset \(position))", invalidUTF8: true)
                }
                position += length
            } else {
                position += 1
            }
        }
        throw error("unexpected end of file inside a string")
    }

    private mutating func skipEscape() throws(JSONSyntaxError) {
        position += 1
        guard position < bytes.count else { throw error("unexpected end of file inside a string") }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            guard position + 4 < bytes.count,
                  (1...4).allSatisfy({ Self.hexValue(bytes[position + $0]) != nil }) else {
                throw error("'\\u' needs four hex digits")
            }
            position += 5
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(bytes[position])))'")
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }

    /// Decodes the escapes of an already validated string; a lone surrogate becomes U+FFFD.
    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        func hex4(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 << 4 | (hexValue(raw[at + $1]) ?? 0) } }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else { out.append(byte); index += 1; continue }
            let kind = raw[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 5 < raw.count, raw[index] == UInt8(ascii: "\\"),
                   raw[index + 1] == UInt8(ascii: "u") {
                    let low = hex4(index + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default: out.append(kind)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The length of a valid UTF-8 sequence starting at `index`, or nil.
    private func utf8SequenceLength(at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        let minimum: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80
        case 0xE0...0xEF: length = 3; minimum = 0x800
        case 0xF0...0xF4: length = 4; minimum = 0x10000
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return length
    }
}
