import Foundation
import FoursquarePlaces
import HarnessCore

/// One call per distinct request in a run: fixtures that send the same request (method, URL with its query, auth
/// header, and the emulator's fixture header when one is sent) share the first one's call, retries included, and
/// each fixture's checks judge that answer. So an applied write goes out once however many fixtures hold it.
package final class SharedCalls: Sendable {
    private let calls = Locked<[String: Task<LiveExchange, Never>]>([:])

    /// An empty run.
    package init() {}

    /// The exchange for `identity`: the call in flight or made for it, else `send`'s, started now. `shared` is
    /// true when another fixture's call answered.
    func exchange(for identity: String, send: @escaping @Sendable () async -> LiveExchange) async -> (LiveExchange, shared: Bool) {
        let (task, shared) = calls.withLock { calls -> (Task<LiveExchange, Never>, Bool) in
            if let task = calls[identity] { return (task, true) }
            let task = Task { await send() }
            calls[identity] = task
            return (task, false)
        }
        return (await task.value, shared)
    }

    /// Whether a call for `identity` was already started in this run.
    func contains(_ identity: String) -> Bool { calls.withLock { $0[identity] != nil } }

    /// The identity of the request `plan` sends under `auth` with `key`, built by the client itself and never
    /// sent; nil when the client refuses to build it (the call then fails the same way, sending nothing).
    package static func identity(of plan: CallPlan, auth: AuthStyle, key: APIKey, baseURL: URL, apiVersion: String,
                         fixtureHeader: String?) async -> String? {
        let capture = CapturingTransport()
        let client = FoursquareClient(apiKey: key, auth: auth, baseURL: baseURL, apiVersion: apiVersion, transport: capture)
        _ = await plan.run(with: client)
        guard let request = capture.request else { return nil }
        let fields = request.headers.fields.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
        return ([request.method, request.url.absoluteString] + fields + [fixtureHeader.map { "fixture: \($0)" } ?? ""])
            .joined(separator: "\n")
    }
}

/// Keeps the request the client would send and sends nothing.
private final class CapturingTransport: Transport, Sendable {
    struct NotSent: Error {}
    private let captured = Locked<HTTPRequest?>(nil)

    var request: HTTPRequest? { captured.current }

    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        captured.withLock { $0 = request }
        throw NotSent()
    }
}

/// Gives every request the answer a shared call already got (scrubbed of the key on its way in), sending nothing.
struct AnsweredTransport: Transport {
    let data: Data
    let response: HTTPResponse

    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) { (data, response) }
}
