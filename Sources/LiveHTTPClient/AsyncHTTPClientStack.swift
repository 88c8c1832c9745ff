import AsyncHTTPClient
import HarnessCore
import HarnessLive
import Foundation
import FoursquarePlaces
import NIOCore
import NIOHTTP1
import NIOSSL

/// The live stack on AsyncHTTPClient: a deadline over the whole exchange (fractions work), a body read on demand
/// that stops at the cap, and NIO's bounded header parser, so a hostile server can neither hang a run nor grow its
/// memory. Cancelling an AsyncHTTPClient request is safe: it closes the connection.
package struct AsyncHTTPClientStack: LiveHTTPStack {
    /// Whom calls trust and which proxy each goes through.
    package let settings: NetworkSettings
    /// Certificate chains fetched to explain failed handshakes, so a run probes each server once.
    private let probed = Locked<[String: [NIOSSLCertificate]]>([:])

    /// The system's trust store and no proxy.
    package init() {
        self.init(validated: .direct)
    }

    /// A stack with `settings`; throws one line when a CA file cannot be loaded.
    package init(settings: NetworkSettings) throws(NetworkSettingsError) {
        try TLSTrust.validate(settings.trust)
        self.init(validated: settings)
    }

    private init(validated settings: NetworkSettings) {
        self.settings = settings
    }

    /// This stack with `settings`; throws one line when `--ca-file` cannot be loaded.
    package func configured(_ settings: NetworkSettings) throws -> any LiveHTTPStack {
        try AsyncHTTPClientStack(settings: settings)
    }

    package func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
        do {
            return try await race(request, timeout: timeout, maxBody: maxBody)
        } catch let failure as Unreached {
            // Outside the race: finding out why a handshake failed takes one more connection, and the cause
            // must not turn into a timeout.
            let words = NetworkFailure(url: request.url, proxy: failure.proxy, secrets: settings.proxies.secrets, chains: probed)
            throw await words.classify(failure.error) ?? failure.error
        }
    }

    /// A connection that failed before any answer, with the proxy it went through, for `NetworkFailure`.
    private struct Unreached: Error {
        let error: any Error
        let proxy: ProxyServer?
    }

    private func race(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
        let nanoseconds = Int64(max(timeout, 0) * 1e9)
        let deadline = NIODeadline.now() + .nanoseconds(nanoseconds)
        let progress = ExchangeProgress()
        // Race the exchange against a timer, so the deadline covers the head and the whole body.
        return try await withThrowingTaskGroup(of: (Data, HTTPResponse)?.self) { group in
            group.addTask {
                try await exchange(request, deadline: deadline, timeout: timeout, maxBody: maxBody, progress: progress)
            }
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
        _ request: HTTPRequest, deadline: NIODeadline, timeout: Double, maxBody: Int, progress: ExchangeProgress
    ) async throws -> (Data, HTTPResponse) {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.replaceOrAdd(name: field.name, value: field.value) }
        let proxy = settings.proxies.proxy(for: request.url)
        let client = LiveClients.client(trust: settings.trust, proxy: proxy)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, deadline: deadline)
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            let (head, bytes) = progress.snapshot
            throw LiveTransportError.timedOut(seconds: timeout, headReceived: head, bodyBytes: bytes, url: request.url)
        } catch let error as HTTPParserError {
            throw LiveTransportError.malformed(reason: Self.describe(error), url: request.url)
        } catch let error as IOError where proxy == nil {
            throw LiveTransportError.unreachable(reason: String(cString: strerror(error.errnoCode)), url: request.url)
        } catch {
            throw Unreached(error: error, proxy: proxy)
        }
        progress.headArrived()
        if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > maxBody {
            throw LiveTransportError.bodyTooLarge(bytes: length, limit: maxBody, announced: true, url: request.url)
        }
        var body = BodyBuffer()
        defer { body.discard() }
        do {
            for try await buffer in response.body {
                guard body.count + buffer.readableBytes <= maxBody else {
                    throw LiveTransportError.bodyTooLarge(bytes: body.count + buffer.readableBytes, limit: maxBody,
                                                          announced: false, url: request.url)
                }
                try body.append(buffer)
                progress.received(body.count)
            }
        } catch let failure as LiveTransportError {
            throw failure
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // The connection closed (or was reset) mid-body: a transport failure, as a reset before the head is.
            throw LiveTransportError.closed(bodyBytes: body.count, url: request.url)
        }
        let data = try body.contents()
        var headers = FoursquarePlaces.HTTPHeaders()
        for (name, value) in response.headers {
            // Repeated fields arrive joined, as URLSession joins them, so checks see one value either way.
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return (data, HTTPResponse(status: Int(response.status.code), headers: headers))
    }

    static func describe(_ error: HTTPParserError) -> String {
        switch error {
        case .headerOverflow: return "the response head is larger than the parser's 80 KB limit"
        default: return "the response is not valid HTTP (\(error))"
        }
    }
}

/// How far one exchange got, for the timeout message.
private final class ExchangeProgress: Sendable {
    private let state = Locked((head: false, bytes: 0))

    var snapshot: (Bool, Int) { state.withLock { ($0.head, $0.bytes) } }
    func headArrived() { state.withLock { $0.head = true } }
    func received(_ total: Int) { state.withLock { $0.bytes = total } }
}
