import ContractHarness
import Foundation
import FoursquarePlaces

/// A request as the emulator sees it, independent of any socket.
public struct EmulatorRequest: Sendable, Hashable {
    public var method: String
    /// The path, percent-encoded as sent: `/places/abc%20def`.
    public var path: String
    /// Decoded query parameters; a repeated name keeps its last value.
    public var query: [String: String]
    /// The query exactly as sent (after `?`), or nil; only used for the log line.
    public var rawQuery: String?
    /// Header values by lower-case name.
    public var headers: [String: String]

    public init(method: String = "GET", path: String, query: [String: String] = [:], headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.rawQuery = query.isEmpty ? nil : query.keys.sorted().map { "\($0)=\(query[$0]!)" }.joined(separator: "&")
        self.headers = Self.lowercased(headers)
    }

    /// Parses a request target (`/places/search?near=Paris&limit=1`).
    public init(method: String = "GET", target: String, headers: [String: String] = [:]) {
        self.method = method
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = parts.isEmpty ? "/" : String(parts[0])
        self.rawQuery = parts.count > 1 ? String(parts[1]) : nil
        self.query = rawQuery.map(Self.parseQuery) ?? [:]
        self.headers = Self.lowercased(headers)
    }

    /// For the server: `headers` already has lower-case names.
    init(method: String, target: String, lowercasedHeaders: [String: String]) {
        self.method = method
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = parts.isEmpty ? "/" : String(parts[0])
        self.rawQuery = parts.count > 1 ? String(parts[1]) : nil
        self.query = rawQuery.map(Self.parseQuery) ?? [:]
        self.headers = lowercasedHeaders
    }

    /// The value of header `name` (any case).
    public func header(_ name: String) -> String? { headers[name] ?? headers[name.lowercased()] }

    /// `name=value` pairs split on `&`, each side percent-decoded; `+` stays a literal `+`.
    public static func parseQuery(_ raw: String) -> [String: String] {
        var result: [String: String] = [:]
        var raw = raw
        raw.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "&") {
                defer { start = index + 1 }
                guard index > start else { continue }
                let pair = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                    result[decode(UnsafeBufferPointer(rebasing: pair[..<equals]))] =
                        decode(UnsafeBufferPointer(rebasing: pair[(equals + 1)...]))
                } else {
                    result[decode(pair)] = ""
                }
            }
        }
        return result
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    private static func lowercased(_ headers: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers { result[name.lowercased()] = value }
        return result
    }
}

/// What the emulator answers. `body` is always the complete intended body; `fault` says how a socket
/// delivers it (`reset`: half of it, then the connection closes; `slowBody`: trickled). The other faults are
/// already applied to `status`, `headers` and `body`.
public struct EmulatorResponse: Sendable, Hashable {
    public var status: Int
    /// Lower-case names.
    public var headers: [String: String]
    public var body: Data
    /// The fault injected into this response, if any.
    public var fault: FaultKind?
    /// The fixture served (relative path), if one matched.
    public var fixture: String?
    /// The auth style the request used: `apiKey`, `bearer` or `none`.
    public var authStyle: String
    /// Index into `PlacesEmulator.fixtures` while the response is that fixture's, unmodified (a server fast path).
    var fixtureIndex: Int?

    public init(
        status: Int, headers: [String: String] = [:], body: Data = Data(), fault: FaultKind? = nil,
        fixture: String? = nil, authStyle: String = "none"
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = fault
        self.fixture = fixture
        self.authStyle = authStyle
    }

    /// The body as text, for tests and messages.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The API's error body, when the body is one.
    public var errorBody: ErrorBody? { try? JSONDecoder().decode(ErrorBody.self, from: body) }
}

/// The emulator's logic without a socket: routing, auth, 404 hints and faults. `PlacesEmulatorServer` puts it
/// on a port; tests may call `respond(to:)` directly.
///
/// Routing: a request matches a fixture when method, path (percent-escapes compared case-insensitively) and
/// query (as a set of decoded name/value pairs, in any order) are equal. When several fixtures match, a 2xx one
/// wins, then the first by relative path. The header `X-Emulator-Fixture: <relative path>` picks one fixture
/// explicitly (the request must still match it, else 404 with a hint); an unknown path gets 400.
public final class PlacesEmulator: Sendable {
    /// Request header naming the fixture to serve.
    public static let fixtureHeader = "x-emulator-fixture"
    /// Request header forcing a fault for this request.
    public static let faultHeader = "x-emulator-fault"

    public let configuration: EmulatorConfiguration
    /// Every fixture served, sorted by relative path.
    public let fixtures: [Fixture]
    /// Files skipped as broken, with the reason.
    public let skipped: [FixtureError]

    private let byRoute: [String: [Int]]
    /// Each fixture's response headers minus the framing ones, computed once.
    let servedHeaders: [[String: String]]
    private let byPath: [String: Int]
    private let random: LockedRandom

    /// Loads the fixtures; throws when the folder is missing. Each broken file is skipped with one warning line
    /// on the log sink.
    public convenience init(configuration: EmulatorConfiguration) throws(EmulatorConfigurationError) {
        let loaded: [LoadedFixture]
        do {
            loaded = try FixtureLoader(root: configuration.fixturesRoot).loadAll()
        } catch let error as FixtureError {
            throw EmulatorConfigurationError("\(configuration.fixturesRoot.path): \(error.reason)")
        } catch {
            throw EmulatorConfigurationError("\(configuration.fixturesRoot.path): \(error)")
        }
        var fixtures: [Fixture] = []
        var skipped: [FixtureError] = []
        for item in loaded {
            switch item {
            case let .fixture(fixture): fixtures.append(fixture)
            case let .broken(_, _, error):
                skipped.append(error)
                configuration.log("warning: skipping fixture \(error)")
            }
        }
        self.init(configuration: configuration, fixtures: fixtures, skipped: skipped)
    }

    /// Serves the given fixtures (no files are read).
    public init(configuration: EmulatorConfiguration, fixtures: [Fixture], skipped: [FixtureError] = []) {
        self.configuration = configuration
        self.fixtures = fixtures.sorted { $0.relativePath < $1.relativePath }
        self.skipped = skipped
        var byRoute: [String: [Int]] = [:]
        var byPath: [String: Int] = [:]
        for (index, fixture) in self.fixtures.enumerated() {
            byRoute[Self.routeKey(fixture.request.method, fixture.request.path), default: []].append(index)
            byPath[fixture.relativePath] = index
        }
        let ordered = self.fixtures
        for key in byRoute.keys {
            // 2xx first, then by relative path (the array is already sorted by path).
            byRoute[key]!.sort { lhs, rhs in
                let l2 = Self.isSuccess(ordered[lhs].response.status), r2 = Self.isSuccess(ordered[rhs].response.status)
                return l2 != r2 ? l2 : lhs < rhs
            }
        }
        self.byRoute = byRoute
        self.byPath = byPath
        self.servedHeaders = self.fixtures.map { fixture in
            var headers = fixture.response.headers
            for name in Self.droppedHeaders { headers[name] = nil }
            return headers
        }
        self.random = LockedRandom(seed: configuration.seed)
    }

    // MARK: Responding

    /// The response to `request`, with every fault except the socket-level delivery of `reset` and `slowBody`
    /// applied.
    public func respond(to request: EmulatorRequest) -> EmulatorResponse {
        // A forced fault, checked first so a typo is never silently ignored.
        var forced: FaultKind?
        if let name = request.header(Self.faultHeader) {
            guard let kind = FaultKind(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                let style = request.header("authorization").map { $0.hasPrefix("Bearer") ? "bearer" : "apiKey" } ?? "none"
                return Self.apiError(400, "Unknown X-Emulator-Fault '\(name)'",
                                     "X-Emulator-Fault must be one of: \(FaultKind.names)", style: style)
            }
            forced = kind
        }

        let auth = checkAuth(request)
        if let failure = auth.failure { return failure }
        let style = auth.style

        let fault = forced ?? drawFault()
        switch fault {
        case .rateLimit:
            var response = Self.apiError(429, "Rate limit exceeded.",
                                         "Injected by the emulator (fault rate-limit). Retry after the number of seconds in the Retry-After header.",
                                         style: style)
            response.headers["retry-after"] = "1"
            response.fault = .rateLimit
            return response
        case .serverError:
            var response = Self.apiError(500, "Internal server error.", "Injected by the emulator (fault server-error).", style: style)
            response.fault = .serverError
            return response
        case .unavailable:
            var response = Self.apiError(503, "Service unavailable.", "Injected by the emulator (fault unavailable).", style: style)
            response.fault = .unavailable
            return response
        case .malformed:
            return EmulatorResponse(status: 200, headers: ["content-type": "application/json; charset=utf-8"],
                                    body: Self.malformedBody, fault: .malformed, authStyle: style)
        default:
            break
        }

        var response = route(request, style: style)
        switch fault {
        case .truncate:
            response.body = response.body.prefix(response.body.count / 2)
            response.fault = .truncate
            response.fixtureIndex = nil
        case .reset, .slowBody:
            response.fault = fault
            response.fixtureIndex = nil
        default:
            break
        }
        return response
    }

    /// The fixture response for `request`, or a 404/400 with a hint.
    func route(_ request: EmulatorRequest, style: String) -> EmulatorResponse {
        if let selected = request.header(Self.fixtureHeader) {
            let name = selected.trimmingCharacters(in: .whitespaces)
            guard let index = byPath[name] ?? byPath[name.hasPrefix("Fixtures/") ? String(name.dropFirst(9)) : name] else {
                return Self.apiError(400, "Unknown X-Emulator-Fixture '\(name)'",
                                     "X-Emulator-Fixture must be a fixture path relative to the fixtures folder, e.g. place-details/200-typical.json",
                                     style: style)
            }
            let fixture = fixtures[index]
            if let difference = Self.differences(fixture.request, request).first {
                return Self.apiError(404, "No fixture matches \(Self.describe(request))",
                                     "X-Emulator-Fixture \(fixture.relativePath) does not match: \(difference)", style: style)
            }
            return serve(index, style: style)
        }
        if let candidates = byRoute[Self.routeKey(request.method, request.path)] {
            for index in candidates where fixtures[index].request.query == request.query {
                return serve(index, style: style)
            }
        }
        return notFound(request, style: style)
    }

    private func serve(_ index: Int, style: String) -> EmulatorResponse {
        let fixture = fixtures[index]
        var response = EmulatorResponse(status: fixture.response.status, headers: servedHeaders[index],
                                        body: fixture.response.body.data, fixture: fixture.relativePath, authStyle: style)
        response.fixtureIndex = index
        return response
    }

    /// 404 with the API's error body and a hint naming the closest fixture and the first field that differs.
    private func notFound(_ request: EmulatorRequest, style: String) -> EmulatorResponse {
        let message = "No fixture matches \(Self.describe(request))"
        guard let closest = closestFixture(to: request) else {
            return Self.apiError(404, message, "no fixtures are loaded", style: style)
        }
        let differences = Self.differences(closest.request, request)
        var detail = "closest fixture: \(closest.relativePath)"
        if let first = differences.first { detail += "; \(first)" }
        if differences.count > 1 { detail += " (and \(differences.count - 1) more difference\(differences.count > 2 ? "s" : ""))" }
        return Self.apiError(404, message, detail, style: style)
    }

    /// Same method and path if any, else same endpoint, else all; then fewest differing fields, 2xx, path order.
    func closestFixture(to request: EmulatorRequest) -> Fixture? {
        var pool = (byRoute[Self.routeKey(request.method, request.path)] ?? []).map { fixtures[$0] }
        if pool.isEmpty, let endpoint = Endpoint.match(path: request.path)?.endpoint.id {
            pool = fixtures.filter { $0.endpoint == endpoint }
        }
        if pool.isEmpty { pool = fixtures }
        return pool.min { lhs, rhs in
            let l = Self.differences(lhs.request, request).count, r = Self.differences(rhs.request, request).count
            if l != r { return l < r }
            let l2 = Self.isSuccess(lhs.response.status), r2 = Self.isSuccess(rhs.response.status)
            if l2 != r2 { return l2 }
            return lhs.relativePath < rhs.relativePath
        }
    }

    /// Each field where `request` differs from the fixture's recorded request, method and path first, then query
    /// parameters by name.
    static func differences(_ recorded: RecordedRequest, _ request: EmulatorRequest) -> [String] {
        var result: [String] = []
        if recorded.method != request.method {
            result.append("method: expected \(recorded.method), got \(request.method)")
        }
        if normalizePath(recorded.path) != normalizePath(request.path) {
            result.append("path: expected '\(recorded.path)', got '\(request.path)'")
        }
        for name in Set(recorded.query.keys).union(request.query.keys).sorted() {
            switch (recorded.query[name], request.query[name]) {
            case let (expected?, got?) where expected != got:
                result.append("query '\(name)': expected '\(expected)', got '\(got)'")
            case let (expected?, nil):
                result.append("query '\(name)': expected '\(expected)', missing")
            case let (nil, got?):
                result.append("query '\(name)': not in the fixture, got '\(got)'")
            default:
                break
            }
        }
        return result
    }

    // MARK: Auth

    private struct AuthResult {
        var style: String
        var failure: EmulatorResponse?
    }

    private func checkAuth(_ request: EmulatorRequest) -> AuthResult {
        let required = configuration.auth
        guard let value = request.header("authorization"), !FastText.trimmed(value).isEmpty else {
            return AuthResult(style: "none", failure: Self.apiError(
                401, "Invalid request token.",
                "The Authorization header is missing. Send \(Self.styleHint(required)).", style: "none"))
        }
        // HTTP stacks trim trailing blanks, so a bare "Bearer" is the bearer style with an empty key.
        let isBearer = value.hasPrefix("Bearer ") || value == "Bearer"
        let style = isBearer ? "bearer" : "apiKey"
        let key = isBearer ? FastText.trimmed(String(value.dropFirst(6))) : value
        if required == .apiKey, isBearer {
            return AuthResult(style: style, failure: Self.apiError(
                401, "This server requires the apiKey auth style: Authorization: <key>, without a Bearer scheme.",
                "The request used the bearer style; the emulator runs with --auth apiKey.", style: style))
        }
        if required == .bearer, !isBearer {
            return AuthResult(style: style, failure: Self.apiError(
                401, "This server requires the bearer auth style: Authorization: Bearer <key> and X-Places-Api-Version.",
                "The request used the apiKey style; the emulator runs with --auth bearer.", style: style))
        }
        if isBearer, FastText.trimmed(request.header("x-places-api-version") ?? "").isEmpty {
            return AuthResult(style: style, failure: Self.apiError(
                400, "Missing X-Places-Api-Version header.",
                "The Bearer auth style requires the X-Places-Api-Version header, e.g. X-Places-Api-Version: 2025-06-17.",
                style: style))
        }
        if key.isEmpty || (configuration.requiredKey.map { $0 != key } ?? false) {
            return AuthResult(style: style, failure: Self.apiError(
                401, "Invalid request token.",
                "The API key in the Authorization header is missing, malformed, revoked or expired.", style: style))
        }
        return AuthResult(style: style, failure: nil)
    }

    private static func styleHint(_ auth: EmulatorAuth) -> String {
        switch auth {
        case .apiKey: return "Authorization: <key>"
        case .bearer: return "Authorization: Bearer <key> with X-Places-Api-Version"
        case .any: return "Authorization: <key>, or Authorization: Bearer <key> with X-Places-Api-Version"
        }
    }

    // MARK: Faults

    private func drawFault() -> FaultKind? {
        let rules = configuration.faults
        guard !rules.isEmpty else { return nil }
        // One draw per rule per request, so the sequence depends only on the seed and the request order.
        let draws = random.nextDoubles(rules.count)
        for (rule, draw) in zip(rules, draws) where draw < rule.rate {
            return rule.kind
        }
        return nil
    }

    static let malformedBody = Data(#"{"results":[{"fsq_id":"4b0588a0f964a520cfd722e3","name":"Emulated <malformed>",]"#.utf8)

    // MARK: Helpers

    /// Hop-by-hop and framing headers the emulator never copies from a fixture: the server frames the body itself.
    static let droppedHeaders = ["content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"]

    static func apiError(_ status: Int, _ message: String, _ detail: String, style: String) -> EmulatorResponse {
        let body = (try? errorEncoder.encode(ErrorBody(message: message, errorDetail: detail))) ?? Data()
        return EmulatorResponse(status: status, headers: ["content-type": "application/json; charset=utf-8"],
                                body: body, authStyle: style)
    }

    private static let errorEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func describe(_ request: EmulatorRequest) -> String {
        var text = "\(request.method) \(request.path)"
        if !request.query.isEmpty {
            text += "?" + request.query.keys.sorted().map { "\($0)=\(request.query[$0]!)" }.joined(separator: "&")
        }
        return text
    }

    static func isSuccess(_ status: Int) -> Bool { (200...299).contains(status) }

    static func routeKey(_ method: String, _ path: String) -> String { method + " " + normalizePath(path) }

    /// Upper-cases the hex digits of percent escapes, so `%2f` and `%2F` match.
    static func normalizePath(_ path: String) -> String {
        guard FastText.contains(path, byte: UInt8(ascii: "%")) else { return path }
        var result = ""
        var pending = 0
        for character in path {
            if character == "%" {
                pending = 2
                result.append(character)
            } else if pending > 0 {
                pending -= 1
                result.append(contentsOf: character.uppercased())
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// SplitMix64 behind a lock, shared by every request.
final class LockedRandom: @unchecked Sendable {
    private let lock = NSLock()
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    func nextDoubles(_ count: Int) -> [Double] {
        lock.lock()
        defer { lock.unlock() }
        return (0..<count).map { _ in Double(next() >> 11) * 0x1.0p-53 }
    }

    private func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
