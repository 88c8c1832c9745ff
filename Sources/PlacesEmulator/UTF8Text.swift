/// Small string helpers on UTF-8 bytes. Foundation's `contains`, `trimmingCharacters` and friends go through
/// CFString on Linux and cost microseconds each, which shows at tens of thousands of requests per second.
enum UTF8Text {
    /// Whether `text` contains the byte `ascii`.
    @inline(__always)
    static func contains<S: StringProtocol>(_ text: S, byte ascii: UInt8) -> Bool {
        text.utf8.contains(ascii)
    }

    /// Whether `needle` occurs in `haystack` (byte-wise, as UTF-8).
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        guard !needle.isEmpty else { return true }
        var haystack = haystack, needle = needle
        return haystack.withUTF8 { hay in
            needle.withUTF8 { pin in
                guard pin.count <= hay.count else { return false }
                let first = pin[0]
                var index = 0
                let last = hay.count - pin.count
                while index <= last {
                    if hay[index] == first {
                        var offset = 1
                        while offset < pin.count, hay[index + offset] == pin[offset] { offset += 1 }
                        if offset == pin.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last,
              first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return text }
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, scalars[start] == " " || scalars[start] == "\t" { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)] == " " || scalars[scalars.index(before: end)] == "\t" {
            end = scalars.index(before: end)
        }
        return String(scalars[start..<end])
    }
}
