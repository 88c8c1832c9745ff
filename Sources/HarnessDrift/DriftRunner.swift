import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessReports

/// The drift found for one fixture under one auth style.
package struct DriftResult: Sendable, Hashable {
    package var fixture: String
    package var endpoint: String
    /// The contract the fixture was recorded under.
    package var contract: ContractID = .seed
    package var auth: AuthStyle
    package var changes: [DriftChange]
    /// The status the fixture recorded.
    package var recordedStatus: Int = 200
    package var liveStatus: Int?
    /// Set when no live response could be had.
    package var problem: String?
    package var seconds: Double
    /// Not called: no request provokes this error fixture's answer and only the emulator gives it (`LiveProvocation`).
    package var notAsked: String?
    /// `--openapi`: the answer against the provider's document (`live-openapi`), graded apart from the drift:
    /// "the API breaks its own document" is other news than "the API changed since we recorded it".
    package var conformance: CaseResult?
    /// The answer came only after a retried 5xx or transport failure (`flaky: …`); nil otherwise.
    package var flaky: String?
    /// Why the answer was not graded: a 5xx or 429 the fixture did not record is the server's trouble, not drift.
    package var notJudged: String?
    /// The run had stopped calling (it could not judge the contract) before this call was sent.
    package var stopped = false

    package init(fixture: String, endpoint: String, contract: ContractID = .seed, auth: AuthStyle,
                changes: [DriftChange] = [], recordedStatus: Int = 200, liveStatus: Int? = nil, problem: String? = nil,
                seconds: Double = 0) {
        self.fixture = fixture
        self.endpoint = endpoint
        self.contract = contract
        self.auth = auth
        self.changes = changes
        self.recordedStatus = recordedStatus
        self.liveStatus = liveStatus
        self.problem = problem
        self.seconds = seconds
    }

    package var worst: DriftGrade? { changes.map(\.grade).max() }

    /// The server refused the key or the style (401/403) where the fixture recorded something else.
    package var refused: Bool {
        guard let liveStatus else { return false }
        return (liveStatus == 401 || liveStatus == 403) && recordedStatus != 401 && recordedStatus != 403
    }

    /// An error fixture whose status class the server did not reproduce (say a recorded 404 answered 200):
    /// the recording cannot be compared, which says nothing about the API's shapes.
    package var unreproducible: Bool {
        guard let liveStatus, recordedStatus >= 400, !refused, notJudged == nil else { return false }
        return liveStatus / 100 != recordedStatus / 100
    }
}

/// A file drift could not use, or one fixture × style compared.
package enum DriftOutcome: Sendable {
    case compared(DriftResult)
    case broken(path: String, suite: String, error: FixtureError)
}

/// Drift mode on the execution core: call the live server for a fixture under each style its contract
/// accepts, and grade how the answer moved from the recording.
package struct DriftStrategy: RunStrategy {
    package let caller: LiveCaller
    package let config: DriftConfig
    package let deadline: RunDeadline
    /// `--openapi`: each answer also checked against the provider's document, graded apart from drift.
    package let document: DocumentCheck?

    package init(caller: LiveCaller, config: DriftConfig, deadline: RunDeadline, document: DocumentCheck? = nil) {
        self.caller = caller
        self.config = config
        self.deadline = deadline
        self.document = document
    }

    var options: LiveOptions { caller.options }

    package func jobs(for fixture: Fixture) -> [AuthStyle?] { Contracts.styles(for: fixture, selected: options.authStyles) }

    package func broken(path: String, suite: String, error: FixtureError) -> DriftOutcome {
        .broken(path: path, suite: suite, error: error)
    }

    package func notRun(_ job: Job, deadline: RunDeadline) -> DriftOutcome {
        caller.ledger.notCalledPastDeadline()
        var result = Self.result(job)
        if case let .error(message, _) = deadline.notRun(started: false) { result.problem = message }
        return .compared(result)
    }

    package func problems(in output: DriftOutcome) -> Int {
        switch output {
        case .broken: return 1
        case let .compared(result):
            // A call the run stopped before sending is not a problem found: progress counts what the summary will.
            return result.worst == .err || result.problem != nil && !result.stopped || result.conformance?.verdict.isProblem == true ? 1 : 0
        }
    }

    static func result(_ job: Job) -> DriftResult {
        DriftResult(fixture: job.fixture.relativePath, endpoint: job.fixture.endpoint.rawValue, contract: job.fixture.contract,
                    auth: job.auth ?? .apiKey, changes: [], recordedStatus: job.fixture.response.status, liveStatus: nil,
                    problem: nil, seconds: 0)
    }

    package func run(_ job: Job) async -> DriftOutcome {
        var result = Self.result(job)
        guard let key = options.key, let auth = job.auth else {
            result.problem = "FSQ_API_KEY is not set; skipped as asked (--if-no-key skip)"
            return .compared(result)
        }
        let fixture = job.fixture
        // An error fixture is provoked as live mode provokes it (a 401 with a key no server accepts, a 404 for a
        // place no API has), so its error body is compared too; what no request provokes is asked as recorded.
        let exchange: LiveExchange
        switch await caller.call(fixture: fixture, plan: job.plan, auth: auth, key: key, deadline: deadline) {
        case let .answered(answer, _): exchange = answer
        case let .notSent(reason):
            result.notAsked = reason
            return .compared(result)
        }
        result.seconds = exchange.seconds
        // An answer that is not the API's, or any after one was seen, grades no drift: the night's one line says why.
        if caller.health.brokenPremise != nil {
            result.stopped = true
            result.problem = CallHealth.notTheAPIReason
            return .compared(result)
        }
        if exchange.answeredAfterRetry(expected: fixture.response.status) {
            result.flaky = FlakyCase.note(exchange)
            caller.ledger.flaky(["\(fixture.relativePath) [\(auth)] drift"])
        }
        let scrubber = KeyScrubber(key: key)
        let secrets = AnswerSecrets(body: exchange.body)
        guard let response = exchange.response else {
            result.stopped = CallHealth.stopped(exchange.outcome)
            if case let .failed(error) = exchange.outcome { result.problem = scrubber.text(error.noAnswerCause ?? error.description) }
            return .compared(result)
        }
        let endpoint = fixture.endpoint.rawValue
        result.liveStatus = response.status
        if let status = exchange.serverTrouble(expected: fixture.response.status) {
            result.notJudged = "not judged: the server answered \(status) (the server's trouble, not a contract change)"
                + (exchange.notRetried.map { "; \($0)" } ?? "")
            caller.ledger.serverTrouble(.init(operation: endpoint, fixture: fixture.relativePath, auth: auth.rawValue,
                                              placeID: StaleFixture.placeID(of: fixture), status: status))
            return .compared(result)
        }
        if let document, document.oracle.covers(contract: fixture.contract) {
            result.conformance = document.liveResult(fixture: fixture, auth: auth, exchange: exchange, key: key)
        }
        result.changes = DriftDiff.compare(fixture: fixture, status: response.status,
                                           contentType: response.headers["content-type"], body: exchange.body)
            .filter { !config.ignores($0.path, endpoint: endpoint) }
            .map { change in
                var change = change
                if let grade = config.grade(for: change.path, endpoint: endpoint) { change.grade = grade }
                // Paths hold the server's field names, which an echoing server can make the key itself.
                change.path = secrets.text(scrubber.text(change.path))
                change.detail = secrets.text(scrubber.text(change.detail))
                return change
            }
            .sorted { ($0.grade, $1.path) > ($1.grade, $0.path) }
        return .compared(result)
    }
}

/// Everything a drift run found: compared calls in fixture order, and files that did not load.
package struct DriftRun: Sendable {
    package var results: [DriftResult] = []
    package var broken: [(path: String, suite: String, error: FixtureError)] = []
    /// Fixtures whose place id answers 404 while their endpoint answers others, by fixture path.
    package var stale: [String: StaleFixture] = [:]

    package init(results: [DriftResult] = [], broken: [(path: String, suite: String, error: FixtureError)] = []) {
        self.results = results
        self.broken = broken
    }
}

/// Runs drift over fixtures already loaded.
package struct DriftRunner: Sendable {
    package let caller: LiveCaller
    package let config: DriftConfig
    package let document: DocumentCheck?
    /// Set in a supervised worker (see `ExecutionCore.worker`).
    package let worker: WorkerContext?

    /// `caller`: one shared with another pass over the same fixtures (the nightly's live checks); else its own.
    package init(options: LiveOptions, config: DriftConfig, document: DocumentCheck? = nil, worker: WorkerContext? = nil,
                caller: LiveCaller? = nil) {
        self.caller = caller ?? LiveCaller(options: options)
        self.config = config
        self.document = document
        self.worker = worker
    }

    package func run(_ fixtures: [LoadedFixture], progress: (@Sendable (Int, Int, Int) -> Void)? = nil) async -> DriftRun {
        let options = caller.options
        // A worker started again after a crash keeps the first worker's deadline.
        let deadline = options.runDeadline(from: WorkerContext.runStart(worker))
        let core = ExecutionCore(concurrency: options.concurrency, deadline: deadline, progress: progress, worker: worker)
        let strategy = DriftStrategy(caller: caller, config: config, deadline: deadline, document: document)
        var run = DriftRun()
        for outcome in await core.collect(.loaded(fixtures), strategy: strategy) {
            switch outcome {
            case let .compared(result): run.results.append(result)
            case let .broken(path, suite, error): run.broken.append((path, suite, error))
            }
        }
        var byPath: [String: Fixture] = [:]
        for case let .fixture(fixture) in fixtures { byPath[fixture.relativePath] = fixture }
        run.stale = StaleFixture.inDrift(run.results, fixtures: byPath).mapValues { stale in
            var stale = stale
            stale.called(options.baseURL)
            return stale
        }
        return run
    }
}
