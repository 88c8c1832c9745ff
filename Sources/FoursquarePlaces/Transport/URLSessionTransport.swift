import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `Transport` over URLSession, on Linux (FoundationNetworking) and Apple platforms.
public struct URLSessionTransport: Transport {
    public let session: URLSession
    /// Per-request deadline in seconds; fractions work (URLSession on Linux rounds its own timeout down to whole seconds).
    public let timeout: Double?

    public init(session: URLSession = .shared, timeout: Double? = nil) {
        self.session = session
        self.timeout = timeout
    }

    public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for field in request.headers { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        if let timeout {
            // Keep URLSession's own timer out of the way; our race below enforces the real deadline.
            urlRequest.timeoutInterval = max(timeout.rounded(.up) + 1, 1)
            let prepared = urlRequest
            return try await withDeadline(seconds: timeout, url: request.url) {
                try await self.perform(prepared)
            }
        }
        return try await perform(urlRequest)
    }

    private func perform(_ urlRequest: URLRequest) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return (data, HTTPResponse(status: http.statusCode, headers: headers))
    }
}

/// Raised when a request outlives its deadline.
public struct TransportTimeout: Error, Sendable, CustomStringConvertible {
    public let seconds: Double
    public let url: URL
    public var description: String {
        "no response from \(url.scheme ?? "http")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "") within \(seconds)s"
    }
}

/// Runs `operation`, throwing `TransportTimeout` after `seconds` and cancelling it. Returns at the
/// deadline even when the operation is slow to notice cancellation (URLSession on Linux can be).
func withDeadline<T: Sendable>(
    seconds: Double, url: URL, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    // Lets exactly one of the racers resume the continuation.
    let claimed = Locked(false)
    let work = Task<T, any Error> { try await operation() }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            Task {
                do {
                    let value = try await work.value
                    if claim(claimed) { continuation.resume(returning: value) }
                } catch {
                    if claim(claimed) { continuation.resume(throwing: error) }
                }
            }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(max(seconds, 0) * 1_000_000_000))
                if claim(claimed) {
                    work.cancel()
                    continuation.resume(throwing: TransportTimeout(seconds: seconds, url: url))
                }
            }
        }
    } onCancel: {
        work.cancel()
    }
}

/// True for the first caller only.
private func claim(_ flag: Locked<Bool>) -> Bool {
    flag.withLock { claimed in
        defer { claimed = true }
        return !claimed
    }
}
