import Foundation

/// A Foursquare API key that never shows itself in descriptions, dumps or logs.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The raw secret. Read it only to build the `Authorization` header.
    public let secret: String

    /// A key from its secret; nothing prints it.
    public init(_ secret: String) { self.secret = secret }

    /// The key from `FSQ_API_KEY`, without the whitespace or line break a pasted secret often ends with; nil
    /// when unset or empty.
    public static func fromEnvironment(_ name: String = "FSQ_API_KEY",
                                       in environment: [String: String] = ProcessInfo.processInfo.environment) -> APIKey? {
        guard let value = environment[name]?.trimmingCharacters(in: pastedAround),
              !value.isEmpty else { return nil }
        return APIKey(value)
    }

    /// Always `<redacted>`.
    public var description: String { RedactedRequest.redactedMarker }
    /// Always `<redacted>`.
    public var debugDescription: String { RedactedRequest.redactedMarker }
    /// No children: a dump shows no secret.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// Replaces every occurrence of the key in `text`: raw, or as a library prints it (escaped in an error's
    /// dump such as `invalidHeaderFieldValues(["Bearer <key>\\n"])`, or split across lines).
    public func redact(_ text: String) -> String {
        guard !secret.isEmpty else { return text }
        // A plain key prints as itself: the fast path (every response goes through here).
        if SecretMatcher.printsAsItself(secret) {
            guard ASCIIText.contains(text, secret) ?? text.contains(secret) else { return text }
            return text.replacingOccurrences(of: secret, with: RedactedRequest.redactedMarker)
        }
        return SecretMatcher(forms: SecretMatcher.printedForms(of: secret)).replacing(in: text, with: RedactedRequest.redactedMarker)
    }
}
