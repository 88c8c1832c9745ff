/// A JSON number as its exact decimal value: `digits × 10^exponent`, so `1.0` equals `1`, integers stay exact past
/// 2^53 and `1.0000000000000001` is not whole (a `Double` would round it to 1).
struct JSONDecimal: Hashable, Comparable, Sendable {
    var negative: Bool
    /// Significant digits (0...9), no leading or trailing zeros; empty for zero.
    var digits: [UInt8]
    var exponent: Int

    /// JSON's number grammar (`-12.5e3`); nil for anything else.
    init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var mantissa: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        var exponentPart = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                mantissa.append(byte - UInt8(ascii: "0"))
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                var rest = bytes[(index + 1)...]
                var sign = 1
                if rest.first == UInt8(ascii: "-") { sign = -1; rest = rest.dropFirst() } else if rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
                guard !rest.isEmpty, rest.count < 16 else { return nil }
                var value = 0
                for digit in rest {
                    guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int(digit - UInt8(ascii: "0"))
                }
                exponentPart = sign * value
                break
            } else {
                return nil
            }
            index += 1
        }
        guard !mantissa.isEmpty else { return nil }
        var exponent = exponentPart - fractionDigits
        let first = mantissa.firstIndex { $0 != 0 }
        guard let first else {
            self.negative = false
            digits = []
            self.exponent = 0
            return
        }
        var last = mantissa.count - 1
        while mantissa[last] == 0 { last -= 1; exponent += 1 }
        digits = Array(mantissa[first...last])
        self.exponent = exponent
    }

    init(_ int: Int) { self.init(String(int))! }

    var isZero: Bool { digits.isEmpty }

    /// Whole, as JSON Schema 2020-12 counts an integer: by value, whatever the spelling.
    var isInteger: Bool { exponent >= 0 }

    /// Where the leading digit sits: 10^(magnitude - 1) ≤ |value| < 10^magnitude.
    private var magnitude: Int { digits.count + exponent }

    static func < (lhs: JSONDecimal, rhs: JSONDecimal) -> Bool {
        if lhs.isZero || rhs.isZero {
            if lhs.isZero && rhs.isZero { return false }
            return lhs.isZero ? !rhs.negative : lhs.negative
        }
        if lhs.negative != rhs.negative { return lhs.negative }
        let less = magnitudeLess(lhs, rhs)
        let greater = magnitudeLess(rhs, lhs)
        return lhs.negative ? greater : less
    }

    private static func magnitudeLess(_ a: JSONDecimal, _ b: JSONDecimal) -> Bool {
        if a.magnitude != b.magnitude { return a.magnitude < b.magnitude }
        // Same leading position: digit by digit; a shorter one is padded with zeros, and has no trailing zero.
        return a.digits.lexicographicallyPrecedes(b.digits)
    }

    /// Whether `self` is an integer multiple of `divisor` (exact; a divisor of zero divides nothing).
    func isMultiple(of divisor: JSONDecimal) -> Bool {
        if divisor.isZero { return false }
        if isZero { return true }
        // self / divisor = (D × 10^e) / (d × 10^f): whole when d divides D × 10^(e - f).
        let shift = exponent - divisor.exponent
        if shift >= 0 {
            // (D × 10^shift) mod d, one digit at a time; d must fit in a UInt64 with room for ×10.
            guard divisor.digits.count <= 18 else { return doubleMultiple(of: divisor) }
            let d = divisor.digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1) }
            var remainder: UInt64 = 0
            for digit in digits { remainder = (remainder * 10 + UInt64(digit)) % d }
            // Shifts past 400 repeat: 10^k mod d is periodic, and exponents that large are pathological anyway.
            for _ in 0..<min(shift, 400) where remainder != 0 { remainder = remainder * 10 % d }
            return remainder == 0
        }
        // D must be divisible by d × 10^(-shift): its last -shift digits are zero (there are none: no trailing
        // zeros), so never, unless that power is absorbed, which it cannot be. Hence D × 10^shift is not whole.
        return false
    }

    private func doubleMultiple(of divisor: JSONDecimal) -> Bool {
        guard let a = Double(description), let b = Double(divisor.description) else { return false }
        let quotient = a / b
        return quotient.isFinite && quotient.rounded() == quotient
    }

    /// The value in JSON's spelling (`-1.25`, `1e+400` style for large exponents).
    var description: String {
        if isZero { return "0" }
        let text = digits.map { String($0) }.joined()
        let sign = negative ? "-" : ""
        if exponent >= 0, exponent <= 20 { return sign + text + String(repeating: "0", count: exponent) }
        if exponent < 0, -exponent < digits.count {
            let split = digits.count + exponent
            return sign + String(text.prefix(split)) + "." + String(text.dropFirst(split))
        }
        if exponent < 0, -exponent - digits.count <= 6 {
            return sign + "0." + String(repeating: "0", count: -exponent - digits.count) + text
        }
        return sign + text + "e" + String(exponent)
    }
}
