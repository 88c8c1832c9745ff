import AsyncHTTPClient
import Foundation
import FoursquarePlaces
import NIOCore
import NIOHTTP1

/// The harness's transport for live calls, on AsyncHTTPClient: a per-request deadline (fractions work), a
/// streamed body that stops at a cap, and NIO's bounded header parser, so a hostile server can neither hang a
/// run nor grow its memory. The `FoursquarePlaces` library keeps `URLSessionTransport` for apps.
///
/// Why not URLSession here: on this toolchain, cancelling a Swift Task suspended in `URLSession.data` can
/// deadlock (swift-corelibs-foundation #5412), and even driven through a delegate with a body cap, an endless
/// body grew RSS to 263–573 MB at --concurrency 1 (1.27 GB and a hang in `URLSessionTask.cancel` at 4): the
/// delegate queue lags behind libcurl with no back-pressure. AsyncHTTPClient reads the body on demand.
public struct LiveTransport: Transport {
    public let session: LiveSession
    /// Seconds for the whole exchange: connect, head and body.
    public let timeout: Double

    public init(session: LiveSession, timeout: Double) {
        self.session = session
        self.timeout = timeout
    }

    public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await session.send(request, timeout: timeout)
    }
}

/// The client and the body cap shared by every live call of a run.
public struct LiveSession: Sendable {
    /// Default body cap: 16 MB.
    public static let defaultMaxBody = 16 * 1024 * 1024

    public let maxBody: Int
    /// The process-wide client, which needs no shutdown; its pool grows connections per host on demand.
    private let client: HTTPClient

    public init(concurrency: Int = 4, maxBody: Int = LiveSession.defaultMaxBody) {
        self.maxBody = maxBody
        client = HTTPClient.shared
    }

    /// Sends `request`; throws `LiveTransportError` past the deadline, the body cap or on a malformed answer.
    public func send(_ request: HTTPRequest, timeout: Double) async throws -> (Data, HTTPResponse) {
        let nanoseconds = Int64(max(timeout, 0) * 1e9)
        let deadline = NIODeadline.now() + .nanoseconds(nanoseconds)
        let progress = Progress()
        // Race the exchange against a timer: the deadline covers the head and the whole body, and cancelling
        // an AsyncHTTPClient request is safe (it closes the connection).
        return try await withThrowingTaskGroup(of: (Data, HTTPResponse)?.self) { group in
            group.addTask { try await exchange(request, deadline: deadline, timeout: timeout, progress: progress) }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(nanoseconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                let (head, bytes) = progress.snapshot
                throw LiveTransportError.timedOut(seconds: timeout, headReceived: head, bodyBytes: bytes, url: request.url)
            }
            return result
        }
    }

    private func exchange(
        _ request: HTTPRequest, deadline: NIODeadline, timeout: Double, progress: Progress
    ) async throws -> (Data, HTTPResponse) {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.replaceOrAdd(name: field.name, value: field.value) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, deadline: deadline)
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            let (head, bytes) = progress.snapshot
            throw LiveTransportError.timedOut(seconds: timeout, headReceived: head,
                                              bodyBytes: bytes, url: request.url)
        } catch let error as HTTPParserError {
            throw LiveTransportError.malformed(reason: Self.describe(error), url: request.url)
        }
        progress.headArrived()
        if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > maxBody {
            throw LiveTransportError.bodyTooLarge(bytes: length, limit: maxBody, announced: true, url: request.url)
        }
        var body = Data()
        for try await buffer in response.body {
            let total = body.count + buffer.readableBytes
            guard total <= maxBody else {
                throw LiveTransportError.bodyTooLarge(bytes: total, limit: maxBody, announced: false, url: request.url)
            }
            body.append(contentsOf: buffer.readableBytesView)
            progress.received(body.count)
        }
        var headers = HTTPHeaders()
        for (name, value) in response.headers {
            // Repeated fields arrive joined, as URLSession joins them.
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return (body, HTTPResponse(status: Int(response.status.code), headers: headers))
    }

    static func describe(_ error: HTTPParserError) -> String {
        switch error {
        case .headerOverflow: return "the response head is larger than the parser's 80 KB limit"
        default: return "the response is not valid HTTP (\(error))"
        }
    }
}

/// Why a bounded exchange ended without a full response.
public enum LiveTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body passed the cap: `bytes` had arrived when the call stopped, or were announced by Content-Length.
    case bodyTooLarge(bytes: Int, limit: Int, announced: Bool, url: URL)
    /// The answer was not HTTP the parser accepts (an endless or oversized head, say).
    case malformed(reason: String, url: URL)
    /// The deadline passed; `headReceived` says whether the status line and headers had all arrived.
    case timedOut(seconds: Double, headReceived: Bool, bodyBytes: Int, url: URL)

    public var description: String {
        switch self {
        case let .bodyTooLarge(bytes, limit, announced, url):
            let what = announced ? "Content-Length announced \(Self.size(bytes))" : "stopped at \(Self.size(bytes)) received"
            return "the response body from \(Self.origin(url)) is larger than the \(Self.size(limit)) cap "
                + "(\(what); raise the cap with --max-body)"
        case let .malformed(reason, url):
            return "the answer from \(Self.origin(url)) was refused: \(reason)"
        case let .timedOut(seconds, headReceived, bodyBytes, url):
            let seconds = String(format: "%g", seconds)
            if !headReceived {
                return "no complete response head from \(Self.origin(url)) within \(seconds)s "
                    + "(the server sent nothing, or kept sending headers)"
            }
            return "the response body from \(Self.origin(url)) was not complete within \(seconds)s "
                + "(\(Self.size(bodyBytes)) received)"
        }
    }

    static func origin(_ url: URL) -> String {
        "\(url.scheme ?? "http")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")"
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MB" }
        return "\(bytes) bytes"
    }
}

/// How far one exchange got, for the timeout message.
private final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private var head = false
    private var bytes = 0

    var snapshot: (Bool, Int) { lock.withLock { (head, bytes) } }
    func headArrived() { lock.withLock { head = true } }
    func received(_ total: Int) { lock.withLock { bytes = total } }
}
