import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Transport` over URLSession, on Linux (FoundationNetworking) and Apple platforms.
///
/// Cancelling the calling `Task` ends the call at once with `CancellationError` (the client's `.cancelled`), and a
/// `timeout` ends it with ``TransportTimeout`` (the client's `.timedOut`), however slow the server or URLSession is
/// to notice. After a timeout URLSession closes the connection itself, a second or more later.
public struct URLSessionTransport: Transport {
    /// The session requests go through.
    public let session: URLSession
    /// The per-request deadline in seconds, fractions included; nil waits as long as URLSession does.
    public let timeoutInterval: TimeInterval?

    /// A transport whose every request must be answered within `timeout`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public init(session: URLSession = .shared, timeout: Duration?) {
        self.init(session: session, timeoutInterval: timeout.map(Self.seconds))
    }

    /// A transport with an optional deadline in seconds, for platforms before `Duration` (iOS 15, macOS 12).
    public init(session: URLSession = .shared, timeoutInterval: TimeInterval? = nil) {
        self.session = session
        self.timeoutInterval = timeoutInterval
    }

    /// The per-request deadline.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var timeout: Duration? {
        timeoutInterval.map { .nanoseconds(Int64(($0 * 1_000_000_000).rounded())) }
    }

    /// Sends `request`; throws `CancellationError` when the caller is cancelled and `TransportTimeout` at the deadline.
    public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        try Task.checkCancellation()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for field in request.headers { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        if let timeoutInterval {
            // The call's timer below is the deadline. URLSession's own (whole seconds on Linux) ends the task a
            // second or more later: the deadline leaves the task to it rather than cancelling it, because on Linux
            // a cancel that lands while URLSession is ending the task itself (the server hanging up, its own timer)
            // traps in URLSession's task registry, and a busy machine delays a cancel into that window.
            urlRequest.timeoutInterval = max(timeoutInterval.rounded(.up) + 1, 1)
        }
        let call = PendingCall()
        // The deadline runs from here, whatever setting up the URLSession task costs on a loaded machine.
        if let timeoutInterval {
            let timeout = TransportTimeout(seconds: timeoutInterval, url: request.url)
            TransportQueues.timers.asyncAfter(deadline: .now() + max(timeoutInterval, 0)) {
                call.finish(.failure(timeout))
            }
        }
        let (data, response) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        call.finish(.failure(error))
                    } else if let response {
                        call.finish(.success((data ?? Data(), response)))
                    } else {
                        call.finish(.failure(URLError(.badServerResponse)))
                    }
                }
                guard call.start(continuation, task: task) else { return }
                task.resume()
            }
        } onCancel: {
            call.finish(.failure(CancellationError()), cancellingTask: true)
        }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return (data, HTTPResponse(status: http.statusCode, headers: headers))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// One URLSession call that the answer, the deadline or the caller's cancellation ends, whichever comes first.
///
/// The loser is ignored. The URLSession task is cancelled from a dispatch queue, never inside a Swift task's
/// cancellation handler: on Linux that handler holds a lock URLSession's own thread may be waiting for
/// (swift-corelibs-foundation issue 5412), and the two deadlock.
/// The transport's own serial queues. A serial queue gets a thread of its own when it needs one; the global queue's
/// few default threads (two on a 2-core Linux machine) can all be held by other work, which once held a 0.4 s
/// timeout back for 11 s.
private enum TransportQueues {
    /// Fires the call deadlines.
    static let timers = DispatchQueue(label: "FoursquarePlaces.URLSessionTransport.timers")
    /// Cancels URLSession tasks (for a cancelled caller), which can wait on URLSession's own queue: apart from the
    /// timers, so a slow cancel never delays a deadline.
    static let cancels = DispatchQueue(label: "FoursquarePlaces.URLSessionTransport.cancels")
}

private final class PendingCall: Sendable {
    private struct State {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var task: URLSessionDataTask?
        /// Set when the call ended before it started (cancelled while being set up).
        var early: Result<(Data, URLResponse), any Error>?
        var finished = false
    }

    private let state = Locked(State())

    /// Hands over the continuation and task; false when the call already ended (the continuation is resumed).
    func start(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>, task: URLSessionDataTask) -> Bool {
        let early: Result<(Data, URLResponse), any Error>? = state.withLock { state in
            if let early = state.early { return early }
            state.continuation = continuation
            state.task = task
            return nil
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// Ends the call with `result` unless it has ended already.
    func finish(_ result: Result<(Data, URLResponse), any Error>, cancellingTask: Bool = false) {
        let ending: (CheckedContinuation<(Data, URLResponse), any Error>, URLSessionDataTask?)? = state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            guard let continuation = state.continuation else {
                state.early = result
                return nil
            }
            state.continuation = nil
            defer { state.task = nil }
            return (continuation, state.task)
        }
        guard let (continuation, task) = ending else { return }
        continuation.resume(with: result)
        if cancellingTask, let task {
            let box = UncheckedTask(task: task)
            TransportQueues.cancels.async { box.task.cancel() }
        }
    }
}

/// URLSession tasks are thread-safe; older SDKs do not say so.
private struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionDataTask
}

/// Raised when a request outlives its deadline; the client reports it as `FoursquareError.Code.timedOut`.
public struct TransportTimeout: Error, Sendable, CustomStringConvertible, TransportErrorClassifying {
    /// The deadline that passed, in seconds.
    public let seconds: Double
    /// The request's URL; only its scheme, host and port are ever printed.
    public let url: URL

    /// A timeout of `seconds` for a request to `url`.
    public init(seconds: Double, url: URL) {
        self.seconds = seconds
        self.url = url
    }

    /// `no response from https://host within 5s`: scheme, host and port only.
    public var description: String {
        "no response from \(url.scheme ?? "http")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "") within \(Self.format(seconds))s"
    }

    /// Always `.timedOut`.
    public var foursquareErrorCode: FoursquareError.Code { .timedOut }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
