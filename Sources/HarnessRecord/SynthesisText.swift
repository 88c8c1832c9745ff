import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// Synthetic strings and numbers that keep a recorded value's form, never its content.
///
/// A date stays a valid date of the same format, an `HHMM` time a valid time, a URL a URL (on a reserved
/// `.example` host, its file extension kept), an e-mail address an address; anything else keeps its shape
/// character by character: a digit becomes a digit, a letter a letter of the same case and Unicode block (so
/// Japanese stays Japanese), and spaces and punctuation stay where they were (a phone number stays a phone
/// number). Lengths stay the same.
enum SynthesisText {
    static func string(_ raw: String, rng: inout SplitMix64) -> String {
        if raw.isEmpty || raw == Redactor.marker { return raw }
        if let date = date(raw, rng: &rng) { return date }
        if let time = clockTime(raw, rng: &rng) { return time }
        if let url = url(raw, rng: &rng) { return url }
        if let email = email(raw, rng: &rng) { return email }
        // A path or a file name (`/12345_photo.jpg`, `.png`): its extension stays.
        if raw.hasPrefix("/") || raw.hasPrefix(".") { return path(raw[...], rng: &rng) }
        return shape(raw, rng: &rng)
    }

    /// Each letter and digit replaced within its class; everything else kept.
    static func shape(_ raw: Substring, rng: inout SplitMix64) -> String {
        var out = String.UnicodeScalarView()
        var previousWasDigit = false
        for scalar in raw.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39:
                // A digit run keeps a leading non-zero digit non-zero, so 2200 never becomes 0200.
                let low: UInt32 = previousWasDigit || scalar.value == 0x30 ? 0 : 1
                out.append(Unicode.Scalar(0x30 + low + UInt32(rng.next() % UInt64(10 - low)))!)
            case 0x41...0x5A: out.append(Unicode.Scalar(0x41 + UInt32(rng.next() % 26))!)
            case 0x61...0x7A: out.append(Unicode.Scalar(0x61 + UInt32(rng.next() % 26))!)
            default:
                // Letters and digits of every other script (fullwidth, Arabic-Indic, …); marks and symbols stay.
                let replaced = scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
                out.append(replaced ? sameBlock(scalar, rng: &rng) : scalar)
            }
            previousWasDigit = (0x30...0x39).contains(scalar.value)
        }
        return String(out)
    }

    static func shape(_ raw: String, rng: inout SplitMix64) -> String { shape(raw[...], rng: &rng) }

    /// Another scalar of the same 128-scalar block and general category (same script, same case).
    static func sameBlock(_ scalar: Unicode.Scalar, rng: inout SplitMix64) -> Unicode.Scalar {
        let base = scalar.value & ~0x7F
        let category = scalar.properties.generalCategory
        for _ in 0..<24 {
            if let candidate = Unicode.Scalar(base + UInt32(rng.next() % 128)), candidate != scalar,
               candidate.properties.generalCategory == category {
                return candidate
            }
        }
        // A block with no other letter of that kind: the nearest letter of the category around it.
        for distance in UInt32(1)...UInt32(512) {
            for value in [scalar.value &+ distance, scalar.value &- distance] {
                if let candidate = Unicode.Scalar(value), candidate.properties.generalCategory == category {
                    return candidate
                }
            }
        }
        return "x"
    }

    // MARK: forms

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `YYYY-MM-DD`, optionally followed by `THH:MM[:SS][.fff]` and a zone: moved by 30 to 720 days either way, the
    /// time of day drawn again, the format kept.
    static func date(_ raw: String, rng: inout SplitMix64) -> String? {
        let bytes = Array(raw.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, range.allSatisfy({ (0x30...0x39).contains(bytes[$0]) }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) }
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month else { return nil }
        let days = Int(30 + rng.next() % 691) * (rng.next() % 2 == 0 ? 1 : -1)
        guard let moved = calendar.date(byAdding: .day, value: days, to: date) else { return nil }
        let parts = calendar.dateComponents([.year, .month, .day], from: moved)
        var out = String(format: "%04d-%02d-%02d", parts.year ?? year, parts.month ?? month, parts.day ?? day)
        var rest = raw.utf8.dropFirst(10)[...]
        let restText = String(decoding: rest, as: UTF8.self)
        if restText.isEmpty { return out }
        // A time of day: THH:MM, then :SS, then a fraction; the zone after it is kept.
        let restBytes = Array(rest)
        guard restBytes.count >= 6, restBytes[0] == UInt8(ascii: "T") || restBytes[0] == UInt8(ascii: " "),
              restBytes[3] == UInt8(ascii: ":") else { return nil }
        out += String(UnicodeScalar(restBytes[0]))
        out += String(format: "%02d:%02d", Int(rng.next() % 24), Int(rng.next() % 60))
        rest = rest.dropFirst(6)
        if rest.count >= 3, rest.first == UInt8(ascii: ":") {
            out += String(format: ":%02d", Int(rng.next() % 60))
            rest = rest.dropFirst(3)
        }
        if rest.first == UInt8(ascii: ".") {
            out += "."
            rest = rest.dropFirst()
            while let byte = rest.first, (0x30...0x39).contains(byte) {
                out += String(rng.next() % 10)
                rest = rest.dropFirst()
            }
        }
        return out + String(decoding: rest, as: UTF8.self)
    }

    /// Opening hours as the API writes them (`0700`, `2200+` for past midnight): another valid time.
    static func clockTime(_ raw: String, rng: inout SplitMix64) -> String? {
        let core = raw.hasSuffix("+") ? raw.dropLast() : raw[...]
        guard core.count == 4, core.allSatisfy(\.isASCII), core.allSatisfy(\.isNumber),
              let value = Int(core), value / 100 < 24, value % 100 < 60 else { return nil }
        return String(format: "%02d%02d", Int(rng.next() % 24), Int(rng.next() % 4) * 15) + (raw.hasSuffix("+") ? "+" : "")
    }

    /// `scheme://host/path`: the host's labels reshaped under the reserved `.example` top-level domain, the path
    /// reshaped with its percent escapes and file extension kept.
    static func url(_ raw: String, rng: inout SplitMix64) -> String? {
        guard let schemeEnd = raw.range(of: "://"), raw[..<schemeEnd.lowerBound].allSatisfy({ $0.isASCII && $0.isLetter || $0.isNumber }),
              !raw[..<schemeEnd.lowerBound].isEmpty else { return nil }
        let afterScheme = raw[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        var hostPart = afterScheme[..<hostEnd]
        var port = ""
        if let colon = hostPart.lastIndex(of: ":"), hostPart[hostPart.index(after: colon)...].allSatisfy(\.isNumber) {
            port = String(hostPart[colon...])
            hostPart = hostPart[..<colon]
        }
        var labels = hostPart.split(separator: ".", omittingEmptySubsequences: false).map { shape($0, rng: &rng).lowercased() }
        if labels.count > 1 { labels[labels.count - 1] = "example" } else { labels.append("example") }
        return String(raw[..<schemeEnd.upperBound]) + labels.joined(separator: ".") + port + path(afterScheme[hostEnd...], rng: &rng)
    }

    /// A path (and query) reshaped; `%XX` escapes and a short file extension stay as they are.
    static func path(_ raw: Substring, rng: inout SplitMix64) -> String {
        var keepFrom = raw.endIndex
        if let dot = raw.lastIndex(of: "."), !raw[dot...].contains("/") {
            let ext = raw[raw.index(after: dot)...]
            if (1...4).contains(ext.count), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) { keepFrom = dot }
        }
        var out = ""
        var index = raw.startIndex
        var run = raw.startIndex
        while index < keepFrom {
            if raw[index] == "%", raw.distance(from: index, to: keepFrom) >= 3 {
                out += shape(raw[run..<index], rng: &rng)
                let end = raw.index(index, offsetBy: 3)
                out += raw[index..<end]
                index = end
                run = end
            } else {
                index = raw.index(after: index)
            }
        }
        return out + shape(raw[run..<keepFrom], rng: &rng) + raw[keepFrom...]
    }

    /// `local@host.tld`: the local part reshaped, the host's labels reshaped under `.example`.
    static func email(_ raw: String, rng: inout SplitMix64) -> String? {
        let parts = raw.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !raw.contains(" ") else { return nil }
        var labels = parts[1].split(separator: ".", omittingEmptySubsequences: false).map { shape($0, rng: &rng).lowercased() }
        labels[labels.count - 1] = "example"
        return shape(parts[0], rng: &rng) + "@" + labels.joined(separator: ".")
    }

    /// A number in `range`: a coordinate rounded to two decimals and moved by one to five hundredths (clamped),
    /// any other with as many decimals as the recorded text, drawn in the range.
    static func number(_ raw: String, field: String, range: ClosedRange<Double>, rng: inout SplitMix64) -> String {
        guard let value = Double(raw), value.isFinite else { return raw }
        if SynthesisFields.coordinates.contains(field) {
            let steps = Double(1 + rng.next() % 5) * (rng.next() % 2 == 0 ? 1 : -1)
            let moved = min(max(((value * 100).rounded() + steps) / 100, range.lowerBound), range.upperBound)
            return String(format: "%.2f", moved)
        }
        let decimals = raw.firstIndex(of: ".").map { raw.distance(from: $0, to: raw.endIndex) - 1 } ?? 0
        let drawn = range.lowerBound + rng.nextUnit() * (range.upperBound - range.lowerBound)
        return decimals == 0 ? String(Int(drawn.rounded())) : String(format: "%.\(min(decimals, 6))f", drawn)
    }
}
