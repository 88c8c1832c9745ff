import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces

/// The harness's transport for live calls: URLSession driven through a delegate, with a per-request deadline
/// (fractions work) and a cap on the body, so a hostile server can neither hang a run nor grow its memory.
///
/// Why not `URLSession.data(for:)`: on this toolchain, cancelling a Swift Task suspended in it can deadlock
/// (swift-corelibs-foundation #5412), and it buffers an endless body without limit. Here no Swift Task is ever
/// cancelled into URLSession: the deadline is a dispatch timer, and every `URLSessionTask.cancel()` runs on a
/// dispatch queue of our own, outside any task-cancellation handler.
///
/// Known limit: the cap ends the call with the size, but URLSession's delegate queue lags libcurl with no
/// back-pressure, so an endless body still grew RSS to 263–573 MB before the cancel took effect (measured with a
/// 1 MB cap). An AsyncHTTPClient transport measured about 50 MB, but it would put SwiftNIO into the main job's
/// build closure, which issue 14 keeps free of it.
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

/// One URLSession (sized to the run's concurrency) and the delegate that bounds every exchange on it.
public final class LiveSession: Sendable {
    /// Default body cap: 16 MB.
    public static let defaultMaxBody = 16 * 1024 * 1024

    public let maxBody: Int
    private let session: URLSession
    private let delegate: BoundedDelegate

    public init(concurrency: Int = 4, maxBody: Int = LiveSession.defaultMaxBody) {
        self.maxBody = maxBody
        let configuration = URLSessionConfiguration.ephemeral
        // URLSession.shared allows 6 connections per host, which would cap --concurrency above 6.
        configuration.httpMaximumConnectionsPerHost = max(concurrency, 1)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        delegate = BoundedDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        // invalidateAndCancel() waits for the session's work queue; never make the caller wait with it.
        let session = self.session
        Exchange.cancels.async { session.invalidateAndCancel() }
    }

    /// Sends `request`; throws `LiveTransportError` past the deadline or the body cap, or the URL error.
    public func send(_ request: HTTPRequest, timeout: Double) async throws -> (Data, HTTPResponse) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for field in request.headers { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        // URLSession's own timer rounds down to whole seconds; keep it behind ours as a backstop only.
        urlRequest.timeoutInterval = max(timeout.rounded(.up) + 1, 1)
        let task = session.dataTask(with: urlRequest)
        let exchange = Exchange(task: task, url: request.url, timeout: timeout, maxBody: maxBody)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(continuation, registry: delegate)
            }
        } onCancel: {
            // Never touch URLSession from here: the task's status lock is held (the #5412 cycle).
            Exchange.queue.async { exchange.finish(.failure(CancellationError())) }
        }
    }
}

/// Why a bounded exchange ended without a full response.
public enum LiveTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body passed the cap: `bytes` had arrived when the call stopped, or were announced by Content-Length.
    case bodyTooLarge(bytes: Int, limit: Int, announced: Bool, url: URL)
    /// libcurl gave up with a reason but no URL error code (e.g. "Too large response headers: 307299 > 307200").
    case failed(reason: String, url: URL)
    /// The deadline passed; `headReceived` says whether the status line and headers had all arrived.
    case timedOut(seconds: Double, headReceived: Bool, bodyBytes: Int, url: URL)

    public var description: String {
        switch self {
        case let .bodyTooLarge(bytes, limit, announced, url):
            let what = announced ? "Content-Length announced \(Self.size(bytes))" : "stopped at \(Self.size(bytes)) received"
            return "the response body from \(Self.origin(url)) is larger than the \(Self.size(limit)) cap "
                + "(\(what); raise the cap with --max-body)"
        case let .failed(reason, url):
            return "the exchange with \(Self.origin(url)) failed: \(reason)"
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

/// The state of one request: its buffer, its deadline timer, and the one continuation that ends it.
final class Exchange: @unchecked Sendable {
    /// Where timers fire and URLSession tasks are cancelled: never inside a Swift Task's cancellation.
    static let queue = DispatchQueue(label: "fsq-contract.live-transport")
    static let cancels = DispatchQueue(label: "fsq-contract.live-transport.cancel", attributes: .concurrent)

    let task: URLSessionDataTask
    private let url: URL
    private let timeout: Double
    private let maxBody: Int
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, HTTPResponse), any Error>?
    private var response: HTTPResponse?
    private var body = Data()
    private var finished = false
    private var timer: DispatchSourceTimer?
    private weak var registry: BoundedDelegate?

    init(task: URLSessionDataTask, url: URL, timeout: Double, maxBody: Int) {
        self.task = task
        self.url = url
        self.timeout = timeout
        self.maxBody = maxBody
    }

    func start(_ continuation: CheckedContinuation<(Data, HTTPResponse), any Error>, registry: BoundedDelegate) {
        let cancelledEarly = lock.withLock { () -> Bool in
            if finished { return true }
            self.continuation = continuation
            self.registry = registry
            return false
        }
        if cancelledEarly {
            continuation.resume(throwing: CancellationError())
            return
        }
        registry.register(self)
        let timer = DispatchSource.makeTimerSource(queue: Self.queue)
        timer.schedule(deadline: .now() + .nanoseconds(Int(max(timeout, 0) * 1e9)))
        timer.setEventHandler { [weak self] in self?.expire() }
        lock.withLock { self.timer = timer }
        timer.resume()
        task.resume()
    }

    private func expire() {
        let (head, bytes) = lock.withLock { (response != nil, body.count) }
        finish(.failure(LiveTransportError.timedOut(seconds: timeout, headReceived: head, bodyBytes: bytes, url: url)))
    }

    func received(_ response: HTTPResponse) {
        lock.withLock { if !finished { self.response = response } }
    }

    /// Keeps at most `maxBody` bytes; past it, ends the call with the size so memory stays flat.
    func received(_ data: Data) {
        let overflow = lock.withLock { () -> Int? in
            guard !finished else { return nil }
            if body.count + data.count > maxBody { return body.count + data.count }
            body.append(data)
            return nil
        }
        if let overflow {
            finish(.failure(LiveTransportError.bodyTooLarge(bytes: overflow, limit: maxBody, announced: false, url: url)))
        }
    }

    /// A Content-Length past the cap is refused before a byte of the body is read.
    func refuse(announcedLength length: Int64) -> Bool {
        guard length > Int64(maxBody) else { return false }
        finish(.failure(LiveTransportError.bodyTooLarge(bytes: Int(clamping: length), limit: maxBody, announced: true, url: url)))
        return true
    }

    func completed(_ error: (any Error)?) {
        if let error {
            let nsError = error as NSError
            // Code -1 (unknown) carries libcurl's own reason only in the description: keep it readable.
            if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorUnknown {
                let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
                let reason = nsError.userInfo[NSLocalizedDescriptionKey] as? String
                    ?? underlying?.userInfo[NSLocalizedDescriptionKey] as? String ?? "an unknown transport error"
                finish(.failure(LiveTransportError.failed(reason: reason, url: url)))
            } else {
                finish(.failure(error))
            }
            return
        }
        let result = lock.withLock { () -> Result<(Data, HTTPResponse), any Error> in
            guard let response else { return .failure(URLError(.badServerResponse)) }
            return .success((body, response))
        }
        finish(result)
    }

    /// Resumes the caller once, whoever comes first; then stops the timer and the URLSession task.
    func finish(_ result: Result<(Data, HTTPResponse), any Error>) {
        let claimed = lock.withLock { () -> (CheckedContinuation<(Data, HTTPResponse), any Error>?, DispatchSourceTimer?)? in
            guard !finished else { return nil }
            finished = true
            defer { continuation = nil; timer = nil; body = Data() }
            return (continuation, timer)
        }
        guard let (continuation, timer) = claimed else { return }
        timer?.cancel()
        continuation?.resume(with: result)
        if case .failure = result {
            let task = self.task
            // On a thread of its own: cancel() waits for the session's work queue, which may be busy with
            // other transfers, and must never hold up the timers of other exchanges.
            Self.cancels.async { task.cancel() }
        }
        registry?.unregister(self)
    }
}

/// Routes URLSession's delegate calls to the exchange each task belongs to.
final class BoundedDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func register(_ exchange: Exchange) {
        lock.withLock { exchanges[exchange.task.taskIdentifier] = exchange }
    }

    func unregister(_ exchange: Exchange) {
        lock.withLock { exchanges[exchange.task.taskIdentifier] = nil }
    }

    private func exchange(for task: URLSessionTask) -> Exchange? {
        lock.withLock { exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(for: dataTask) else {
            completionHandler(.cancel)
            return
        }
        guard let http = response as? HTTPURLResponse else {
            exchange.completed(URLError(.badServerResponse))
            completionHandler(.cancel)
            return
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        exchange.received(HTTPResponse(status: http.statusCode, headers: headers))
        completionHandler(exchange.refuse(announcedLength: http.expectedContentLength) ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        exchange(for: task)?.completed(error)
    }
}
