import Foundation

/// The `format`s that say something about a JSON string: RFC 3339 `date` and `date-time`, and `uri`.
/// Other formats (`int32`, `double`, `email`, …) are annotations here, as JSON Schema allows.
enum FormatCheck {
    static func name(_ format: SchemaNode.Format) -> String {
        switch format {
        case .date: return "date (YYYY-MM-DD)"
        case .dateTime: return "date-time (RFC 3339)"
        case .uri: return "uri"
        }
    }

    static func isValid(_ text: String, _ format: SchemaNode.Format) -> Bool {
        switch format {
        case .date: return isDate(Array(text.utf8)[...])
        case .dateTime: return isDateTime(Array(text.utf8))
        case .uri: return isURI(text)
        }
    }

    /// `2025-06-17` with a real month and day.
    static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 10 else { return false }
        let b = Array(bytes)
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              let year = number(b[0..<4]), let month = number(b[5..<7]), let day = number(b[8..<10]) else { return false }
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// `2025-06-17T09:30:00Z`, `…T09:30:00.123+02:00` (RFC 3339 §5.6; `t`/`z` and a space separator accepted).
    static func isDateTime(_ b: [UInt8]) -> Bool {
        guard b.count >= 20, isDate(b[0..<10]), [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(b[10]),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let hour = number(b[11..<13]), let minute = number(b[14..<16]), let second = number(b[17..<19]),
              hour < 24, minute < 60, second <= 60 else { return false }
        var index = 19
        if b[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < b.count else { return false }
        if b[index] == UInt8(ascii: "Z") || b[index] == UInt8(ascii: "z") { return index == b.count - 1 }
        guard b[index] == UInt8(ascii: "+") || b[index] == UInt8(ascii: "-"), b.count - index == 6, b[index + 3] == UInt8(ascii: ":"),
              let offsetHour = number(b[(index + 1)..<(index + 3)]), let offsetMinute = number(b[(index + 4)..<(index + 6)]) else { return false }
        return offsetHour < 24 && offsetMinute < 60
    }

    /// An absolute URI: a scheme, then no spaces.
    static func isURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }) else { return false }
        return !text.contains(where: { $0 == " " || $0.isNewline }) && URL(string: text) != nil
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
