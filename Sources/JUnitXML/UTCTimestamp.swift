#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole-second UTC instant, written as `YYYY-MM-DDTHH:MM:SS` with no zone (as the Ant XSD requires).
public struct UTCTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var secondsSince1970: Int64

    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    /// The current time, truncated to the second.
    public static func now() -> UTCTimestamp {
        UTCTimestamp(secondsSince1970: Int64(time(nil)))
    }

    public static func < (a: UTCTimestamp, b: UTCTimestamp) -> Bool {
        a.secondsSince1970 < b.secondsSince1970
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        let days = floorDiv(secondsSince1970, 86_400)
        let secs = secondsSince1970 - days * 86_400
        let (y, m, d) = Self.civil(fromDays: days)
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T"
            + pad(secs / 3600, 2) + ":" + pad(secs / 60 % 60, 2) + ":" + pad(secs % 60, 2)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS`, ignoring fractional seconds; a `Z` or `±HH:MM` suffix is applied.
    public init?(parsing text: String) {
        let b = Array(text.utf8)
        func num(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= b.count else { return nil }
            var v: Int64 = 0
            for c in b[from..<from + count] {
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int64(c - 48)
            }
            return v
        }
        guard b.count >= 19, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 32, b[13] == 58, b[16] == 58,
            let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2),
            let h = num(11, 2), let mi = num(14, 2), let s = num(17, 2),
            (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61
        else { return nil }
        var i = 19
        if i < b.count, b[i] == 46 {  // fraction
            i += 1
            while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
        }
        var offset: Int64 = 0
        if i < b.count {
            if b[i] == 90 {  // Z
                i += 1
            } else if b[i] == 43 || b[i] == 45, let oh = num(i + 1, 2), let om = num(i + 4, 2) {
                offset = (oh * 3600 + om * 60) * (b[i] == 43 ? 1 : -1)
                i += 6
            }
        }
        guard i == b.count else { return nil }
        let days = Self.days(fromCivil: y, mo, d)
        self.secondsSince1970 = days * 86_400 + h * 3600 + mi * 60 + s - offset
    }

    // Howard Hinnant's civil-calendar algorithms; no Foundation, no locale.
    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func days(fromCivil y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
}

private func pad(_ v: Int64, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
