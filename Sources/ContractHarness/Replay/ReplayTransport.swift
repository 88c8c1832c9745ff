import Foundation
import FoursquarePlaces

/// An in-process `Transport` that records the request the client sent and answers with a fixture's response.
public final class ReplayTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var captured: [HTTPRequest] = []
    private let status: Int
    private let headers: HTTPHeaders
    private let body: Data

    public init(response: RecordedResponse) {
        status = response.status
        headers = HTTPHeaders(response.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        body = response.body.data
    }

    /// The requests the client sent, in order.
    public var requests: [HTTPRequest] {
        lock.withLock { captured }
    }

    public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        lock.withLock { captured.append(request) }
        return (body, HTTPResponse(status: status, headers: headers))
    }
}
