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

/// How the client authenticates: the two styles the spec documents.
public enum AuthStyle: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Documents 000–003: `Authorization: <key>`.
    case apiKey
    /// Document 004: `Authorization: Bearer <key>` plus `X-Places-Api-Version`.
    case bearer

    /// `apiKey` or `bearer`.
    public var description: String { rawValue }

    /// The header set this style sends, authorization included.
    package func headers(key: APIKey, apiVersion: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        switch self {
        case .apiKey:
            headers["Authorization"] = key.secret
        case .bearer:
            headers["Authorization"] = "Bearer \(key.secret)"
            headers["X-Places-Api-Version"] = apiVersion
        }
        headers["accept"] = "application/json"
        return headers
    }
}

/// A request with the secret removed, safe to print, log or keep inside an error.
public struct RedactedRequest: Sendable, Hashable, CustomStringConvertible {
    package static let redactedMarker = "<redacted>"

    /// The HTTP method.
    public let method: String
    /// The full URL, query and place id included (the key never is in a URL).
    public let url: String
    /// The headers, `Authorization` as `<redacted>` (with its `Bearer ` scheme kept).
    public let headers: [HTTPHeaders.Field]

    /// `request` with `key` removed from its headers and URL.
    public init(_ request: HTTPRequest, key: APIKey?) {
        method = request.method
        url = key?.redact(request.url.absoluteString) ?? request.url.absoluteString
        headers = request.headers.map { field in
            if HTTPHeaders.sameName(field.name, "authorization") {
                let scheme = PresentedAuth.read(authorization: field.value)?.style == .bearer ? "Bearer " : ""
                return HTTPHeaders.Field(name: field.name, value: scheme + Self.redactedMarker)
            }
            return HTTPHeaders.Field(name: field.name, value: key?.redact(field.value) ?? field.value)
        }
    }

    /// `GET <url>`: for debugging, not for logs (the URL carries query values).
    public var description: String {
        "\(method) \(url)"
    }
}
