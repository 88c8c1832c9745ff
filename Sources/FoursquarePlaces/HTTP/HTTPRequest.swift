import Foundation

/// An outgoing HTTP request as a plain value, so it can be captured, recorded and replayed.
public struct HTTPRequest: Sendable, Hashable {
    /// The HTTP method.
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders

    /// A request; GET with no headers unless given.
    public init(method: String = "GET", url: URL, headers: HTTPHeaders = HTTPHeaders()) {
        self.method = method
        self.url = url
        self.headers = headers
    }

    /// The path exactly as sent, percent-encoding included.
    public var path: String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
    }

    /// Query parameters decoded from the URL; a repeated name keeps its last value.
    public var queryParameters: [String: String] {
        var result: [String: String] = [:]
        for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            result[item.name] = item.value ?? ""
        }
        return result
    }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible {
    /// Method, URL and header names; the `Authorization` value is always redacted.
    public var description: String {
        let headerText = headers.map { field in
            let value = field.name.caseInsensitiveCompare("authorization") == .orderedSame
                ? RedactedRequest.redactedMarker : field.value
            return "\(field.name): \(value)"
        }.joined(separator: ", ")
        return "\(method) \(url.absoluteString) [\(headerText)]"
    }

    /// The same as `description`.
    public var debugDescription: String { description }
}
