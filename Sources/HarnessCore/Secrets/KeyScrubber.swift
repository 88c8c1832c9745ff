import Foundation
import FoursquarePlaces

/// Removes the API key from anything a server sent or a library printed, in every form it could take there: raw,
/// escaped as a Swift or JSON string (once or twice: an error's dump of a header list), split across lines,
/// percent-encoded, and base64 (standard and URL-safe alphabets, at each of the three byte alignments). Only the
/// characters that encode the key change; everything around them is kept.
package struct KeyScrubber: Sendable {
    /// What replaces the key.
    package static let marker = RedactedRequest.redactedMarker
    /// Shorter keys are refused: replacing a short string would rewrite ordinary text ("link", "New York").
    package static let minimumKeyLength = 16

    package let key: APIKey
    /// Every form of the key to find, longest first so a longer form is never cut by a shorter one.
    package let forms: [String]
    private let matcher: SecretMatcher

    package init(key: APIKey) {
        self.key = key
        matcher = SecretMatcher(forms: Self.forms(of: key.secret))
        forms = matcher.forms.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The one line to print when `key` is too short to redact safely, or nil when it is usable.
    package static func problem(with key: APIKey, variable: String = "FSQ_API_KEY") -> String? {
        let length = key.secret.count
        guard length < minimumKeyLength else { return nil }
        return "\(variable) is \(length) character\(length == 1 ? "" : "s") long; a real key has at least "
            + "\(minimumKeyLength), and a shorter one cannot be redacted without rewriting other text. Set the real key."
    }

    package func text(_ value: String) -> String { matcher.replacing(in: value, with: Self.marker) }

    package func bytes(_ data: Data) -> Data { matcher.replacing(in: data, with: Self.marker) }

    /// True when `data` holds the key in any form.
    package func found(in data: Data) -> Bool { matcher.contains(data) }

    /// True when `text` holds the key in any form.
    package func found(in text: String) -> Bool { matcher.contains(text) }

    /// A one-line account of `error` with the key removed, whichever way the library that threw it printed it.
    package func describe(_ error: any Error) -> String {
        text(FoursquareClient.describe(error))
    }

    /// A response head with the key removed from every header name and value.
    package func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
        var result = HTTPHeaders()
        for field in headers { result[text(field.name)] = text(field.value) }
        return result
    }

    static func forms(of secret: String) -> [String] {
        guard !secret.isEmpty else { return [] }
        var forms = SecretMatcher.printedForms(of: secret)
        for allowed in [CharacterSet.alphanumerics, .urlQueryAllowed, .urlPathAllowed] {
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: allowed) {
                forms.insert(encoded)
                forms.insert(lowercasingPercentEscapes(encoded))
            }
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
