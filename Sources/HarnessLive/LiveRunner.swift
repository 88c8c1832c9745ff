import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces
import HarnessCore

/// Settings for calling a real server (the API or the emulator).
package struct LiveOptions: Sendable {
    package var baseURL: URL
    /// From `FSQ_API_KEY`; nil means every live case is skipped.
    package var key: APIKey?
    package var authStyles: [AuthStyle]
    package var apiVersion: String
    package var concurrency: Int
    /// Per-request deadline in seconds.
    package var timeout: Double
    /// Extra attempts for 429, 5xx and transport errors the fixture does not expect.
    package var retries: Int
    /// Longest single backoff, in seconds.
    package var maxBackoff: Double
    /// Whole-run deadline in seconds: cases not finished by then become errors.
    package var deadline: Double
    /// Send `X-Emulator-Fixture: <path>` so the emulator answers with that fixture's response.
    package var selectFixtureHeader: Bool
    /// Seed for retry jitter.
    package var seed: UInt64
    /// Largest response body a live call accepts, in bytes (`--max-body`).
    package var maxBody = LiveStack.defaultMaxBody
    /// The HTTP stack for the calls (main's, with the Live trait); nil makes no call: each one fails.
    package var stack: (any LiveHTTPStack)?
    /// Most requests in any one-second window (`--rate-limit`); nil paces only on `X-RateLimit-Remaining`.
    package var rateLimit: Int?
    /// Most requests the run may send, retries included (`--max-calls`); nil for no budget.
    package var maxCalls: Int?
    /// Which writes may be sent, and how (`--allow-writes`): suggestions as dry runs, other writes not at all.
    package var writes = WritePolicy()
    /// Every write this run sent, for the terminal and the report.
    package var writeLog = WriteLog()
    /// `--strict`: a documented rule the server does not keep fails instead of warning.
    package var strict = false
    /// Set when an identifying call found the server is not the emulator (`EmulatorProbe`): the skip of an answer
    /// only the emulator gives says so.
    package var notTheEmulator = false

    package init(
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
    package static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        return host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}

/// One live call's raw result, kept for checks, recording and drift.
package struct LiveExchange: Sendable {
    package var outcome: CallOutcome
    /// The last request sent, with any extra headers.
    package var request: HTTPRequest?
    /// The last response head, if any answer came.
    package var response: HTTPResponse?
    /// The last response body's bytes.
    package var body: Data
    package var attempts: Int
    /// Seconds the last attempt took.
    package var seconds: Double
    /// Why each retried attempt failed (`429`, `503`, `transport`), in order.
    package var retriedFor: [String] = []

    /// Why an answer the harness retries was not retried (a `Retry-After` past the run's deadline, a spent budget);
    /// nil when it was, or when the answer is not one to retry. The case's failure says it.
    package var notRetried: String?

    /// Retried after a 5xx or a transport failure: a case that passes on such an answer is flaky. A 429 waited out
    /// is the quota, not the server failing.
    package var flakyReasons: [String] { retriedFor.filter { $0 != "429" } }

    /// Why nothing was sent (a write the policy refuses); nil when the call was made.
    package var notSent: String?
    /// Whether the policy sent a suggestion as a dry run that its fixture records as applied.
    package var rehearsed = false
    /// For a write that was sent: whether it was a dry run. Nil for a read.
    package var writeDryRun: Bool?

    /// The line a report gives a write that was sent.
    package var writeNote: String? {
        writeDryRun.map { $0 ? "write sent as a dry run (dry_run=true): nothing changed" : "write sent and applied (allowed by --allow-writes)" }
    }

    package init(outcome: CallOutcome, request: HTTPRequest?, response: HTTPResponse?, body: Data, attempts: Int, seconds: Double) {
        self.outcome = outcome
        self.request = request
        self.response = response
        self.body = body
        self.attempts = attempts
        self.seconds = seconds
    }
}

/// Calls a server through the typed client over URLSession, retrying what the fixture does not expect.
///
/// Live, record and drift strategies share one caller: it owns the session, the retries and the jitter.
package struct LiveCaller: Sendable {
    package let options: LiveOptions
    /// The run's pace, shared by every call it makes.
    package let pacer: CallPacer
    /// The run's calls, retries, waits and budget.
    package let ledger: CallLedger
    /// The run's calls by request, so identical requests share one call.
    package let shared = SharedCalls()
    /// Whether the run's answers can judge the contract (the ledger's); once not, no more calls are sent.
    package var health: CallHealth { ledger.health }
    private let jitter: Locked<SplitMix64>
    private let stack: any LiveHTTPStack

    package init(options: LiveOptions) {
        self.options = options
        pacer = CallPacer(perSecond: options.rateLimit, maxHold: options.maxBackoff)
        ledger = CallLedger(maxCalls: options.maxCalls)
        jitter = Locked(SplitMix64(seed: options.seed &+ 0x9E37_79B9_7F4A_7C15))
        stack = options.stack ?? NoLiveStack()
    }

    /// Calls once, retrying 429/5xx/transport failures other than `expectedStatus`, with capped
    /// exponential backoff plus jitter that honours `Retry-After`. A request already sent in this run is not sent
    /// again: its call's exchange answers (`SharedCalls`).
    /// `sending` is the key the request carries when it is not `key` (a provoked 401); `key` is still the one
    /// scrubbed from every answer.
    package func call(
        _ asked: CallPlan, auth: AuthStyle, key: APIKey, deadline: RunDeadline, expectedStatus: Int?,
        fixtureHeader: String? = nil, sending: APIKey? = nil
    ) async -> LiveExchange {
        let plan: CallPlan
        switch options.writes.decide(asked) {
        case let .send(allowed): plan = allowed
        case let .refuse(reason):
            var exchange = LiveExchange(outcome: .failed(.invalidInput("write", reason)), request: nil, response: nil,
                                        body: Data(), attempts: 0, seconds: 0)
            exchange.notSent = reason
            return exchange
        }
        let sent = sending ?? key
        guard let identity = await SharedCalls.identity(of: plan, auth: auth, key: sent, baseURL: options.baseURL,
                                                        apiVersion: options.apiVersion, fixtureHeader: fixtureHeader) else {
            return await sendJudged(plan, asked: asked, auth: auth, key: key, deadline: deadline, expectedStatus: expectedStatus,
                                    fixtureHeader: fixtureHeader, sending: sending)
        }
        let (exchange, shared) = await self.shared.exchange(for: identity) {
            await self.sendJudged(plan, asked: asked, auth: auth, key: key, deadline: deadline, expectedStatus: expectedStatus,
                                  fixtureHeader: fixtureHeader, sending: sending)
        }
        var answer = exchange
        if shared {
            ledger.shared()
            // The call's time belongs to the fixture that made it: the report and the slowest calls count it once.
            answer.seconds = 0
            // The answer is shared, not its reading: this fixture's own request type decodes it (another contract's
            // model may read the same bytes differently).
            if let response = exchange.response {
                let client = FoursquareClient(apiKey: sent, auth: auth, baseURL: options.baseURL, apiVersion: options.apiVersion,
                                              transport: AnsweredTransport(data: exchange.body, response: response))
                answer.outcome = await plan.run(with: client)
            }
        }
        answer.rehearsed = asked.dryRun == false && plan.dryRun == true
        return answer
    }

    /// `send`, with the call's last answer noted under its operation (an operation that answers only 5xx).
    private func sendJudged(
        _ plan: CallPlan, asked: CallPlan, auth: AuthStyle, key: APIKey, deadline: RunDeadline, expectedStatus: Int?,
        fixtureHeader: String?, sending: APIKey?
    ) async -> LiveExchange {
        let exchange = await send(plan, asked: asked, auth: auth, key: key, deadline: deadline, expectedStatus: expectedStatus,
                                  fixtureHeader: fixtureHeader, sending: sending)
        health.finished(operation: plan.endpoint.rawValue, status: exchange.response?.status, expected: expectedStatus)
        return exchange
    }

    /// Sends `plan` (what the write policy made of `asked`), retrying as `call` says.
    private func send(
        _ plan: CallPlan, asked: CallPlan, auth: AuthStyle, key: APIKey, deadline: RunDeadline, expectedStatus: Int?,
        fixtureHeader: String?, sending: APIKey?
    ) async -> LiveExchange {
        var attempt = 0
        var retriedFor: [String] = []
        while true {
            attempt += 1
            let timeout = max(0.001, min(options.timeout, deadline.remaining))
            let headers = fixtureHeader.map { [(EmulatorFixtureHeader.name, $0)] } ?? []
            // Bounded (deadline, body cap) and scrubbed of the key before anything above can see the answer.
            let bounded = LiveTransport(stack: stack, timeout: timeout, maxBody: options.maxBody,
                                        runDeadline: timeout < options.timeout ? deadline.seconds : nil)
            var paced = PacedTransport(base: bounded, pacer: pacer, ledger: ledger)
            paced.provoked = (sending.map { $0 != key } ?? false) || expectedStatus == 401 || expectedStatus == 403
            paced.expectedStatus = expectedStatus
            let transport = ObservingTransport(base: RedactingTransport(base: paced, scrubber: KeyScrubber(key: key)),
                                               extraHeaders: headers)
            let client = FoursquareClient(apiKey: sending ?? key, auth: auth, baseURL: options.baseURL,
                                          apiVersion: options.apiVersion, transport: transport)
            let start = ContinuousClock.now
            let outcome = await plan.run(with: client)
            let seconds = (ContinuousClock.now - start).seconds
            let last = transport.last
            // A call the run stopped (it could not judge) was never sent: it is no write.
            if !CallHealth.stopped(outcome) { options.writeLog.record(plan, refused: last?.response.status == 429) }
            var exchange = LiveExchange(outcome: outcome, request: last?.request, response: last?.response,
                                        body: last?.data ?? Data(), attempts: attempt, seconds: seconds)
            exchange.retriedFor = retriedFor
            exchange.rehearsed = asked.dryRun == false && plan.dryRun == true
            exchange.writeDryRun = plan.effect.writes ? (plan.dryRun ?? false) : nil
            // The harness retries a timed-out call too (an app leaves that to its caller: not `isRetryable`); a
            // certificate or name failure does not change on a second try.
            guard case let .failed(error) = outcome, error.isRetryable || error.code == .timedOut,
                  !error.isPermanentNetworkFailure, attempt <= options.retries, error.status != expectedStatus,
                  WriteRetry.mayResend(plan, after: error), health.cause == nil else { return exchange }
            guard !ledger.isSpent else {
                exchange.notRetried = "not retried: the budget of \(ledger.maxCalls ?? 0) calls (--max-calls) is spent"
                return exchange
            }
            let backoff = WriteRetry.wait(plan, after: error, backoff: self.backoff(attempt: attempt, retryAfter: error.retryAfter))
            guard backoff < deadline.remaining else {
                exchange.notRetried = WriteRetry.pastDeadline(error, wait: backoff, deadline: deadline)
                return exchange
            }
            let reason = CallLedger.reason(error)
            retriedFor.append(reason)
            ledger.retried(because: reason)
            ledger.backedOff(backoff)
            try? await Task.sleep(nanoseconds: UInt64(backoff * 1_000_000_000))
        }
    }

    /// `0.1 × 2^(attempt-1)` seconds ± 50 %, at least `Retry-After`, at most `--max-backoff`.
    func backoff(attempt: Int, retryAfter: Double?) -> Double {
        let base = 0.1 * pow(2, Double(attempt - 1))
        let jittered = base * (0.5 + jitter.withLock { $0.nextUnit() })
        return min(options.maxBackoff, max(jittered, retryAfter ?? 0))
    }
}

/// Stands in when no stack was given: every call fails saying which build makes live calls.
struct NoLiveStack: LiveHTTPStack {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "this binary makes no live calls; build fsq-contract with the Live trait (swift build --traits Live --product fsq-contract)" }
    }

    func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
        throw Missing()
    }
}

/// Live mode: every fixture's request under each auth style its contract accepts, checked against the answer.
package struct LiveStrategy: RunStrategy {
    package let caller: LiveCaller
    package let deadline: RunDeadline
    /// `--openapi`: each answer also checked against the provider's document (`live-openapi`).
    package let document: DocumentCheck?
    /// Tells a recorded id that answers 404 while its endpoint answers others (stale) from a failure; nil never does.
    package var staleProbe: StaleProbe?
    /// A stale fixture fails (the project file's `staleFails`) instead of being skipped.
    package var staleFails = false
    /// Known findings (`--baseline`): a failing case whose finding is in it passes, listed as known.
    package var baseline: BaselineUse?
    /// Where the run's premises that did not hold, and documented rules not kept, are gathered for the summary.
    package var premises: LivePremises?

    package init(caller: LiveCaller, deadline: RunDeadline, document: DocumentCheck? = nil) {
        self.caller = caller
        self.deadline = deadline
        self.document = document
    }

    var options: LiveOptions { caller.options }

    package func jobs(for fixture: Fixture) -> [AuthStyle?] { Contracts.styles(for: fixture, selected: options.authStyles) }

    package func broken(path: String, suite: String, error: FixtureError) -> [CaseResult] {
        [CaseResult.loadError(path: path, suite: suite, error: error)]
    }

    package func notRun(_ job: Job, deadline: RunDeadline) -> [CaseResult] {
        cases(job) { _ in (deadline.notRun(started: false), 0) }
    }

    package func problems(in output: [CaseResult]) -> Int { output.filter(\.verdict.isProblem).count }

    package func run(_ job: Job) async -> [CaseResult] {
        guard let key = options.key, let auth = job.auth else {
            return cases(job) { _ in (.skip(reason: "FSQ_API_KEY is not set; skipped as asked (--if-no-key skip)"), 0) }
        }
        let fixture = job.fixture
        let provocation = LiveProvocation.plan(for: fixture)
        if case let .emulatorOnly(reason) = provocation, !options.selectFixtureHeader {
            caller.ledger.skipped()
            return [skipped(job, options.notTheEmulator ? "\(reason) (\(LiveTransportError.origin(options.baseURL)) is not the emulator)" : reason)]
        }
        let exchange = await caller.call(provocation.plan(job.plan, fixture: fixture), auth: auth, key: key, deadline: deadline,
                                         expectedStatus: fixture.response.status,
                                         fixtureHeader: options.selectFixtureHeader ? fixture.relativePath : nil,
                                         sending: provocation.key(key))
        if let reason = exchange.notSent {
            caller.ledger.skipped()
            return [skipped(job, reason)]
        }
        // Only the emulator, which names the fixture it served, can give an answer no request provokes. A call with
        // no answer at all stays an error: a server that is down is not a reason to skip.
        if case let .emulatorOnly(reason) = provocation, let response = exchange.response,
           response.headers[EmulatorFixtureHeader.name] == nil {
            return [skipped(job, "\(reason) (\(LiveTransportError.origin(options.baseURL)) is not the emulator)")]
        }
        if let staleProbe {
            staleProbe.answered(fixture, auth: auth, status: exchange.response?.status)
            if let stale = await staleProbe.check(fixture, auth: auth, liveStatus: exchange.response?.status, caller: caller,
                                                  key: key, deadline: deadline) {
                return cases(job) { _ in (stale.verdict(fails: staleFails), 0) }
            }
        }
        var notes = [exchange.attempts > 1 ? "attempts: \(exchange.attempts)" : nil, exchange.writeNote, exchange.notRetried].compactMap { $0 }
            .joined(separator: "\n").nonEmpty
        if let premises, let status = exchange.response?.status, (200...299).contains(status), let premise = LivePremise.of(fixture, provocation: provocation) {
            premises.note(fixture, premise: premise, status: status)
        }
        var results = LiveChecks.verdicts(fixture: fixture, auth: auth, exchange: exchange, key: key, provocation: provocation,
                                          strict: options.strict).map { check, verdict in
            CaseResult(endpoint: fixture.endpoint.rawValue, fixture: fixture.relativePath, auth: auth, check: check,
                       time: check == .liveStatus ? exchange.seconds : 0, verdict: verdict, notes: notes)
        }
        if let document, document.oracle.covers(contract: fixture.contract) {
            results.append(document.liveResult(fixture: fixture, auth: auth, exchange: exchange, key: key))
        }
        // Passed only after a retried 5xx or transport failure: green, but marked so a flaky server shows.
        if !exchange.flakyReasons.isEmpty, !results.contains(where: \.verdict.isProblem) {
            notes = FlakyCase.note(exchange)
            for index in results.indices { results[index].notes = notes }
            caller.ledger.flaky(results.map(\.name))
        }
        if let baseline {
            if exchange.response != nil { baseline.covered("\(fixture.contract)/\(fixture.endpoint.rawValue)") }
            baseline.apply(to: &results, contract: fixture.contract, endpoint: fixture.endpoint.rawValue)
        }
        return results
    }

    /// The one testcase of a fixture live mode cannot ask this server for: its error-mapping check, skipped.
    package func skipped(_ job: Job, _ reason: String) -> CaseResult {
        CaseResult(endpoint: job.fixture.endpoint.rawValue, fixture: job.fixture.relativePath, auth: job.auth,
                   check: .liveErrorMapping, verdict: .skip(reason: reason))
    }

    func cases(_ job: Job, _ verdict: (CheckName) -> (Verdict, Double)) -> [CaseResult] {
        var names = LiveChecks.names(for: job.fixture)
        if let document, document.oracle.covers(contract: job.fixture.contract) { names.append(.liveOpenapi) }
        return names.map { check in
            let (result, time) = verdict(check)
            return CaseResult(endpoint: job.fixture.endpoint.rawValue, fixture: job.fixture.relativePath, auth: job.auth,
                              check: check, time: time, verdict: result)
        }
    }

    /// The case of a fixture the watchdog found unfinished: one error, with no style, because the file may not
    /// have been read and its contract decides which styles it takes.
    package func unfinished(path: String, suite: String, deadline: RunDeadline) -> [CaseResult] {
        [CaseResult(endpoint: suite, fixture: path, auth: nil, check: .liveStatus, verdict: deadline.notRun(started: true))]
    }
}

/// Runs live mode over fixtures already in memory and returns every result (for tests).
package struct LiveRunner: Sendable {
    package let options: LiveOptions
    package let caller: LiveCaller

    package init(options: LiveOptions) {
        self.options = options
        caller = LiveCaller(options: options)
    }

    /// Results in fixture order; `progress` is called after each fixture with (done, total, problems).
    package func run(
        _ fixtures: [LoadedFixture], progress: (@Sendable (Int, Int, Int) -> Void)? = nil
    ) async -> [CaseResult] {
        let deadline = RunDeadline(seconds: options.deadline)
        let core = ExecutionCore(concurrency: options.concurrency, deadline: deadline, progress: progress)
        return await core.collect(.loaded(fixtures), strategy: LiveStrategy(caller: caller, deadline: deadline)).flatMap { $0 }
    }
}

extension String {
    /// Nil for an empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
