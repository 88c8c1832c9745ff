import Foundation

extension APIKey {
    /// Whitespace and control characters around a key: what pasting a secret into a CI setting often adds.
    package static let pastedAround = CharacterSet.whitespacesAndNewlines.union(.controlCharacters)

    /// A real key is printable ASCII without spaces, quotes or backslashes; anything else in a header value is at
    /// best refused by the HTTP library (whose error text then carries the key) and at worst splits the header.
    package static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0x21...0x7E).contains(scalar.value) && !"\"'\\".unicodeScalars.contains(scalar)
    }

    /// "a tab", "a double quote", "U+00E9": a character named without the key's own letters.
    package static func characterName(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": return "a space"
        case "\t": return "a tab"
        case "\n": return "a line break (\\n)"
        case "\r": return "a carriage return (\\r)"
        case "\"": return "a double quote"
        case "'": return "a single quote"
        case "\\": return "a backslash"
        default:
            let code = "U+" + String(format: "%04X", scalar.value)
            return scalar.value < 0x20 || scalar.value == 0x7F ? "a control character (\(code))" : "a non-ASCII character (\(code))"
        }
    }

    /// Why this key cannot be sent, naming the first character no key has and where it is, never the key;
    /// nil for a key that can.
    package var unsendableReason: String? {
        let scalars = Array(secret.unicodeScalars)
        guard let bad = scalars.firstIndex(where: { !Self.isKeyCharacter($0) }) else { return nil }
        return "has \(Self.characterName(scalars[bad])) at character \(bad + 1) of \(scalars.count); a key is printable ASCII "
            + "without spaces, quotes or backslashes"
    }
}
