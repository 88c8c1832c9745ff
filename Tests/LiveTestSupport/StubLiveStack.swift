import Foundation
import FoursquarePlaces
import HarnessLive

/// A live HTTP stack in process that answers every request with `answer` and keeps what was sent: a server that is
/// not the emulator, for the tests of the live passes (live, record, nightly).
package final class StubLiveStack: LiveHTTPStack, @unchecked Sendable {
    /// The key the stubbed runs send.
    package static let key = APIKey("SENTINEL-provocation-7d2c9e1f")
    /// A base URL nothing listens on: every call goes to the stub.
    package static let base = URL(string: "http://127.0.0.1:1")!

    /// The status and extra headers to answer a request with (or the error to throw for it).
    package let answer: @Sendable (HTTPRequest) throws -> (Int, [(String, String)])
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []

    /// Whether a key no server accepts (`LiveProvocation.rejectedKey`) gets `answer`'s status too; else it gets 401, as from the API.
    package let acceptsAnyKey: Bool

    /// A stack that answers with `answer`: a request carrying the harness's rejected key gets 401 first, as any
    /// server that checks keys answers it, unless `acceptsAnyKey` (a mock in the API's place).
    package init(acceptsAnyKey: Bool = false, _ answer: @escaping @Sendable (HTTPRequest) throws -> (Int, [(String, String)])) {
        self.acceptsAnyKey = acceptsAnyKey
        self.answer = answer
    }

    /// The requests sent so far, in order.
    package var requests: [HTTPRequest] { lock.withLock { sent } }

    /// Keeps `request` and answers it: a small place on a 2xx, a message otherwise.
    package func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
        lock.withLock { sent.append(request) }
        let rejected = !acceptsAnyKey && request.headers["Authorization"]?.hasSuffix(LiveProvocation.rejectedKey.secret) == true
        let (status, headers) = rejected ? (401, []) : try answer(request)
        let body = (200...299).contains(status) ? Data(#"{"fsq_place_id":"4a5f2f39f964a52067bf1fe3","name":"Stub"}"#.utf8) : Data(#"{"message":"stub says \#(status)"}"#.utf8)
        return (body, HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")] + headers)))
    }
}
