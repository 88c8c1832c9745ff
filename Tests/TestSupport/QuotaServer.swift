import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// A loopback server with a quota, in front of an `OpenAPIStandIn`: a request that makes more than `perSecond`
/// arrivals in the last second gets 429 with `Retry-After: 1`, as the API answers a client that goes too fast;
/// the others get the stand-in's answer.
public final class QuotaServer: Sendable {
    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let state: NIOLockedValueBox<(arrivals: [ContinuousClock.Instant], rejected: Int, served: Int)>
    private let task: Task<Void, any Error>

    /// Requests answered 429 so far.
    public var rejected: Int { state.withLockedValue { $0.rejected } }
    /// Requests passed to the stand-in so far.
    public var served: Int { state.withLockedValue { $0.served } }

    private init(port: Int, state: NIOLockedValueBox<(arrivals: [ContinuousClock.Instant], rejected: Int, served: Int)>,
                 task: Task<Void, any Error>) {
        self.port = port
        self.state = state
        self.task = task
    }

    /// Starts the quota in front of `standIn`, runs `body`, and stops however `body` ends.
    public static func with<T: Sendable>(perSecond: Int, in standIn: OpenAPIStandIn, _ body: (QuotaServer) async throws -> T) async throws -> T {
        let state = NIOLockedValueBox<(arrivals: [ContinuousClock.Instant], rejected: Int, served: Int)>(([], 0, 0))
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let now = ContinuousClock.now
            let tooMany = state.withLockedValue { state -> Bool in
                state.arrivals.append(now)
                state.arrivals.removeAll { now - $0 >= .seconds(1) }
                if state.arrivals.count > perSecond { state.rejected += 1; return true }
                state.served += 1
                return false
            }
            if tooMany {
                var fields = HTTPFields()
                fields.append(HTTPField(name: .init("retry-after")!, value: "1"))
                fields.append(HTTPField(name: .contentType, value: "application/json"))
                return Response(status: .tooManyRequests, headers: fields,
                                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"message":"Rate limit exceeded."}"#)))
            }
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let answer = standIn.answer(method: request.method.rawValue, target: request.head.path ?? "/", headers: headers)
            var fields = HTTPFields()
            for name in answer.headers.keys.sorted() {
                if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: answer.headers[name]!)) }
            }
            return Response(status: .init(code: answer.status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        let (port, task) = try await LoopbackHTTPServer.start("QuotaServer", responder: responder)
        let server = QuotaServer(port: port, state: state, task: task)
        defer { task.cancel() }
        let result = try await body(server)
        task.cancel()
        _ = try? await task.value
        return result
    }
}
