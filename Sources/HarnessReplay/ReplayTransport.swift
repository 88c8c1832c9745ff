import Foundation
import FoursquarePlaces
import HarnessCore

/// An in-process `Transport` that records the request the client sent and answers with a fixture's response.
package final class ReplayTransport: Transport, Sendable {
    /// Thrown by a transport that only captures the request, so the client does no decoding.
    /// A description of its own: the client describes the error, and reflection cost 1-2% of a replay run.
    struct NotAnswering: Error, CustomStringConvertible {
        var description: String { "replay: request captured, no response" }
    }

    private let captured = Locked<[HTTPRequest]>([])
    private let status: Int
    private let headers: HTTPHeaders
    private let body: Data
    private let answers: Bool

    /// `answers: false` captures the request and answers nothing: the request check needs no response.
    package convenience init(response: RecordedResponse, answers: Bool = true) {
        self.init(status: response.status, headers: Self.headers(of: response), body: response.body.data, answers: answers)
    }

    /// A transport answering with headers built once per fixture (`headers(of:)`), shared by its auth styles.
    init(status: Int, headers: HTTPHeaders, body: Data, answers: Bool) {
        self.status = status
        self.headers = headers
        self.body = body
        self.answers = answers
    }

    /// A recorded response's headers in name order.
    static func headers(of response: RecordedResponse) -> HTTPHeaders {
        HTTPHeaders(response.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// The requests the client sent, in order.
    package var requests: [HTTPRequest] { captured.current }

    package func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        captured.withLock { $0.append(request) }
        guard answers else { throw NotAnswering() }
        return (body, HTTPResponse(status: status, headers: headers))
    }
}
