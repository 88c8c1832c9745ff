import Foundation
import FoursquarePlaces

/// An in-memory `Transport`: records every request and answers with a canned reply, a closure's
/// reply, or a thrown error. Nothing touches the network.
///
///     let transport = CapturingTransport(status: 404, body: #"{"message":"Not found"}"#)
///     let client = PlacesClient<Contract20250617>(apiKey: APIKey("k"), transport: transport)
///     ... transport.requests, transport.lastRequest ...
public final class CapturingTransport: Transport, @unchecked Sendable, CustomReflectable, CustomStringConvertible {
    /// What the transport answers with.
    public enum Reply: Sendable {
        case response(status: Int, headers: HTTPHeaders, body: Data)
        case failure(any Error)
    }

    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private var handler: @Sendable (HTTPRequest) -> Reply

    /// Answers every request with `status`, `headers` and `body`.
    public convenience init(
        status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"], body: Data
    ) {
        self.init { _ in .response(status: status, headers: headers, body: body) }
    }

    /// Answers every request with `status`, `headers` and a UTF-8 `body` (`{}` by default).
    public convenience init(
        status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"], body: String = "{}"
    ) {
        self.init(status: status, headers: headers, body: Data(body.utf8))
    }

    /// Throws `error` for every request, as a refused or reset connection would.
    public convenience init(failingWith error: any Error) {
        self.init { _ in .failure(error) }
    }

    /// Answers each request with whatever `handler` returns for it.
    public init(handler: @escaping @Sendable (HTTPRequest) -> Reply) {
        self.handler = handler
    }

    public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let handler = lock.withLock {
            recorded.append(request)
            return self.handler
        }
        switch handler(request) {
        case let .response(status, headers, body):
            return (body, HTTPResponse(status: status, headers: headers))
        case let .failure(error):
            throw error
        }
    }

    /// Replaces the reply for later requests.
    public func setReply(status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"], body: String) {
        let data = Data(body.utf8)
        lock.withLock { handler = { _ in .response(status: status, headers: headers, body: data) } }
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] { lock.withLock { recorded } }
    /// The most recent request.
    public var lastRequest: HTTPRequest? { requests.last }
    public var requestCount: Int { requests.count }

    /// Forgets the recorded requests.
    public func reset() { lock.withLock { recorded.removeAll() } }

    // The recorded requests carry the real Authorization header; keep them out of dumps and
    // descriptions so printing a client that uses this transport cannot leak a key.
    public var customMirror: Mirror { Mirror(self, children: ["requestCount": requestCount], displayStyle: .class) }
    public var description: String { "CapturingTransport(\(requestCount) requests)" }
}

/// The same type under the name some tests use when they care about the answer, not the capture.
public typealias StubTransport = CapturingTransport

/// An error whose text is chosen by the test, e.g. one that contains a secret.
public struct TestTransportError: Error, Sendable, CustomStringConvertible, LocalizedError {
    public let description: String
    public init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}

/// Runs `body` and returns the `FoursquareError` it threw, or nil when it returned normally.
public func foursquareError<T>(
    _ body: () async throws(FoursquareError) -> T
) async -> FoursquareError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// Runs `body` and returns the `FoursquareError` it threw, or nil when it returned normally.
public func foursquareError<T>(_ body: () throws(FoursquareError) -> T) -> FoursquareError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
