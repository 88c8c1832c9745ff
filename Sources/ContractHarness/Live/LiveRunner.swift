import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces

/// Settings for calling a real server (the API or the emulator).
public struct LiveOptions: Sendable {
    public var baseURL: URL
    /// From `FSQ_API_KEY`; nil means every live case is skipped.
    public var key: APIKey?
    public var authStyles: [AuthStyle]
    public var apiVersion: String
    public var concurrency: Int
    /// Per-request deadline in seconds.
    public var timeout: Double
    /// Extra attempts for 429, 5xx and transport errors the fixture does not expect.
    public var retries: Int
    /// Longest single backoff, in seconds.
    public var maxBackoff: Double
    /// Whole-run deadline in seconds: cases not finished by then become errors.
    public var deadline: Double
    /// Send `X-Emulator-Fixture: <path>` so the emulator answers with that fixture's response.
    public var selectFixtureHeader: Bool
    /// Seed for retry jitter.
    public var seed: UInt64
    /// Largest response body a live call accepts, in bytes (`--max-body`).
    public var maxBody = LiveSession.defaultMaxBody

    public init(
        baseURL: URL, key: APIKey?, authStyles: [AuthStyle] = AuthStyle.allCases,
        apiVersion: String = FoursquareClient.defaultAPIVersion, concurrency: Int = 4, timeout: Double = 10,
        retries: Int = 2, maxBackoff: Double = 5, deadline: Double = 300, selectFixtureHeader: Bool = false,
        seed: UInt64 = 0
    ) {
        self.baseURL = baseURL
        self.key = key
        self.authStyles = authStyles
        self.apiVersion = apiVersion
        self.concurrency = max(1, concurrency)
        self.timeout = timeout
        self.retries = max(0, retries)
        self.maxBackoff = maxBackoff
        self.deadline = deadline
        self.selectFixtureHeader = selectFixtureHeader
        self.seed = seed
    }

    /// True for 127.0.0.0/8, localhost and ::1, where the emulator runs.
    public static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        return host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}

/// One live call's raw result, kept for checks, recording and drift.
public struct LiveExchange: Sendable {
    public var outcome: CallOutcome
    public var request: HTTPRequest?
    public var response: HTTPResponse?
    public var body: Data
    public var attempts: Int
    public var seconds: Double
}

/// Calls a server for every fixture's request and auth style through the typed client over URLSession.
public struct LiveRunner: Sendable {
    public let options: LiveOptions
    private let jitter: JitterSource
    private let session: LiveSession

    public init(options: LiveOptions) {
        self.options = options
        self.jitter = JitterSource(seed: options.seed)
        self.session = LiveSession(concurrency: options.concurrency, maxBody: options.maxBody)
    }

    /// Results in fixture order; `progress` is called after each fixture × auth style with (done, total, problems).
    public func run(
        _ fixtures: [LoadedFixture], progress: (@Sendable (Int, Int, Int) -> Void)? = nil
    ) async -> [CaseResult] {
        let jobs = fixtures.flatMap { loaded -> [(LoadedFixture, AuthStyle?)] in
            if case .fixture = loaded { return options.authStyles.map { (loaded, $0) } }
            return [(loaded, nil)]
        }
        let runDeadline = ContinuousClock.now + .milliseconds(Int64(options.deadline * 1000))
        let counter = ProgressCounter(total: jobs.count, report: progress)
        return await boundedMap(jobs, concurrency: options.concurrency) { job in
            let results = await self.cases(for: job.0, auth: job.1, deadline: runDeadline)
            counter.add(problems: results.filter(\.verdict.isProblem).count)
            return results
        }.flatMap { $0 }
    }

    func cases(for loaded: LoadedFixture, auth: AuthStyle?, deadline: ContinuousClock.Instant) async -> [CaseResult] {
        guard case let .fixture(fixture) = loaded, let auth else {
            if case let .broken(path, hint, error) = loaded { return [ReplayRunner.loadError(path: path, endpoint: hint, error: error)] }
            return []
        }
        let checks = Self.checkNames(for: fixture)
        func all(_ verdict: Verdict, time: Double = 0) -> [CaseResult] {
            checks.map { CaseResult(endpoint: fixture.endpoint.rawValue, fixture: fixture.relativePath, auth: auth,
                                    check: $0, time: time, verdict: verdict) }
        }
        guard let key = options.key else {
            return all(.skip(reason: "FSQ_API_KEY is not set; live calls need a key"))
        }
        let plan: CallPlan
        do {
            plan = try CallPlan.make(for: fixture)
        } catch {
            return [ReplayRunner.loadError(path: fixture.relativePath, endpoint: fixture.endpoint.rawValue, error: error)]
        }
        guard ContinuousClock.now < deadline else {
            return all(.error(message: "not run: the run deadline of \(options.deadline)s passed",
                              detail: "the whole-run deadline (--deadline \(options.deadline)) passed before this case started"))
        }
        let exchange = await call(plan, fixture: fixture, auth: auth, key: key, deadline: deadline)
        return Self.check(fixture: fixture, auth: auth, exchange: exchange, key: key)
    }

    /// Calls once, retrying 429/5xx/transport failures the fixture does not expect, with capped
    /// exponential backoff plus jitter that honours `Retry-After`.
    public func call(
        _ plan: CallPlan, fixture: Fixture, auth: AuthStyle, key: APIKey, deadline: ContinuousClock.Instant
    ) async -> LiveExchange {
        var attempt = 0
        var total = 0.0
        while true {
            attempt += 1
            let remaining = (deadline - ContinuousClock.now).seconds
            let timeout = max(0.001, min(options.timeout, remaining))
            let headers = options.selectFixtureHeader ? [("X-Emulator-Fixture", fixture.relativePath)] : []
            let bounded = LiveTransport(session: session, timeout: timeout)
            let transport = ObservingTransport(base: RedactingTransport(base: bounded, scrubber: KeyScrubber(key: key)),
                                               extraHeaders: headers)
            let client = FoursquareClient(apiKey: key, auth: auth, baseURL: options.baseURL,
                                          apiVersion: options.apiVersion, transport: transport)
            let start = ContinuousClock.now
            let outcome = await plan.run(with: client)
            let seconds = (ContinuousClock.now - start).seconds
            total += seconds
            let last = transport.last
            let exchange = LiveExchange(outcome: outcome, request: last?.request, response: last?.response,
                                        body: last?.data ?? Data(), attempts: attempt, seconds: seconds)
            guard case let .failed(error) = outcome, error.isRetryable, attempt <= options.retries,
                  error.status != fixture.response.status else { return exchange }
            let backoff = jitter.backoff(attempt: attempt, retryAfter: error.retryAfter, cap: options.maxBackoff)
            guard ContinuousClock.now + .milliseconds(Int64(backoff * 1000)) < deadline else { return exchange }
            try? await Task.sleep(nanoseconds: UInt64(backoff * 1_000_000_000))
        }
    }

    static func checkNames(for fixture: Fixture) -> [CheckName] {
        [.liveStatus, fixture.expectedError == nil ? .liveDecoding : .liveErrorMapping, .liveContentType]
    }

    /// The live checks: status class, decoding or error mapping, and the content type.
    static func check(fixture: Fixture, auth: AuthStyle, exchange: LiveExchange, key: APIKey) -> [CaseResult] {
        let endpoint = fixture.endpoint.rawValue
        func result(_ check: CheckName, _ verdict: Verdict, time: Double = 0) -> CaseResult {
            CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: auth, check: check, time: time,
                       verdict: verdict, notes: exchange.attempts > 1 ? "attempts: \(exchange.attempts)" : nil)
        }
        let names = checkNames(for: fixture)
        guard let response = exchange.response else {
            // No HTTP response at all: the call itself is the problem, reported once per check.
            let message: String
            if case let .failed(error) = exchange.outcome { message = key.redact(error.description) } else { message = "no response" }
            return names.map { result($0, .error(message: message, detail: "\(message)\nattempts: \(exchange.attempts)"),
                                      time: $0 == .liveStatus ? exchange.seconds : 0) }
        }
        var results: [CaseResult] = []
        let wantClass = fixture.response.status / 100
        let gotClass = response.status / 100
        if wantClass == gotClass {
            results.append(result(.liveStatus, .pass, time: exchange.seconds))
        } else {
            var message = "status: expected \(wantClass)xx (fixture \(fixture.response.status)), got \(response.status)"
            if (response.status == 401 || response.status == 403), wantClass == 2 {
                message = "auth failure: the server refused the \(auth) style with HTTP \(response.status)"
            }
            var detail = message
            if case let .failed(error) = exchange.outcome { detail += "\nthe client threw: \(key.redact(error.description))" }
            results.append(result(.liveStatus, .fail(message: message, detail: detail), time: exchange.seconds))
        }
        let outcomeVerdict = fixture.expectedError == nil
            ? Checks.decoding(fixture: fixture, outcome: exchange.outcome)
            : liveErrorMapping(fixture: fixture, outcome: exchange.outcome)
        results.append(result(names[1], redact(outcomeVerdict, key)))
        results.append(result(.liveContentType, contentType(fixture: fixture, response: response)))
        return results
    }

    /// Live errors must map to the right code; the message is the live server's, so it is not compared.
    static func liveErrorMapping(fixture: Fixture, outcome: CallOutcome) -> Verdict {
        guard let expected = fixture.expectedError else { return .pass }
        switch outcome {
        case .decoded:
            return .fail(message: "expected \(expected.rawValue), but the call succeeded",
                         detail: "the fixture expects HTTP \(fixture.response.status) (\(expected.rawValue)); the live call decoded a value")
        case let .failed(error) where error.code == expected:
            return .pass
        case let .failed(error):
            return .fail(message: "expected \(expected.rawValue), got \(error.code.rawValue)",
                         detail: "expected \(expected.rawValue), got \(error.code.rawValue)\nthe client threw: \(error)")
        }
    }

    static func contentType(fixture: Fixture, response: HTTPResponse) -> Verdict {
        let got = mediaType(response.headers["content-type"])
        let want = mediaType(fixture.response.headers["content-type"]) ?? "application/json"
        if got == want || (isJSON(want) && isJSON(got)) { return .pass }
        return .fail(message: "content-type: expected \(want), got \(got ?? "none")",
                     detail: "content-type: expected \(want), got \(response.headers["content-type"] ?? "none")")
    }

    static func mediaType(_ value: String?) -> String? {
        value?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    static func isJSON(_ media: String?) -> Bool {
        guard let media else { return false }
        return media == "application/json" || media.hasSuffix("+json")
    }

    static func redact(_ verdict: Verdict, _ key: APIKey) -> Verdict {
        switch verdict {
        case let .fail(message, detail): return .fail(message: key.redact(message), detail: key.redact(detail))
        case let .error(message, detail): return .error(message: key.redact(message), detail: key.redact(detail))
        default: return verdict
        }
    }
}

/// Seeded jitter for retry backoff, so runs are reproducible.
final class JitterSource: @unchecked Sendable {
    private let lock = NSLock()
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// `0.1 × 2^(attempt-1)` seconds ± 50 %, at least `Retry-After`, at most `cap`.
    func backoff(attempt: Int, retryAfter: Double?, cap: Double) -> Double {
        let base = 0.1 * pow(2, Double(attempt - 1))
        let jittered = base * (0.5 + next())
        return min(cap, max(jittered, retryAfter ?? 0))
    }

    private func next() -> Double {
        lock.withLock {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }
    }
}

/// Counts finished jobs for progress output.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private var problems = 0
    private let total: Int
    private let report: (@Sendable (Int, Int, Int) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    func add(problems count: Int) {
        let snapshot = lock.withLock { () -> (Int, Int) in
            done += 1
            problems += count
            return (done, problems)
        }
        report?(snapshot.0, total, snapshot.1)
    }
}

/// Maps `items` with at most `concurrency` in flight, keeping input order.
func boundedMap<T: Sendable, R: Sendable>(
    _ items: [T], concurrency: Int, _ transform: @escaping @Sendable (T) async -> R
) async -> [R] {
    await withTaskGroup(of: (Int, R).self) { group in
        var results = [R?](repeating: nil, count: items.count)
        var next = 0
        for _ in 0..<min(concurrency, items.count) {
            let index = next
            group.addTask { (index, await transform(items[index])) }
            next += 1
        }
        for await (index, result) in group {
            results[index] = result
            if next < items.count {
                let index = next
                group.addTask { (index, await transform(items[index])) }
                next += 1
            }
        }
        return results.map { $0! }
    }
}
