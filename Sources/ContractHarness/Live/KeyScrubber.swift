import Foundation
import FoursquarePlaces

/// Removes the API key from anything a server sent, in every form it could take there: raw,
/// percent-encoded, JSON-escaped and base64 (standard and URL-safe alphabets, at each of the three byte
/// alignments). Only the characters that encode the key change; everything around them is kept.
public struct KeyScrubber: Sendable {
    /// What replaces the key.
    public static let marker = RedactedRequest.redactedMarker
    /// Shorter keys are refused: replacing a short string would rewrite ordinary text ("link", "New York").
    public static let minimumKeyLength = 16

    public let key: APIKey
    /// Every form of the key to find, longest first so a longer form is never cut by a shorter one.
    public let forms: [String]

    public init(key: APIKey) {
        self.key = key
        forms = Self.forms(of: key.secret)
    }

    /// The one line to print when `key` is too short to redact safely, or nil when it is usable.
    public static func problem(with key: APIKey, variable: String = "FSQ_API_KEY") -> String? {
        let length = key.secret.count
        guard length < minimumKeyLength else { return nil }
        return "\(variable) is \(length) character\(length == 1 ? "" : "s") long; a real key has at least "
            + "\(minimumKeyLength), and a shorter one cannot be redacted without rewriting other text. Set the real key."
    }

    public func text(_ value: String) -> String {
        guard !forms.isEmpty else { return value }
        var result = value
        for form in forms where result.contains(form) {
            result = result.replacingOccurrences(of: form, with: Self.marker)
        }
        return result
    }

    public func bytes(_ data: Data) -> Data {
        guard !forms.isEmpty else { return data }
        var result = data
        let marker = Data(Self.marker.utf8)
        for form in forms {
            let needle = Data(form.utf8)
            var searchFrom = result.startIndex
            while let range = result.range(of: needle, in: searchFrom..<result.endIndex) {
                result.replaceSubrange(range, with: marker)
                searchFrom = range.lowerBound + marker.count
            }
        }
        return result
    }

    /// True when `data` holds the key in any form.
    public func found(in data: Data) -> Bool {
        forms.contains { data.range(of: Data($0.utf8)) != nil }
    }

    /// True when `text` holds the key in any form.
    public func found(in text: String) -> Bool {
        forms.contains { text.contains($0) }
    }

    /// A response head with the key removed from every header name and value.
    public func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
        var result = HTTPHeaders()
        for field in headers { result[text(field.name)] = text(field.value) }
        return result
    }

    static func forms(of secret: String) -> [String] {
        guard !secret.isEmpty else { return [] }
        var forms: Set<String> = [secret]
        for allowed in [CharacterSet.alphanumerics, .urlQueryAllowed, .urlPathAllowed] {
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: allowed) {
                forms.insert(encoded)
                forms.insert(lowercasingPercentEscapes(encoded))
            }
        }
        if let data = try? JSONSerialization.data(withJSONObject: [secret]),
           let text = String(data: data, encoding: .utf8) {
            let escaped = String(text.dropFirst(2).dropLast(2))
            forms.insert(escaped)
            forms.insert(escaped.replacingOccurrences(of: "/", with: "\\/"))
        }
        let bytes = Data(secret.utf8)
        for shift in 0..<3 {
            // The base64 of the key after `shift` bytes of anything: keep only the characters that
            // depend on key bytes alone (the first group mixes in the prefix, the last one the suffix).
            let encoded = (Data(repeating: 0, count: shift) + bytes).base64EncodedString()
            let start = shift == 0 ? 0 : (shift == 1 ? 2 : 3)
            let usable = (shift + bytes.count) / 3 * 4
            guard usable - start >= 8 else { continue }
            let core = String(encoded.dropFirst(start).prefix(usable - start))
            forms.insert(core)
            forms.insert(core.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
        }
        return forms.sorted { ($0.count, $0) > ($1.count, $1) }
    }

    static func lowercasingPercentEscapes(_ text: String) -> String {
        var result = ""
        var pending = 0
        for character in text {
            if character == "%" {
                pending = 2
                result.append(character)
            } else if pending > 0 {
                pending -= 1
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
