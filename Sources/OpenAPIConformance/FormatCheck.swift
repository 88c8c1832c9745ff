import Foundation

/// The `format`s `--openapi` asserts, each by its RFC; a string that breaks one fails its testcase. Formats not
/// listed here are annotations: OpenAPI's own (`int32`/`int64` are checked as ranges; `float`, `double`, `byte`,
/// `binary` and `password` say nothing a value can break) pass silently, any other is reported as unchecked.
enum FormatCheck {
    enum Format: String, Sendable, CaseIterable {
        case date, dateTime = "date-time", time, duration, uri, uriReference = "uri-reference", email, uuid
        case ipv4, ipv6, hostname, int32, int64
    }

    /// OpenAPI's data type formats that are not assertions.
    static let annotations: Set<String> = ["float", "double", "byte", "binary", "password"]

    static func name(_ format: Format) -> String {
        switch format {
        case .date: return "date (RFC 3339 full-date)"
        case .dateTime: return "date-time (RFC 3339)"
        case .time: return "time (RFC 3339 full-time)"
        case .duration: return "duration (RFC 3339 appendix A)"
        case .uri: return "uri (RFC 3986)"
        case .uriReference: return "uri-reference (RFC 3986)"
        case .email: return "email (RFC 5321)"
        case .uuid: return "uuid (RFC 4122)"
        case .ipv4: return "ipv4 (RFC 2673 dotted-quad)"
        case .ipv6: return "ipv6 (RFC 4291)"
        case .hostname: return "hostname (RFC 1123)"
        case .int32: return "int32"
        case .int64: return "int64"
        }
    }

    /// Whether `text` is a valid string of `format` (strings only; `int32`/`int64` see `isValid(number:)`).
    static func isValid(_ text: String, _ format: Format) -> Bool {
        let b = Array(text.utf8)
        switch format {
        case .date: return isDate(b[...])
        case .dateTime: return isDateTime(b)
        case .time: return isTime(b[...])
        case .duration: return isDuration(b)
        case .uri: return URIGrammar.isURI(b)
        case .uriReference: return URIGrammar.isURIReference(b)
        case .email: return isEmail(b)
        case .uuid: return isUUID(b)
        case .ipv4: return isIPv4(b[...])
        case .ipv6: return isIPv6(b[...])
        case .hostname: return isHostname(b[...])
        case .int32, .int64: return true
        }
    }

    /// `int32`/`int64`: a whole number in the type's range.
    static func isValid(number: JSONDecimal, _ format: Format) -> Bool {
        switch format {
        case .int32: return number.isInteger && number >= JSONDecimal(Int(Int32.min)) && number <= JSONDecimal(Int(Int32.max))
        case .int64: return number.isInteger && number >= JSONDecimal(Int(Int64.min)) && number <= JSONDecimal(Int(Int64.max))
        default: return true
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f")) }
    private static func isAlpha(_ byte: UInt8) -> Bool { byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for digit in digits {
            guard isDigit(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// `2025-06-17` with a real month and day (leap years included).
    static func isDate(_ b: ArraySlice<UInt8>) -> Bool {
        guard b.count == 10 else { return false }
        let s = b.startIndex
        guard b[s + 4] == UInt8(ascii: "-"), b[s + 7] == UInt8(ascii: "-"),
              let year = number(b[s..<(s + 4)]), let month = number(b[(s + 5)..<(s + 7)]), let day = number(b[(s + 8)..<(s + 10)]) else { return false }
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// `09:30:00.5+02:00`: RFC 3339 full-time, the offset required, a leap second only at 23:59 UTC.
    static func isTime(_ b: ArraySlice<UInt8>) -> Bool {
        let s = b.startIndex
        guard b.count >= 9, b[s + 2] == UInt8(ascii: ":"), b[s + 5] == UInt8(ascii: ":"),
              let hour = number(b[s..<(s + 2)]), let minute = number(b[(s + 3)..<(s + 5)]), let second = number(b[(s + 6)..<(s + 8)]),
              hour < 24, minute < 60, second <= 60 else { return false }
        var index = s + 8
        if b[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < b.endIndex, isDigit(b[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < b.endIndex else { return false }
        var offsetMinutes = 0
        if b[index] | 0x20 == UInt8(ascii: "z") {
            guard index == b.endIndex - 1 else { return false }
        } else {
            guard b[index] == UInt8(ascii: "+") || b[index] == UInt8(ascii: "-"), b.endIndex - index == 6, b[index + 3] == UInt8(ascii: ":"),
                  let offsetHour = number(b[(index + 1)..<(index + 3)]), let offsetMinute = number(b[(index + 4)..<(index + 6)]),
                  offsetHour < 24, offsetMinute < 60 else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (b[index] == UInt8(ascii: "+") ? 1 : -1)
        }
        if second == 60 {
            // Leap seconds happen at 23:59:60 UTC.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// `2025-06-17T09:30:00Z`: RFC 3339 date-time (`T` or `t` between, nothing else).
    static func isDateTime(_ b: [UInt8]) -> Bool {
        guard b.count >= 20, b[10] | 0x20 == UInt8(ascii: "t") else { return false }
        return isDate(b[0..<10]) && isTime(b[11...])
    }

    /// `P4DT12H30M5S`, `P2W`: RFC 3339 appendix A's ABNF (units in order, none skipped between, no fractions).
    static func isDuration(_ b: [UInt8]) -> Bool {
        guard b.first == UInt8(ascii: "P"), b.count > 1 else { return false }
        var index = 1
        /// Reads `digits unit` pairs; returns the units in order.
        func elements(until stop: UInt8?) -> [UInt8]? {
            var units: [UInt8] = []
            while index < b.count, b[index] != stop {
                let start = index
                while index < b.count, isDigit(b[index]) { index += 1 }
                guard index > start, index < b.count else { return nil }
                units.append(b[index])
                index += 1
            }
            return units
        }
        guard let date = elements(until: UInt8(ascii: "T")) else { return false }
        if date == [UInt8(ascii: "W")] { return index == b.count }
        // dur-date: day, month+day, or year+month(+day).
        let dateForms: [[UInt8]] = [[], Array("D".utf8), Array("MD".utf8), Array("M".utf8), Array("Y".utf8), Array("YM".utf8), Array("YMD".utf8)]
        guard dateForms.contains(date) else { return false }
        guard index < b.count else { return !date.isEmpty }
        index += 1  // "T"
        guard let time = elements(until: nil) else { return false }
        let timeForms: [[UInt8]] = [Array("H".utf8), Array("HM".utf8), Array("HMS".utf8), Array("M".utf8), Array("MS".utf8), Array("S".utf8)]
        return timeForms.contains(time)
    }

    /// `f81d4fae-7dec-11d0-a765-00a0c91e6bf6`: RFC 4122's string form, any case.
    static func isUUID(_ b: [UInt8]) -> Bool {
        guard b.count == 36 else { return false }
        for (offset, byte) in b.enumerated() {
            if [8, 13, 18, 23].contains(offset) { guard byte == UInt8(ascii: "-") else { return false } } else if !isHex(byte) { return false }
        }
        return true
    }

    /// `192.168.0.1`: four decimal octets, no leading zeros.
    static func isIPv4(_ b: ArraySlice<UInt8>) -> Bool {
        let parts = b.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), let value = number(part), value <= 255 else { return false }
            return part.count == 1 || part.first != UInt8(ascii: "0")
        }
    }

    /// `1::d6:192.168.0.1`: RFC 4291 §2.2, no zone or prefix length.
    static func isIPv6(_ b: ArraySlice<UInt8>) -> Bool {
        guard !b.isEmpty else { return false }
        var text = b
        var groupsFromIPv4 = 0
        if let lastColon = text.lastIndex(of: UInt8(ascii: ":")), text[(lastColon + 1)...].contains(UInt8(ascii: ".")) {
            guard isIPv4(text[(lastColon + 1)...]) else { return false }
            text = text[...lastColon]
            // Keep the colon so "::" before the IPv4 part still reads as one; a lone trailing ":" is a separator.
            if text.count >= 2, text.suffix(2).elementsEqual([UInt8(ascii: ":"), UInt8(ascii: ":")]) {} else { text = text.dropLast() }
            groupsFromIPv4 = 2
        }
        let halves = split(text, on: [UInt8(ascii: ":"), UInt8(ascii: ":")])
        guard halves.count <= 2 else { return false }
        func groups(_ part: ArraySlice<UInt8>) -> Int? {
            if part.isEmpty { return 0 }
            let pieces = part.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard pieces.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(isHex) }) else { return nil }
            return pieces.count
        }
        if halves.count == 2 {
            guard let left = groups(halves[0]), let right = groups(halves[1]) else { return false }
            return left + right + groupsFromIPv4 <= 7
        }
        guard let all = groups(halves[0]) else { return false }
        return all + groupsFromIPv4 == 8
    }

    private static func split(_ text: ArraySlice<UInt8>, on separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        var index = text.startIndex
        while index + separator.count <= text.endIndex {
            if text[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(text[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// `www.example.com`: RFC 1123 labels of letters, digits and inner hyphens, 63 bytes a label, 253 in all.
    static func isHostname(_ b: ArraySlice<UInt8>) -> Bool {
        guard !b.isEmpty, b.count <= 253 else { return false }
        return b.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                  label.allSatisfy({ isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "-") }) else { return false }
            // `--` in positions 3–4 is reserved for A-labels (`xn--` and at least one Punycode character).
            if label.count >= 4, label[label.startIndex + 2] == UInt8(ascii: "-"), label[label.startIndex + 3] == UInt8(ascii: "-") {
                return label.prefix(2).map { $0 | 0x20 } == Array("xn".utf8) && label.count > 5
            }
            return true
        }
    }

    /// `joe.bloggs@example.com`: RFC 5321 Mailbox (dot-atom or quoted local part; a hostname or an address literal).
    static func isEmail(_ b: [UInt8]) -> Bool {
        guard let at = b.lastIndex(of: UInt8(ascii: "@")), at > 0, at < b.count - 1 else { return false }
        let local = b[..<at]
        let domain = b[(at + 1)...]
        let atext = Set(Array("!#$%&'*+-/=?^_`{|}~".utf8))
        if local.first == UInt8(ascii: "\"") {
            guard local.count >= 2, local.last == UInt8(ascii: "\"") else { return false }
            var index = local.startIndex + 1
            while index < local.endIndex - 1 {
                let byte = local[index]
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                guard byte >= 32, byte <= 126, byte != UInt8(ascii: "\"") else { return false }
                index += 1
            }
            guard index == local.endIndex - 1 else { return false }
        } else {
            let atoms = local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard atoms.allSatisfy({ !$0.isEmpty && $0.allSatisfy { isAlpha($0) || isDigit($0) || atext.contains($0) } }) else { return false }
        }
        if domain.first == UInt8(ascii: "[") {
            guard domain.last == UInt8(ascii: "]") else { return false }
            let literal = domain.dropFirst().dropLast()
            let tag = Array("IPv6:".utf8)
            if literal.starts(with: tag) { return isIPv6(literal.dropFirst(tag.count)) }
            return isIPv4(literal)
        }
        return isHostname(domain)
    }
}
