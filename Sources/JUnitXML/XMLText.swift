/// Makes strings legal XML 1.0 text: forbidden characters become visible escapes, invalid UTF-8 becomes U+FFFD.
public enum XMLText {
    /// Strings are never written longer than this (UTF-8 bytes plus the note):
    /// libxml2 readers refuse text nodes over 10,000,000 bytes without XML_PARSE_HUGE.
    public static let hardTextLimit = 9_000_000

    /// Replaces each character XML 1.0 forbids (C0 controls other than tab, LF and CR; U+FFFE; U+FFFF)
    /// with a visible escape such as `\u{1B}`.
    public static func clean(_ s: String) -> String {
        isClean(s) ? s : escapeForbidden(s)
    }

    /// Decodes bytes as UTF-8 (invalid sequences become U+FFFD), then cleans like `clean(_:)`.
    public static func clean(bytes: [UInt8]) -> String {
        clean(String(decoding: bytes, as: UTF8.self))
    }

    /// Cleans, then cuts to at most `maxBytes` UTF-8 bytes on a character boundary and appends
    /// `… [truncated N bytes]` saying how many bytes were dropped.
    public static func clean(_ s: String, maxBytes: Int) -> String {
        truncate(clean(s), maxBytes: maxBytes)
    }

    /// The note appended to cut text.
    public static func truncationNote(droppedBytes: Int) -> String {
        "… [truncated \(droppedBytes) bytes]"
    }

    static func truncate(_ s: String, maxBytes: Int) -> String {
        let limit = max(0, maxBytes)
        let utf8 = s.utf8
        guard utf8.count > limit else { return s }
        var cut = utf8.index(utf8.startIndex, offsetBy: limit)
        // Back off to the start of a scalar so no UTF-8 sequence is split.
        while cut > utf8.startIndex, UTF8.isContinuation(utf8[cut]) {
            cut = utf8.index(before: cut)
        }
        let kept = utf8.distance(from: utf8.startIndex, to: cut)
        return String(s[..<cut]) + truncationNote(droppedBytes: utf8.count - kept)
    }

    /// Fast path: a byte scan that finds nothing to escape (Swift strings are already valid UTF-8).
    static func isClean(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { buf in
            var i = 0
            let n = buf.count
            while i < n {
                let c = buf[i]
                if c < 0x20 {
                    if c != 0x09 && c != 0x0A && c != 0x0D { return false }
                } else if c == 0xEF, i + 2 < n, buf[i + 1] == 0xBF, buf[i + 2] >= 0xBE {
                    return false  // U+FFFE / U+FFFF
                }
                i += 1
            }
            return true
        }
    }

    /// Byte-level rewrite: copies clean runs wholesale, so a 12 MB string stays cheap.
    static func escapeForbidden(_ s: String) -> String {
        var s = s
        return s.withUTF8 { buf -> String in
            var out: [UInt8] = []
            out.reserveCapacity(buf.count + 64)
            var runStart = 0
            var i = 0
            let n = buf.count
            func flush(_ end: Int) {
                if end > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<end])) }
            }
            func escape(_ v: UInt32) {
                out.append(contentsOf: "\\u{".utf8)
                out.append(contentsOf: String(v, radix: 16, uppercase: true).utf8)
                out.append(UInt8(ascii: "}"))
            }
            while i < n {
                let c = buf[i]
                if c < 0x20, c != 0x09, c != 0x0A, c != 0x0D {
                    flush(i)
                    escape(UInt32(c))
                    i += 1
                    runStart = i
                } else if c == 0xEF, i + 2 < n, buf[i + 1] == 0xBF, buf[i + 2] >= 0xBE {
                    flush(i)
                    escape(buf[i + 2] == 0xBE ? 0xFFFE : 0xFFFF)
                    i += 3
                    runStart = i
                } else {
                    i += 1
                }
            }
            flush(n)
            return String(decoding: out, as: UTF8.self)
        }
    }
}

/// Seconds as integer milliseconds, so sums on suites and the root match what is written exactly.
func milliseconds(_ seconds: Double) -> Int64 {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    return Int64(min(seconds * 1000, 1e15).rounded())
}

/// `12.345`: always a `.`, exactly three decimals, never an exponent, no locale.
func formatMilliseconds(_ ms: Int64) -> String {
    let frac = ms % 1000
    let f = frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)"
    return "\(ms / 1000).\(f)"
}
