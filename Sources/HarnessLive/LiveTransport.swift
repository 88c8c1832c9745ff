import Foundation
import FoursquarePlaces
import HarnessCore

/// The HTTP stack under the harness's live calls: one exchange, bounded by a timeout and a body cap.
///
/// With the Live trait, `fsq-contract`'s main passes one (AsyncHTTPClient, in `LiveHTTPClient`); the main job's
/// build stays free of SwiftNIO. URLSession cannot be bounded on this toolchain: its delegate queue lags libcurl with
/// no back-pressure, so an endless body grew RSS to 263 MB–2 GB past a 1 MB cap, and cancelling a task can
/// deadlock (swift-corelibs-foundation #5412). The LiveCalls guide (ContractCLI.docc) has the measurements.
package protocol LiveHTTPStack: Sendable {
    /// Sends `request`; throws `LiveTransportError` past `timeout` seconds, past `maxBody` bytes, or on an answer
    /// that is not HTTP.
    func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse)

    /// This stack with `settings`' trust and proxies; throws one line when a CA file cannot be loaded.
    func configured(_ settings: NetworkSettings) throws -> any LiveHTTPStack
}

extension LiveHTTPStack {
    /// A stack that makes no connection of its own (a test's stub) ignores the settings.
    package func configured(_ settings: NetworkSettings) throws -> any LiveHTTPStack { self }
}

/// The live stack's shared limits.
package enum LiveStack {
    /// Default body cap: 16 MB.
    package static let defaultMaxBody = 16 * 1024 * 1024
}

/// A `Transport` over a `LiveHTTPStack` with a fixed timeout and body cap: one per call attempt.
package struct LiveTransport: Transport {
    package let stack: any LiveHTTPStack
    /// Seconds for the whole exchange: connect, head and body.
    package let timeout: Double
    package let maxBody: Int
    /// The run's `--deadline` when it, not `--timeout`, set `timeout`: a cut call then names the deadline.
    package let runDeadline: Double?

    package init(stack: any LiveHTTPStack, timeout: Double, maxBody: Int = LiveStack.defaultMaxBody, runDeadline: Double? = nil) {
        self.stack = stack
        self.timeout = timeout
        self.maxBody = maxBody
        self.runDeadline = runDeadline
    }

    /// The run's deadline, read again when the request is sent: a request that waited (the run's first answer,
    /// `FirstAnswerGate`) gets only what is left of it.
    package var deadline: RunDeadline?

    package func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        var timeout = self.timeout, runDeadline = self.runDeadline
        if let deadline, deadline.remaining < timeout {
            timeout = max(0.001, deadline.remaining)
            runDeadline = deadline.seconds
        }
        do {
            return try await stack.send(request, timeout: timeout, maxBody: maxBody)
        } catch let LiveTransportError.timedOut(_, head, bytes, url) where runDeadline != nil {
            throw LiveTransportError.runDeadlinePassed(deadline: runDeadline!, headReceived: head, bodyBytes: bytes, url: url)
        }
    }
}

/// Why a bounded exchange ended without a full response.
package enum LiveTransportError: Error, Sendable, Equatable, CustomStringConvertible, TransportErrorClassifying {
    /// A deadline (the call's or the run's) is `.timedOut`; anything else is a transport failure.
    package var foursquareErrorCode: FoursquareError.Code {
        switch self {
        case .timedOut, .runDeadlinePassed: return .timedOut
        case .bodyTooLarge, .malformed, .unreachable, .closed, .network: return .transportFailed
        }
    }

    /// The body passed the cap: `bytes` had arrived when the call stopped, or were announced by Content-Length.
    case bodyTooLarge(bytes: Int, limit: Int, announced: Bool, url: URL)
    /// The answer was not HTTP the parser accepts (an endless or oversized head, say).
    case malformed(reason: String, url: URL)
    /// No connection: refused, or the network is unreachable (`reason` is the system's word for it).
    case unreachable(reason: String, url: URL)
    /// The connection closed or was reset after the head, with `bodyBytes` of the body: no complete answer.
    case closed(bodyBytes: Int, url: URL)
    /// The deadline passed; `headReceived` says whether the status line and headers had all arrived.
    case timedOut(seconds: Double, headReceived: Bool, bodyBytes: Int, url: URL)
    /// The run's `--deadline` ran out during the exchange: the server may have been about to answer.
    case runDeadlinePassed(deadline: Double, headReceived: Bool, bodyBytes: Int, url: URL)
    /// No exchange: TLS, DNS or a proxy failed. `cause` is the one line that says what to do; `raw` is the
    /// library's own error, scrubbed of proxy credentials, for the report's detail; `permanent` when another
    /// attempt would fail the same way (a certificate that does not verify), so it is not retried.
    case network(cause: String, raw: String, permanent: Bool)

    package var description: String {
        switch self {
        case let .bodyTooLarge(bytes, limit, announced, url):
            let what = announced ? "Content-Length announced \(Self.size(bytes))" : "stopped at \(Self.size(bytes)) received"
            return "the response body from \(Self.origin(url)) is larger than the \(Self.size(limit)) cap "
                + "(\(what); raise the cap with --max-body)"
        case let .malformed(reason, url):
            return "the answer from \(Self.origin(url)) was refused: \(reason)"
        case let .unreachable(reason, url):
            return "cannot connect to \(Self.origin(url)): \(reason); is the server running, and is --base-url right?"
        case let .closed(bodyBytes, url):
            return "the connection to \(Self.origin(url)) closed mid-answer (reset after the head and \(Self.size(bodyBytes)) of the body)"
        case let .timedOut(seconds, headReceived, bodyBytes, url):
            let seconds = String(format: "%g", seconds)
            if !headReceived {
                return "no complete response head from \(Self.origin(url)) within \(seconds)s "
                    + "(the server sent nothing, or kept sending headers)"
            }
            return "the response body from \(Self.origin(url)) was not complete within \(seconds)s "
                + "(\(Self.size(bodyBytes)) received)"
        case let .runDeadlinePassed(deadline, headReceived, bodyBytes, url):
            let got = headReceived ? "the head and \(Self.size(bodyBytes)) of the body had arrived" : "no complete head had arrived"
            return "the run's deadline (--deadline \(String(format: "%g", deadline))) passed during the call to \(Self.origin(url)) "
                + "(\(got)); raise --deadline"
        case let .network(cause, _, _):
            return cause
        }
    }

    /// No complete answer came (refused, reset, closed mid-body, timed out, a TLS, DNS or proxy failure): a transport
    /// failure, which says nothing about the contract. A body past the cap or a head past the parser's limit is an
    /// answer, judged as one.
    package var isNoAnswer: Bool {
        switch self {
        case .bodyTooLarge, .malformed: return false
        case .unreachable, .closed, .timedOut, .runDeadlinePassed, .network: return true
        }
    }

    /// The library's own words for a `.network` failure, for the report's detail; nil for the other cases.
    package var raw: String? {
        if case let .network(_, raw, _) = self { return raw }
        return nil
    }

    package static func origin(_ url: URL) -> String {
        "\(url.scheme ?? "http")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")"
    }

    package static func size(_ bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MB" }
        return "\(bytes) bytes"
    }
}

extension FoursquareError {
    /// For a call that reached no server (TLS, DNS, a proxy): `no answer: <the one line>`, the same for every call
    /// with that cause (no URL, no query), so runs group them; nil for every other failure.
    package var networkCause: String? {
        guard let failure = underlyingError as? LiveTransportError, case let .network(cause, _, _) = failure else { return nil }
        return "no answer: \(cause)"
    }

    /// For a call that got no complete answer (`LiveTransportError.isNoAnswer`): `no answer: <the one line>`, the
    /// words every verb's case gives it (`CallHealth.unanswered`); nil for every other failure.
    package var noAnswerCause: String? {
        guard let failure = underlyingError as? LiveTransportError, failure.isNoAnswer else { return nil }
        return networkCause ?? "no answer: \(failure.description)"
    }

    /// True for a failure another attempt would repeat (a certificate that does not verify): not worth a retry.
    package var isPermanentNetworkFailure: Bool {
        guard let failure = underlyingError as? LiveTransportError, case let .network(_, _, permanent) = failure else { return false }
        return permanent
    }
}
