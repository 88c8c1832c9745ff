import Foundation

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
