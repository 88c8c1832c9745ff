import Foundation
import FoursquarePlaces

/// One testcase's result: (fixture, auth style, check) and its verdict.
package struct CaseResult: Sendable, Hashable {
    /// The endpoint id, used as the JUnit classname.
    package var endpoint: String
    /// Fixture path relative to the fixtures folder.
    package var fixture: String
    package var auth: AuthStyle?
    package var check: CheckName
    /// Seconds.
    package var time: Double
    package var verdict: Verdict
    /// Extra lines for the testcase's system-out (drift notes, hints).
    package var notes: String?
    /// Where in the fixture the problem is, when the loader knows (annotations carry it).
    package var line: Int?
    package var column: Int?
    /// Warnings in `notes` the run counts (`--openapi-warn`, rules an override demoted).
    package var warnings = 0
    /// Each violation the failing verdict stands for, one line each (`--openapi` lists every one): the baseline
    /// judges them one by one, so a new violation cannot hide behind a known one in the same answer.
    package var findings: [String] = []

    package init(endpoint: String, fixture: String, auth: AuthStyle?, check: CheckName, time: Double = 0,
                verdict: Verdict, notes: String? = nil) {
        self.endpoint = endpoint
        self.fixture = fixture
        self.auth = auth
        self.check = check
        self.time = time
        self.verdict = verdict
        self.notes = notes
    }

    /// `place-details/404-not-found.json [bearer] request`, or `place-details/404-not-found.json error-mapping`.
    package var name: String {
        if let auth { return "\(fixture) [\(auth)] \(check.rawValue)" }
        return "\(fixture) \(check.rawValue)"
    }

    /// The testcase for a file that did not load, or a fixture no call plan can be made for.
    package static func loadError(path: String, suite: String, error: FixtureError) -> CaseResult {
        var result = CaseResult(endpoint: suite, fixture: path, auth: nil, check: .load,
                                verdict: .error(message: error.description, detail: error.description))
        result.line = error.line
        result.column = error.column
        return result
    }
}

/// Which fixtures a run covers: an endpoint id, or a glob over endpoint ids and fixture paths.
package struct FixtureFilter: Sendable {
    package let pattern: String?

    package init(_ pattern: String?) { self.pattern = pattern.flatMap { $0.isEmpty ? nil : $0 } }

    package func matches(endpoint: String, path: String) -> Bool {
        guard let pattern else { return true }
        if pattern == endpoint { return true }
        return fnmatch(pattern, endpoint, 0) == 0 || fnmatch(pattern, path, 0) == 0
            || fnmatch(pattern, (path as NSString).deletingPathExtension, 0) == 0
    }

    package func apply(_ fixtures: [LoadedFixture]) -> [LoadedFixture] {
        fixtures.filter { matches(endpoint: $0.suite, path: $0.relativePath) }
    }
}

/// Replay: each fixture's response goes through the typed client once (`decoding` or `error-mapping`),
/// and the request is checked once per auth style the fixture's contract accepts.
package struct ReplayStrategy: RunStrategy {
    /// A fixed stand-in: replay never needs the real key, so it can never leak one.
    package static let replayKey = APIKey("fsq-contract-replay-key")

    package var authStyles: [AuthStyle]
    /// `--openapi`: each answer also checked against the provider's document.
    package var document: DocumentCheck?
    package var apiVersion: String {
        didSet { styleHeaders = Self.styleHeaders(apiVersion: apiVersion) }
    }
    /// Whether a fixture of a dated contract is replayed with its contract's version rather than `apiVersion`
    /// (true unless `--api-version` was given): a run over two dated versions' fixtures sends each its own.
    package var versionByContract = true
    /// Each style's header set, lower-cased: the same for every fixture of a run.
    private var styleHeaders: [AuthStyle: [String: String]]

    package init(authStyles: [AuthStyle] = AuthStyle.allCases, apiVersion: String = FoursquareClient.defaultAPIVersion) {
        self.authStyles = authStyles
        self.apiVersion = apiVersion
        styleHeaders = Self.styleHeaders(apiVersion: apiVersion)
    }

    private static func styleHeaders(apiVersion: String) -> [AuthStyle: [String: String]] {
        Dictionary(uniqueKeysWithValues: AuthStyle.allCases.map {
            ($0, $0.headers(key: replayKey, apiVersion: apiVersion).lowercasedDictionary)
        })
    }

    package func jobs(for fixture: Fixture) -> [AuthStyle?] { [nil] }

    package func broken(path: String, suite: String, error: FixtureError) -> [CaseResult] {
        [CaseResult.loadError(path: path, suite: suite, error: error)]
    }

    package func notRun(_ job: Job, deadline: RunDeadline) -> [CaseResult] {
        cases(job.fixture) { _ in deadline.notRun(started: false) }
    }

    package func problems(in output: [CaseResult]) -> Int { output.filter(\.verdict.isProblem).count }

    /// The request testcases, then the one response testcase.
    package func run(_ job: Job) async -> [CaseResult] {
        let fixture = job.fixture
        let styles = Contracts.styles(for: fixture, selected: authStyles)
        // The response check needs one style; a fixture whose styles were all deselected still decodes.
        let decodeStyle = styles.first ?? fixture.contract.authStyles.first ?? .apiKey
        let endpoint = fixture.endpoint.rawValue
        var results: [CaseResult] = []
        var outcomeResult: CaseResult?
        let responseHeaders = ReplayTransport.headers(of: fixture.response)
        let body = fixture.response.body.data
        let version = versionByContract ? fixture.contract.contract.flatMap { $0.isDated ? $0.apiVersion : nil } ?? apiVersion : apiVersion
        for style in styles.isEmpty ? [decodeStyle] : styles {
            let answers = style == decodeStyle
            let transport = ReplayTransport(status: fixture.response.status, headers: responseHeaders, body: body, answers: answers)
            let client = FoursquareClient(apiKey: Self.replayKey, auth: style, baseURL: FoursquareClient.defaultBaseURL,
                                          apiVersion: version, transport: transport)
            let start = ContinuousClock.now
            let outcome = await job.plan.run(with: client)
            let callTime = (ContinuousClock.now - start).seconds
            if styles.contains(style) {
                // Input the client must refuse: the request check watches the call an app makes, validation first.
                var captured = transport.requests, sentOutcome = outcome
                if job.plan.invalidInput != nil {
                    let validating = ReplayTransport(status: fixture.response.status, headers: responseHeaders, body: body, answers: false)
                    var validatingClient = client
                    validatingClient.transport = validating
                    sentOutcome = await job.plan.runValidated(with: validatingClient)
                    captured = validating.requests
                }
                let verdict = Checks.request(fixture: fixture, auth: style, captured: captured,
                                             key: Self.replayKey, styleHeaders: version == apiVersion ? styleHeaders[style]!
                                                : style.headers(key: Self.replayKey, apiVersion: version).lowercasedDictionary,
                                             outcome: sentOutcome)
                results.append(CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: style,
                                          check: .request, verdict: verdict))
            }
            if answers {
                let check = Checks.outcomeCheckName(for: fixture)
                let verdict = check == .decoding
                    ? Checks.decoding(fixture: fixture, outcome: outcome)
                    : Checks.errorMapping(fixture: fixture, outcome: outcome)
                outcomeResult = CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: nil, check: check,
                                           time: callTime, verdict: verdict)
            }
        }
        if let outcomeResult { results.append(outcomeResult) }
        if let paging = await PagingCheck.result(fixture: fixture, auth: decodeStyle, key: Self.replayKey, apiVersion: version) {
            results.append(paging)
        }
        if let document, let conformance = document.result(
            for: DocumentExchange(fixture: fixture), endpoint: endpoint, fixture: fixture.relativePath, auth: nil, check: .openapi) {
            results.append(conformance)
        }
        return results
    }

    /// The testcases a fixture yields, each with the verdict `verdict` gives its check.
    func cases(_ fixture: Fixture, _ verdict: (CheckName) -> Verdict) -> [CaseResult] {
        let endpoint = fixture.endpoint.rawValue
        var results = Contracts.styles(for: fixture, selected: authStyles).map {
            CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: $0, check: .request, verdict: verdict(.request))
        }
        let check = Checks.outcomeCheckName(for: fixture)
        results.append(CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: nil, check: check, verdict: verdict(check)))
        if PagingCheck.applies(to: fixture) {
            results.append(CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: nil, check: .paging, verdict: verdict(.paging)))
        }
        if let document, document.oracle.covers(contract: fixture.contract) {
            results.append(CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: nil, check: .openapi, verdict: verdict(.openapi)))
        }
        return results
    }
}

/// Replays fixtures already in memory and returns every result (tests, small tools).
package struct ReplayRunner: Sendable {
    package var strategy: ReplayStrategy
    /// Parallel workers; defaults to the number of cores.
    package var workers: Int

    package init(authStyles: [AuthStyle] = AuthStyle.allCases, apiVersion: String = FoursquareClient.defaultAPIVersion,
                workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        strategy = ReplayStrategy(authStyles: authStyles, apiVersion: apiVersion)
        self.workers = max(1, workers)
    }

    /// Results in fixture order: each fixture's requests by auth style, then its response check.
    package func run(_ fixtures: [LoadedFixture]) async -> [CaseResult] {
        await ExecutionCore(concurrency: workers).collect(.loaded(fixtures), strategy: strategy).flatMap { $0 }
    }

    /// Every testcase one loaded fixture yields.
    package func cases(for loaded: LoadedFixture) async -> [CaseResult] {
        await ExecutionCore.outputs(of: loaded, index: 0, strategy: strategy, deadline: nil).flatMap { $0 }
    }
}
