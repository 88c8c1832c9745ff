import Foundation
import FoursquarePlaces
import HarnessCore

/// Wraps a transport: adds fixed headers to each request and keeps the last response, so live mode,
/// recording and drift can see the raw exchange behind the typed client's result.
package final class ObservingTransport: Transport, Sendable {
    private let base: any Transport
    private let extraHeaders: [(String, String)]
    private let exchange = Locked<(request: HTTPRequest, data: Data, response: HTTPResponse)?>(nil)

    package init(base: any Transport, extraHeaders: [(String, String)] = []) {
        self.base = base
        self.extraHeaders = extraHeaders
    }

    /// The last request sent and the body and head that came back.
    package var last: (request: HTTPRequest, data: Data, response: HTTPResponse)? { exchange.current }

    package func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        var request = request
        for (name, value) in extraHeaders { request.headers[name] = value }
        let (data, response) = try await base.send(request)
        exchange.withLock { $0 = (request, data, response) }
        return (data, response)
    }
}
