import Foundation
import FoursquarePlaces

/// One testcase's result: (fixture, auth style, check) and its verdict.
public struct CaseResult: Sendable, Hashable {
    /// The endpoint id, used as the JUnit classname.
    public var endpoint: String
    /// Fixture path relative to the fixtures folder.
    public var fixture: String
    public var auth: AuthStyle?
    public var check: CheckName
    /// Seconds.
    public var time: Double
    public var verdict: Verdict
    /// Extra lines for the testcase's system-out (drift notes, hints).
    public var notes: String?

    public init(endpoint: String, fixture: String, auth: AuthStyle?, check: CheckName, time: Double = 0,
                verdict: Verdict, notes: String? = nil) {
        self.endpoint = endpoint
        self.fixture = fixture
        self.auth = auth
        self.check = check
        self.time = time
        self.verdict = verdict
        self.notes = notes
    }

    /// `place-details/404-not-found.json [bearer] error-mapping`.
    public var name: String {
        if let auth { return "\(fixture) [\(auth)] \(check.rawValue)" }
        return "\(fixture) \(check.rawValue)"
    }
}

/// Which fixtures a run covers: an endpoint id, or a glob over endpoint ids and fixture paths.
public struct FixtureFilter: Sendable {
    public let pattern: String?

    public init(_ pattern: String?) { self.pattern = pattern.flatMap { $0.isEmpty ? nil : $0 } }

    public func matches(endpoint: String, path: String) -> Bool {
        guard let pattern else { return true }
        if pattern == endpoint { return true }
        return fnmatch(pattern, endpoint, 0) == 0 || fnmatch(pattern, path, 0) == 0
            || fnmatch(pattern, (path as NSString).deletingPathExtension, 0) == 0
    }

    public func apply(_ fixtures: [LoadedFixture]) -> [LoadedFixture] {
        fixtures.filter { loaded in
            switch loaded {
            case let .fixture(fixture): return matches(endpoint: fixture.endpoint.rawValue, path: fixture.relativePath)
            case let .broken(path, hint, _): return matches(endpoint: hint, path: path)
            }
        }
    }
}

/// Replays fixtures through the typed client and runs the request, decoding and error-mapping checks.
public struct ReplayRunner: Sendable {
    /// A fixed stand-in: replay never needs the real key, so it can never leak one.
    public static let replayKey = APIKey("fsq-contract-replay-key")

    public var authStyles: [AuthStyle]
    public var apiVersion: String
    /// Parallel workers; defaults to the number of cores.
    public var workers: Int

    public init(authStyles: [AuthStyle] = AuthStyle.allCases, apiVersion: String = FoursquareClient.defaultAPIVersion,
                workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.authStyles = authStyles
        self.apiVersion = apiVersion
        self.workers = max(1, workers)
    }

    /// Results in fixture order, then auth style, then check.
    public func run(_ fixtures: [LoadedFixture]) async -> [CaseResult] {
        await parallelMap(fixtures, workers: workers) { loaded in await self.cases(for: loaded) }.flatMap { $0 }
    }

    /// Every testcase one loaded fixture yields.
    public func cases(for loaded: LoadedFixture) async -> [CaseResult] {
        switch loaded {
        case let .broken(path, hint, error):
            return [Self.loadError(path: path, endpoint: hint, error: error)]
        case let .fixture(fixture):
            let plan: CallPlan
            do {
                plan = try CallPlan.make(for: fixture)
            } catch {
                return [Self.loadError(path: fixture.relativePath, endpoint: fixture.endpoint.rawValue, error: error)]
            }
            var results: [CaseResult] = []
            for auth in authStyles {
                results += await replay(fixture, plan: plan, auth: auth)
            }
            return results
        }
    }

    func replay(_ fixture: Fixture, plan: CallPlan, auth: AuthStyle) async -> [CaseResult] {
        let transport = ReplayTransport(response: fixture.response)
        let client = FoursquareClient(apiKey: Self.replayKey, auth: auth, baseURL: FoursquareClient.defaultBaseURL,
                                      apiVersion: apiVersion, transport: transport)
        let start = ContinuousClock.now
        let outcome = await plan.run(with: client)
        let callTime = (ContinuousClock.now - start).seconds
        let requestVerdict = Checks.request(fixture: fixture, auth: auth, captured: transport.requests,
                                            key: Self.replayKey, apiVersion: apiVersion)
        let outcomeCheck = Checks.outcomeCheckName(for: fixture)
        let outcomeVerdict = outcomeCheck == .decoding
            ? Checks.decoding(fixture: fixture, outcome: outcome)
            : Checks.errorMapping(fixture: fixture, outcome: outcome)
        let endpoint = fixture.endpoint.rawValue
        return [
            CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: auth, check: .request,
                       verdict: requestVerdict),
            CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: auth, check: outcomeCheck,
                       time: callTime, verdict: outcomeVerdict),
        ]
    }

    static func loadError(path: String, endpoint: String, error: FixtureError) -> CaseResult {
        CaseResult(endpoint: endpoint, fixture: path, auth: nil, check: .load,
                   verdict: .error(message: error.description, detail: error.description))
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// Maps `items` on `workers` parallel tasks, each taking a contiguous slice; keeps input order.
func parallelMap<T: Sendable, R: Sendable>(
    _ items: [T], workers: Int, _ transform: @escaping @Sendable (T) async -> R
) async -> [R] {
    guard workers > 1, items.count > 1 else {
        var results: [R] = []
        for item in items { results.append(await transform(item)) }
        return results
    }
    let chunkSize = (items.count + workers - 1) / workers
    let chunks = stride(from: 0, to: items.count, by: chunkSize).map { Array(items[$0..<min($0 + chunkSize, items.count)]) }
    return await withTaskGroup(of: (Int, [R]).self) { group in
        for (index, chunk) in chunks.enumerated() {
            group.addTask {
                var results: [R] = []
                results.reserveCapacity(chunk.count)
                for item in chunk { results.append(await transform(item)) }
                return (index, results)
            }
        }
        var ordered = [[R]](repeating: [], count: chunks.count)
        for await (index, results) in group { ordered[index] = results }
        return ordered.flatMap { $0 }
    }
}
