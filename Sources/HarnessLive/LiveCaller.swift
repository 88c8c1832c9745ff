import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces
import HarnessCore

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
        ledger.health.declareOutsidePlan(options.outsidePlan)
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
        // An operation that answered only 5xx gets no more calls: its cases cannot be judged tonight.
        if let failing = health.notJudged(asked.endpoint.rawValue) {
            var exchange = LiveExchange(outcome: .failed(.invalidInput("operation", failing)), request: nil, response: nil,
                                        body: Data(), attempts: 0, seconds: 0)
            exchange.notSent = CallHealth.notJudgedReason(failing)
            return exchange
        }
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
                                                        apiVersion: options.apiVersion(for: plan.contract),
                                                        fixtureHeader: fixtureHeader) else {
            return await sendJudged(plan, asked: asked, auth: auth, key: key, deadline: deadline, expectedStatus: expectedStatus,
                                    fixtureHeader: fixtureHeader, sending: sending)
        }
        let (exchange, shared) = await self.shared.exchange(for: identity) {
            await self.sendJudged(plan, asked: asked, auth: auth, key: key, deadline: deadline, expectedStatus: expectedStatus,
                                  fixtureHeader: fixtureHeader, sending: sending)
        }
        var answer = exchange
        // An answer never sent is not shared: the fixture's caller counts it skipped, so each fixture call counts once.
        if shared, !exchange.neverSent { ledger.shared() }
        if shared {
            // The call's time belongs to the fixture that made it: the report and the slowest calls count it once.
            answer.seconds = 0
            // The answer is shared, not its reading: this fixture's own request type decodes it (another contract's
            // model may read the same bytes differently).
            if let response = exchange.response {
                let client = FoursquareClient(apiKey: sent, auth: auth, baseURL: options.baseURL,
                                              apiVersion: options.apiVersion(for: plan.contract),
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
        // A call stopped at a retry was made: the line counts each fixture call once.
        if CallHealth.stopped(exchange.outcome), exchange.attempts <= 1 { ledger.stopped() }
        if exchange.response?.status == 429, expectedStatus != 429, health.cause == nil {
            // Which limit ended the retries: the run's line names it, not all three.
            ledger.quotaOutlasted(by: ledger.isSpent ? "--max-calls" : exchange.notRetried != nil ? "--deadline" : "--retries")
        }
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
            var bounded = LiveTransport(stack: stack, timeout: timeout, maxBody: options.maxBody,
                                        runDeadline: timeout < options.timeout ? deadline.seconds : nil)
            bounded.deadline = deadline
            var paced = PacedTransport(base: bounded, pacer: pacer, ledger: ledger)
            paced.wrongKey = sending.map { $0 != key } ?? false
            paced.provoked = paced.wrongKey || expectedStatus == 401 || expectedStatus == 403
            paced.expectedStatus = expectedStatus
            paced.retryReason = retriedFor.last
            paced.operation = plan.endpoint.rawValue
            paced.scrubber = KeyScrubber(key: key)
            let transport = ObservingTransport(base: RedactingTransport(base: paced, scrubber: KeyScrubber(key: key)),
                                               extraHeaders: headers)
            let client = FoursquareClient(apiKey: sending ?? key, auth: auth, baseURL: options.baseURL,
                                          apiVersion: options.apiVersion(for: plan.contract), transport: transport)
            let start = ContinuousClock.now
            let outcome = await plan.run(with: client)
            let seconds = (ContinuousClock.now - start).seconds
            let last = transport.last
            // A call the run stopped (it could not judge, or its operation answers only 5xx) was never sent: it is no write.
            if !CallHealth.unsent(outcome) { options.writeLog.record(plan, refused: last?.response.status == 429) }
            var exchange = LiveExchange(outcome: outcome, request: last?.request, response: last?.response,
                                        body: last?.data ?? Data(), attempts: attempt, seconds: seconds)
            exchange.retriedFor = retriedFor
            exchange.rehearsed = asked.dryRun == false && plan.dryRun == true
            exchange.writeDryRun = plan.effect.writes ? (plan.dryRun ?? false) : nil
            if case let .failed(error) = outcome, let stopped = error.underlyingError as? CallHealth.OperationStopped {
                exchange.notSent = stopped.description
                return exchange
            }
            // The harness retries a timed-out call too (an app leaves that to its caller: not `isRetryable`); a
            // certificate or name failure does not change on a second try.
            guard case let .failed(error) = outcome, error.isRetryable || error.code == .timedOut,
                  !error.isPermanentNetworkFailure, attempt <= options.retries, error.status != expectedStatus,
                  WriteRetry.mayResend(plan, after: error, attempt: attempt), health.cause == nil,
                  health.notJudged(plan.endpoint.rawValue) == nil else { return exchange }
            guard !ledger.isSpent else {
                exchange.notRetried = "not retried: the budget of \(ledger.maxCalls ?? 0) calls (--max-calls) is spent"
                return exchange
            }
            let backoff = WriteRetry.wait(plan, after: error, backoff: self.backoff(attempt: attempt, retryAfter: error.retryAfter))
            guard backoff < deadline.remaining else {
                exchange.notRetried = WriteRetry.pastDeadline(error, wait: backoff, deadline: deadline)
                return exchange
            }
            // The ledger counts the retry when it is sent (`PacedTransport`): a run that stops meanwhile sends none.
            retriedFor.append(CallLedger.reason(error))
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
