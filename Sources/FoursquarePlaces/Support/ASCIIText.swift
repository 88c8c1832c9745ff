/// Byte-level answers for ASCII text, or nil when either side is not ASCII (callers then ask Foundation).
///
/// Foundation's `caseInsensitiveCompare` and `contains` go through CFString with Unicode rules; header names,
/// URLs and keys are almost always ASCII, and on a 10,000-fixture replay those calls cost more than the checks.
package enum ASCIIText {
    /// Whether `a` and `b` are equal ignoring ASCII case.
    package static func equalsIgnoringCase(_ a: String, _ b: String) -> Bool? {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y -> Bool? in
                guard x.allSatisfy({ $0 < 0x80 }), y.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard x.count == y.count else { return false }
                for index in 0..<x.count where lower(x[index]) != lower(y[index]) { return false }
                return true
            }
        }
    }

    /// Whether `needle` occurs in `text`.
    package static func contains(_ text: String, _ needle: String) -> Bool? {
        var text = text, needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { needle -> Bool? in
                guard haystack.allSatisfy({ $0 < 0x80 }), needle.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard !needle.isEmpty else { return true }
                guard haystack.count >= needle.count else { return false }
                for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
                    if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
                }
                return false
            }
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
