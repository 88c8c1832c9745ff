import Foundation

/// Finds a secret in text the way libraries print it: raw, escaped as a Swift literal (`String(reflecting:)`, an
/// array or dictionary dump, an enum payload: `\n`, `\t`, `\"`, `\\`, `\u{1B}`), escaped as JSON (`\n`, `\/`,
/// `\u000a`), escaped twice (a dump of a dump), and split across lines (a wrapped log line or base64 block).
///
/// `APIKey.redact` and the harness's `KeyScrubber` (which adds percent-encoded and base64 forms) share it, so
/// the knowledge of how a key may be printed lives here once.
package struct SecretMatcher: Sendable {
    /// The forms searched for, longest first, as UTF-8.
    package let forms: [[UInt8]]
    /// Form indices by first byte (256 entries), so one pass over the text visits each byte once.
    private let byFirstByte: [[Int]]
    /// 1 where a form starts with that byte: the scan's test for the other bytes, without touching an array of arrays.
    private let startsForm: [UInt8]

    package init(forms: some Sequence<String>) {
        let unique = Set(forms.filter { !$0.isEmpty })
        self.forms = unique.sorted { ($0.utf8.count, $0) > ($1.utf8.count, $1) }.map { Array($0.utf8) }
        var table = [[Int]](repeating: [], count: 256)
        for (index, form) in self.forms.enumerated() { table[Int(form[0])].append(index) }
        byFirstByte = table
        startsForm = table.map { $0.isEmpty ? 0 : 1 }
    }

    /// The ways `secret` appears when a library prints it: raw, Swift-escaped, JSON-escaped, and each escaped twice.
    package static func printedForms(of secret: String) -> Set<String> {
        guard !secret.isEmpty else { return [] }
        let once = [secret] + escapes(secret)
        return Set(once + once.dropFirst().flatMap(escapes))
    }

    /// True when a key this plain prints the same under every escaping: only `raw` needs finding.
    package static func printsAsItself(_ secret: String) -> Bool {
        secret.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
            && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "/") }
    }

    static func escapes(_ text: String) -> [String] {
        let swift = String(text.debugDescription.dropFirst().dropLast())
        var results = [swift, swift.replacingOccurrences(of: "\\'", with: "'")]
        if let data = try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]),
           let json = String(data: data, encoding: .utf8) {
            // Encoders differ on whether `/` is escaped: keep both spellings.
            let plain = String(json.dropFirst(2).dropLast(2)).replacingOccurrences(of: "\\/", with: "/")
            results += [plain, plain.replacingOccurrences(of: "/", with: "\\/")]
        }
        // Encoders that spell every control character as \u00XX (JSONEncoder spells \n as \n, others do not).
        var unicode = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": unicode += "\\\""
            case "\\": unicode += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: unicode += String(format: "\\u%04x", scalar.value)
            default: unicode.unicodeScalars.append(scalar)
            }
        }
        results += [unicode, uppercasingHex(unicode)]
        return results
    }

    static func uppercasingHex(_ text: String) -> String {
        var result = ""
        var pending = 0
        var previous: Character = " "
        for character in text {
            if pending > 0 {
                pending -= 1
                result += character.uppercased()
            } else {
                if previous == "\\", character == "u" { pending = 4 }
                result.append(character)
            }
            previous = character
        }
        return result
    }

    /// The ranges (in UTF-8 offsets) where a form starts and ends, leftmost and longest first, never overlapping.
    package func ranges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !forms.isEmpty else { return [] }
        var found: [Range<Int>] = []
        var index = 0
        startsForm.withUnsafeBufferPointer { starts in
            while index < bytes.count {
                if starts[Int(bytes[index])] != 0,
                   let end = byFirstByte[Int(bytes[index])].lazy.compactMap({ self.end(of: self.forms[$0], at: index, in: bytes) }).first {
                    found.append(index..<end)
                    index = end
                } else {
                    index += 1
                }
            }
        }
        return found
    }

    /// Where `form` ends when it starts at `start`, allowing a line break (raw, or escaped as `\n`) plus
    /// indentation between any two of its bytes.
    private func end(of form: [UInt8], at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var position = start
        for (offset, byte) in form.enumerated() {
            if position < bytes.count, bytes[position] == byte {
                position += 1
                continue
            }
            guard offset > 0, let resumed = Self.skipBreak(at: position, in: bytes),
                  resumed < bytes.count, bytes[resumed] == byte else { return nil }
            position = resumed + 1
        }
        return position
    }

    private static let breaks: [[UInt8]] = ["\r\n", "\n", "\r", "\\r\\n", "\\n"].map { Array($0.utf8) }

    /// The offset after a line break and the spaces or tabs that follow it, or nil when none starts at `position`.
    private static func skipBreak(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let length = breaks.first(where: { pattern in
            position + pattern.count <= bytes.count && pattern.indices.allSatisfy { bytes[position + $0] == pattern[$0] }
        })?.count else { return nil }
        var next = position + length
        while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") { next += 1 }
        return next
    }

    /// `bytes` with every form replaced by `marker`; nil when there was none.
    package func replacing(in bytes: UnsafeBufferPointer<UInt8>, with marker: String) -> [UInt8]? {
        let found = ranges(in: bytes)
        guard !found.isEmpty else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for range in found {
            result += bytes[copied..<range.lowerBound]
            result += marker.utf8
            copied = range.upperBound
        }
        result += bytes[copied..<bytes.count]
        return result
    }

    /// `text` with every form replaced by `marker`.
    package func replacing(in text: String, with marker: String) -> String {
        var copy = text
        return copy.withUTF8 { replacing(in: $0, with: marker) }.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// `data` with every form replaced by `marker`.
    package func replacing(in data: Data, with marker: String) -> Data {
        data.withUnsafeBytes { raw in replacing(in: raw.bindMemory(to: UInt8.self), with: marker) }.map { Data($0) } ?? data
    }

    package func contains(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { !ranges(in: $0).isEmpty }
    }

    package func contains(_ data: Data) -> Bool {
        data.withUnsafeBytes { !ranges(in: $0.bindMemory(to: UInt8.self)).isEmpty }
    }
}
