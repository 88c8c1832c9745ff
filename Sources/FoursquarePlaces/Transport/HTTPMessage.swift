import Foundation

/// Header fields with case-insensitive names, kept in the order they were set.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as set.
        public var name: String
        /// The field value.
        public var value: String
        /// A field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in the order they were set.
    public private(set) var fields: [Field] = []

    /// No headers.
    public init() {}

    /// Headers from name-value pairs; a repeated name keeps its last value.
    public init(_ fields: [(String, String)]) {
        for (name, value) in fields { self[name] = value }
    }

    /// `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The value for `name`, compared case-insensitively; setting `nil` removes it.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            fields.removeAll { Self.sameName($0.name, name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Lower-cased names mapped to values, as fixtures store them.
    package var lowercasedDictionary: [String: String] {
        var result: [String: String] = [:]
        for field in fields { result[field.name.lowercased()] = field.value }
        return result
    }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    static func sameName(_ a: String, _ b: String) -> Bool {
        ASCIIText.equalsIgnoringCase(a, b) ?? (a.caseInsensitiveCompare(b) == .orderedSame)
    }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

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

/// The status line and headers of an HTTP response.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders

    /// A response head.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.headers = headers
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200...299).contains(status) }
}

/// Sends one request and returns the body and response; the seam where replay and live transports plug in.
public protocol Transport: Sendable {
    /// Performs `request`. Throw only for failures below HTTP (refused, reset, timeout); any status is a response.
    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse)
}
