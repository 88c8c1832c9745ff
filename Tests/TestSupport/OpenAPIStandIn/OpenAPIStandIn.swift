import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// A loopback server that answers as Foursquare's own OpenAPI for version 2025-06-17 describes the six GET
/// endpoints (`/places/search`, `/places/{fsq_place_id}`, its `/tips` and `/photos`, `/autocomplete`,
/// `/geotagging/candidates`). It is written from the document, not from this package's models, so tests of the
/// client and the harness against it can fail.
///
/// - Auth: `Authorization: Bearer <key>` and `X-Places-Api-Version: 2025-06-17` are required. A raw key, a
///   missing header or a wrong key gets 401, a missing or other version 400, each with `{"message": "…"}`.
/// - An unknown place id gets 404 `{"message": "invalid venue specified"}` (tips: `invalid place specified`).
/// - Pages carry `Link: <…cursor=…>; rel="next"`; every answer carries `x-ratelimit-limit`,
///   `x-ratelimit-remaining` and `x-ratelimit-reset`.
/// - `inject(_:)` makes the next matching requests fail with a chosen status, as the API does under load.
///
///     try await OpenAPIStandIn.with { standIn in ... standIn.baseURL ... }
public final class OpenAPIStandIn: Sendable {
    /// The only version the stand-in accepts.
    public static let apiVersion = "2025-06-17"
    /// Place ids the stand-in knows; any other id gets 404.
    public static var knownPlaceIDs: [String] { StandInPlaces.all.map(\.id) }
    /// The rate limit the stand-in advertises per window.
    public static let rateLimit = 10_000

    /// An error answer a test asks for.
    public struct Injection: Sendable, Hashable {
        public var status: Int
        public var message: String
        /// Seconds for `Retry-After` (429 gets 1 unless told).
        public var retryAfter: Int?
        /// Only requests whose path starts with this are affected; nil affects all.
        public var pathPrefix: String?
        /// How many requests get it; nil means every later request.
        public var count: Int?

        public init(status: Int, message: String? = nil, retryAfter: Int? = nil, pathPrefix: String? = nil, count: Int? = 1) {
            self.status = status
            self.message = message ?? Self.defaultMessage(status)
            self.retryAfter = retryAfter ?? (status == 429 ? 1 : nil)
            self.pathPrefix = pathPrefix
            self.count = count
        }

        static func defaultMessage(_ status: Int) -> String {
            switch status {
            case 400: return "Bad request."
            case 401: return "Invalid request token."
            case 403: return "Forbidden: this key has no access to the requested resource."
            case 429: return "Rate limit exceeded."
            case 503: return "Service unavailable."
            default: return status >= 500 ? "Internal server error." : "Request failed."
            }
        }
    }

    /// A request as it arrived.
    public struct Received: Sendable, Hashable {
        public let method: String
        /// The target as sent: path and percent-encoded query.
        public let target: String
        /// Lower-case names.
        public let headers: [String: String]
        /// The status answered.
        public let status: Int
    }

    /// The port on 127.0.0.1.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let state: NIOLockedValueBox<State>
    private let answers: StandInAnswers
    private let task: Task<Void, any Error>

    private struct State {
        var injections: [Injection] = []
        var received: [Received] = []
    }

    private init(port: Int, state: NIOLockedValueBox<State>, answers: StandInAnswers, task: Task<Void, any Error>) {
        self.port = port
        self.state = state
        self.answers = answers
        self.task = task
    }

    /// Every request to the API so far, in arrival order: all but a live run's identifying call (`GET
    /// /fsq-contract/emulator-probe`, with no key), which asks for no operation and is not one of the run's calls.
    public var requests: [Received] { state.withLockedValue { $0.received.filter { $0.target != Self.identifyingCall } } }

    /// Every request so far, the identifying calls included.
    public var allRequests: [Received] { state.withLockedValue { $0.received } }

    /// The path of the identifying call a live run makes on loopback before relying on `X-Emulator-Fixture`.
    public static let identifyingCall = "/fsq-contract/emulator-probe"

    /// The next matching request(s) get this error answer instead of their own; injections apply in the order
    /// given, after auth (a 429 never hides a 401).
    public func inject(_ injection: Injection) {
        state.withLockedValue { $0.injections.append(injection) }
    }

    /// Drops every pending injection.
    public func clearInjections() {
        state.withLockedValue { $0.injections.removeAll() }
    }

    /// A field the API renamed: every JSON object key `from` in an answer's body is sent as `to`, as a server one
    /// release after 2025-06-17 might (the break drift exists to find).
    public struct Rename: Sendable, Hashable {
        public var from: String
        public var to: String
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }

        func apply(_ body: Data) -> Data {
            guard let value = try? JSONSerialization.jsonObject(with: body) else { return body }
            func renamed(_ value: Any) -> Any {
                if let object = value as? [String: Any] {
                    var out: [String: Any] = [:]
                    for (key, item) in object { out[key == from ? to : key] = renamed(item) }
                    return out
                }
                if let array = value as? [Any] { return array.map(renamed) }
                return value
            }
            return (try? JSONSerialization.data(withJSONObject: renamed(value), options: [.sortedKeys])) ?? body
        }
    }

    /// Binds 127.0.0.1 on a free port. With `requiredKey`, only that bearer key is accepted (without it, any key but
    /// one that calls itself invalid; with `acceptsAnyKey`, even that one); with `rename`, one
    /// field of every answer has another name. `breaksDocument`: every place answered carries
    /// `plugins: {"partner": "closed"}`, whose entries the document types as objects and the models read as any
    /// JSON value.
    public static func start(requiredKey: String? = nil, rename: Rename? = nil, breaksDocument: Bool = false,
                             acceptsAnyKey: Bool = false) async throws -> OpenAPIStandIn {
        let state = NIOLockedValueBox(State())
        let answers = StandInAnswers(requiredKey: requiredKey, rename: rename, breaksDocument: breaksDocument, acceptsAnyKey: acceptsAnyKey)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let target = request.head.path ?? "/"
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let answer = respond(to: request.method.rawValue, target: target, headers: headers,
                                 origin: "http://\(request.head.authority ?? "127.0.0.1")", answers: answers, state: state)
            var fields = HTTPFields()
            for name in answer.headers.keys.sorted() {
                if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: answer.headers[name]!)) }
            }
            return Response(status: .init(code: answer.status), headers: fields,
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
        let (port, task) = try await LoopbackHTTPServer.start("OpenAPIStandIn", responder: responder)
        return OpenAPIStandIn(port: port, state: state, answers: answers, task: task)
    }

    /// Starts a stand-in, runs `body`, and stops it however `body` ends.
    public static func with<T: Sendable>(requiredKey: String? = nil, rename: Rename? = nil, breaksDocument: Bool = false,
                                         acceptsAnyKey: Bool = false,
                                         _ body: (OpenAPIStandIn) async throws -> T) async throws -> T {
        let standIn = try await start(requiredKey: requiredKey, rename: rename, breaksDocument: breaksDocument, acceptsAnyKey: acceptsAnyKey)
        do {
            let result = try await offThePool { try await body(standIn) }
            await standIn.stop()
            return result
        } catch {
            await standIn.stop()
            throw error
        }
    }

    /// Stops serving and waits until the socket is closed.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    /// The answer to one request, without a socket: what the server sends for it (auth, injections, routing,
    /// rate-limit headers), and it is recorded in `requests` like a real one.
    public func answer(method: String = "GET", target: String, headers: [String: String]) -> (status: Int, headers: [String: String], body: Data) {
        var lowercased: [String: String] = [:]
        for (name, value) in headers { lowercased[name.lowercased()] = value }
        let answer = Self.respond(to: method, target: target, headers: lowercased, origin: baseURL.absoluteString,
                                  answers: answers, state: state)
        return (answer.status, answer.headers, answer.body)
    }

    private static func respond(
        to method: String, target: String, headers: [String: String], origin: String, answers: StandInAnswers,
        state: NIOLockedValueBox<State>
    ) -> StandInAnswers.Answer {
        let components = URLComponents(string: "http://stand.in" + target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let path = components?.percentEncodedPath ?? target
        let request = StandInAnswers.Request(method: method, path: path.isEmpty ? "/" : path, query: query,
                                             headers: headers, origin: origin)
        let authFailure = answers.authFailure(request)
        let injected = authFailure != nil ? nil : state.withLockedValue { state -> Injection? in
            guard let index = state.injections.firstIndex(where: { path.hasPrefix($0.pathPrefix ?? "") }) else { return nil }
            let injection = state.injections[index]
            if let count = injection.count {
                if count <= 1 { state.injections.remove(at: index) } else { state.injections[index].count = count - 1 }
            }
            return injection
        }
        var answer: StandInAnswers.Answer
        if let authFailure {
            answer = authFailure
        } else if let injected {
            answer = StandInAnswers.error(injected.status, injected.message,
                                          headers: injected.retryAfter.map { ["retry-after": String($0)] } ?? [:])
        } else {
            answer = answers.answer(request)
            if let rename = answers.rename { answer.body = rename.apply(answer.body) }
        }
        let received = state.withLockedValue { state -> Int in
            state.received.append(Received(method: method, target: target, headers: headers, status: answer.status))
            return state.received.count
        }
        let resetAt = (Int(Date().timeIntervalSince1970) / 3600 + 1) * 3600
        answer.headers["x-ratelimit-limit"] = String(rateLimit)
        answer.headers["x-ratelimit-remaining"] = answer.status == 429 ? "0" : String(max(0, rateLimit - received))
        answer.headers["x-ratelimit-reset"] = String(resetAt)
        return answer
    }
}

