import Foundation
import FoursquarePlaces
import HarnessContractChecks
import HarnessCore

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
    package var apiVersion: String
    /// The fixtures folder: a file the registry refuses is read again to ask the document who is wrong.
    package var fixturesRoot: URL?
    /// Whether a fixture of a dated contract is replayed with its contract's version rather than `apiVersion`
    /// (true unless `--api-version` was given): a run over two dated versions' fixtures sends each its own.
    package var versionByContract = true
    /// Notes what each fixture's cases exercised, for the run's coverage (nil: not measured).
    package var coverage: CoverageCollector?
    /// The answer shapes whose values passed, so that a large run compares each shape's values a bounded number of
    /// times (nil: every answer is compared).
    package var shapes: AnswerShapes?

    package init(authStyles: [AuthStyle] = AuthStyle.allCases, apiVersion: String = FoursquareClient.defaultAPIVersion) {
        self.authStyles = authStyles
        self.apiVersion = apiVersion
    }

    package func jobs(for fixture: Fixture) -> [AuthStyle?] { [nil] }

    package func broken(path: String, suite: String, error: FixtureError) -> [CaseResult] {
        // A fixture the document agrees with and the registry refuses: the client's failure, not a broken file.
        if let fixturesRoot, let verdict = Misattribution.verdict(for: error, file: fixturesRoot.appendingPathComponent(path)) {
            return [CaseResult(endpoint: suite, fixture: path, auth: nil, check: .request, verdict: verdict)]
        }
        return [CaseResult.loadError(path: path, suite: suite, error: error)]
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
        var members: [Int] = []
        let responseHeaders = ReplayTransport.headers(of: fixture.response)
        let body = fixture.response.body.data
        let version = versionByContract ? fixture.contract.fixedAPIVersion ?? apiVersion : apiVersion
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
                // The header set comes from the documents (`WireHeaders`), with the version `--api-version` names.
                let wire = WireHeaders.expected(style: style, key: Self.replayKey, contract: fixture.contract,
                                                version: versionByContract ? nil : apiVersion)
                var verdict = Checks.request(fixture: fixture, auth: style, captured: captured,
                                             key: Self.replayKey, styleHeaders: wire, outcome: sentOutcome)
                if case .pass = verdict, captured.count == 1 {
                    let recorded = RecordedHeaders.problems(fixture: fixture, style: style, sent: captured[0].headers.lowercasedDictionary)
                    if let first = recorded.first { verdict = .fail(message: first, detail: recorded.joined(separator: "\n")) }
                }
                results.append(CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: style,
                                          check: .request, verdict: verdict))
            }
            if answers {
                let check = Checks.outcomeCheckName(for: fixture)
                var verdict: Verdict, notes: String?
                if check == .decoding {
                    (verdict, notes, members) = Checks.decodingAndValues(fixture: fixture, outcome: outcome, shapes: shapes)
                } else {
                    (verdict, notes) = (Checks.errorMappingAndRetry(fixture: fixture, outcome: outcome), nil)
                }
                outcomeResult = CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: nil, check: check,
                                           time: callTime, verdict: verdict, notes: notes)
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
        coverage?.record(fixture: fixture, results: results, members: members,
                         hasNextLink: PagingCheck.recordedNext(fixture.response.headers) != nil)
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
