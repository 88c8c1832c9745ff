import Foundation
import FoursquarePlaces
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A tiny HTTP server on 127.0.0.1 for loopback tests: it answers every request with a configurable
/// reply and records what arrived on the wire. Start one per test; the OS picks a free port.
///
///     let server = try await EchoServer.start(reply: .json(200, #"{"results":[]}"#))
///     defer { Task { await server.stop() } }   // or: try await EchoServer.with { server in ... }
///     ... server.baseURL, server.requests ...
public final class EchoServer: @unchecked Sendable {
    /// What the server answers with.
    public struct Reply: Sendable, Hashable {
        public var status: Int
        /// Response header fields in order; names as given.
        public var headers: [Header]
        public var body: Data
        /// How long to wait before answering.
        public var delay: Duration

        public init(status: Int = 200, headers: [Header] = [], body: Data = Data(), delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }

        public init(status: Int = 200, headers: [Header] = [], body: String, delay: Duration = .zero) {
            self.init(status: status, headers: headers, body: Data(body.utf8), delay: delay)
        }

        /// A JSON reply with `Content-Type: application/json`, plus any extra headers.
        public static func json(_ status: Int = 200, _ body: String, headers: [Header] = [], delay: Duration = .zero) -> Reply {
            Reply(status: status, headers: [Header("Content-Type", "application/json")] + headers, body: body, delay: delay)
        }
    }

    /// One header field.
    public struct Header: Sendable, Hashable, CustomStringConvertible {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
        public var description: String { "\(name): \(value)" }
    }

    /// A request as it arrived on the wire.
    public struct RecordedRequest: Sendable, Hashable {
        public let method: String
        /// The request target exactly as sent, e.g. `/places/a%20b?limit=5`.
        public let target: String
        /// The path part of the target, still percent-encoded.
        public let path: String
        /// The raw query (after `?`, still percent-encoded), or nil when the target has no `?`.
        public let rawQuery: String?
        /// Every header field in arrival order, names as the client cased them.
        public let headers: [Header]
        public let body: Data

        /// The first value of `name`, compared case-insensitively.
        public func header(_ name: String) -> String? { values(of: name).first }

        /// Every value of `name`, compared case-insensitively.
        public func values(of name: String) -> [String] {
            headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        }

        /// Lower-cased header names.
        public var headerNames: Set<String> { Set(headers.map { $0.name.lowercased() }) }
    }

    /// The port the server is bound to on 127.0.0.1.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let state: State
    private let task: Task<Void, any Error>

    private init(port: Int, state: State, task: Task<Void, any Error>) {
        self.port = port
        self.state = state
        self.task = task
    }

    /// Every request received so far, in arrival order.
    public var requests: [RecordedRequest] { state.received }

    /// The last request received.
    public var lastRequest: RecordedRequest? { requests.last }

    /// Binds 127.0.0.1 on a free port and starts serving `reply`; returns once the port is known.
    public static func start(reply: Reply = .json(200, "{}")) async throws -> EchoServer {
        try await start { _ in reply }
    }

    /// Binds 127.0.0.1 on a free port and answers each request with what `handler` returns for it.
    public static func start(handler: @escaping @Sendable (RecordedRequest) -> Reply) async throws -> EchoServer {
        let state = State(reply: handler)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            var body = Data()
            for try await var buffer in request.body {
                body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
            }
            let target = request.head.path ?? "/"
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let recorded = RecordedRequest(
                method: request.method.rawValue,
                target: target,
                path: String(parts[0]),
                rawQuery: parts.count > 1 ? String(parts[1]) : nil,
                headers: request.headers.map { Header($0.name.rawName, $0.value) },
                body: body
            )
            let reply = state.record(recorded)
            if reply.delay > .zero { try await Task.sleep(for: reply.delay) }
            var fields = HTTPFields()
            for header in reply.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            return Response(
                status: .init(code: reply.status),
                headers: fields,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body))
            )
        }
        let (port, task) = try await LoopbackHTTPServer.start("EchoServer", serverName: "EchoServer", responder: responder)
        return EchoServer(port: port, state: state, task: task)
    }

    /// Starts a server, runs `body`, and stops the server however `body` ends.
    public static func with<T: Sendable>(
        reply: Reply = .json(200, "{}"), _ body: (EchoServer) async throws -> T
    ) async throws -> T {
        let server = try await start(reply: reply)
        do {
            let result = try await offThePool { try await body(server) }
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Stops the server and waits until it has shut down.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

private final class State: @unchecked Sendable {
    let reply: @Sendable (EchoServer.RecordedRequest) -> EchoServer.Reply
    private let lock = NSLock()
    private var requests: [EchoServer.RecordedRequest] = []

    init(reply: @escaping @Sendable (EchoServer.RecordedRequest) -> EchoServer.Reply) { self.reply = reply }

    var received: [EchoServer.RecordedRequest] { lock.withLock { requests } }

    /// Records `request` and returns the reply for it.
    func record(_ request: EchoServer.RecordedRequest) -> EchoServer.Reply {
        lock.withLock { requests.append(request) }
        return reply(request)
    }
}

