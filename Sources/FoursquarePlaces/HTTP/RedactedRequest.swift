import Foundation

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
