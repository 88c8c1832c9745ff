import Foundation
import FoursquarePlaces
import HarnessCore

/// What a live run's calls cost: how many were sent, which were retries and why, how long the run waited, and
/// the budget (`--max-calls`) that no call may go past.
package final class CallLedger: Sendable {
    /// Most calls the run may send, retries included; nil for no budget.
    package let maxCalls: Int?

    /// The counts so far.
    package struct Tally: Sendable, Equatable {
        package init() {}

        /// Requests sent, retries included.
        package var calls = 0
        /// Retries, by why the attempt before failed: `429`, `503`, `transport`.
        package var retries: [String: Int] = [:]
        /// Seconds calls waited for the pace (`--rate-limit`, a low `X-RateLimit-Remaining`).
        package var pacing = 0.0
        /// Seconds retries waited (backoff, `Retry-After`).
        package var backoff = 0.0
        /// Fixture calls not sent because the budget was spent.
        package var refused = 0
        /// Fixture calls answered by another fixture's identical request, not sent again.
        package var shared = 0
        /// Fixture calls not made: an answer only the emulator gives, or a write the policy does not send.
        package var skipped = 0
        /// Fixture calls not made because the run had stopped calling (`CallHealth.cause`). Each fixture call is
        /// counted once: made (its retries apart, in `retries`), shared, skipped, stopped, past the deadline or
        /// refused by the budget; a call whose retry was stopped was made.
        package var stopped = 0
        /// Fixture calls not made because the run's deadline had passed before their turn.
        package var pastDeadline = 0
        /// Cases that passed only after a retried 5xx or transport failure, by name.
        package var flaky: [String] = []
        /// Calls whose last answer was still a 429 the fixture did not record, by the limit that allowed no more
        /// retries: `--retries`, `--max-calls` or `--deadline`.
        package var quotaOutlasted: [String: Int] = [:]
        /// Calls whose last answer was the server's trouble (their cases were not judged), each once.
        package var serverTrouble: Set<ServerTrouble> = []

        /// How long the sent requests took to answer (or fail), by operation: a deadline that passed names the slowest.
        package var timings: [String: Timing] = [:]

        /// Of `calls`, those the pass this tally is for sent itself, when the run had an earlier pass (the
        /// nightly's live checks after drift): its line says both, so it reads apart from the earlier pass's.
        package var madeByThisPass: Int?

        package var retried: Int { retries.values.reduce(0, +) }
    }

    /// Requests of one operation and the seconds they took in all, waits for the pace and backoff apart.
    package struct Timing: Sendable, Equatable {
        package var requests = 0
        package var seconds = 0.0
        package var average: Double { requests == 0 ? 0 : seconds / Double(requests) }
    }

    private let state = Locked(Tally())

    /// Whether the run's answers can judge the contract; once not, no more calls are sent.
    package let health = CallHealth()
    /// The run's first request goes alone (`APIPremise`).
    let firstAnswer = FirstAnswerGate()

    package init(maxCalls: Int? = nil) { self.maxCalls = maxCalls }

    package var tally: Tally { state.current }

    /// Counts a call about to be sent; false, and nothing counted as sent, once the budget is spent. A refused
    /// `retry` is not counted as refused: its fixture call was made.
    package func admit(retry: Bool = false) -> Bool {
        state.withLock { tally in
            if let maxCalls, tally.calls >= maxCalls {
                if !retry { tally.refused += 1 }
                return false
            }
            tally.calls += 1
            return true
        }
    }

    /// Whether another call would go past the budget.
    package var isSpent: Bool { maxCalls.map { limit in state.withLock { $0.calls >= limit } } ?? false }

    package func flaky(_ cases: [String]) { state.withLock { $0.flaky += cases } }
    /// Notes a call still answered 429 once `limit` (`--retries`, `--max-calls`, `--deadline`) allowed no more retries.
    func quotaOutlasted(by limit: String) { state.withLock { $0.quotaOutlasted[limit, default: 0] += 1 } }
    /// Notes a call whose cases were not judged because the server failed it; a pass that reads another's answer
    /// notes the same call again, which counts once.
    package func serverTrouble(_ call: ServerTrouble) { state.withLock { _ = $0.serverTrouble.insert(call) } }
    func shared() { state.withLock { $0.shared += 1 } }
    package func skipped() { state.withLock { $0.skipped += 1 } }
    func stopped() { state.withLock { $0.stopped += 1 } }

    /// Notes a fixture call the run's deadline left unmade.
    package func notCalledPastDeadline() { state.withLock { $0.pastDeadline += 1 } }
    func retried(because reason: String) { state.withLock { $0.retries[reason, default: 0] += 1 } }
    func timed(_ operation: String, seconds: Double) {
        state.withLock { $0.timings[operation, default: Timing()].requests += 1; $0.timings[operation]!.seconds += seconds }
    }
    func paced(_ seconds: Double) { if seconds > 0 { state.withLock { $0.pacing += seconds } } }
    func backedOff(_ seconds: Double) { if seconds > 0 { state.withLock { $0.backoff += seconds } } }

    /// Why an attempt is retried, as the ledger and the flaky marker name it.
    static func reason(_ error: FoursquareError) -> String { error.status.map(String.init) ?? "transport" }

    /// `calls: 42 made, 5 shared, 57 skipped, 3 retried (2 × 429, 1 × 503), 1.8 s waited in all (1.2 s pacing, 0.6 s backoff)`: the waits
    /// of calls in flight at once add up, so the total can exceed the run's wall-clock time.
    package var line: String { Self.line(tally, maxCalls: maxCalls) }

    /// `slowest: place-photos, 9.8 s a request`: what a run the deadline cut spent its time
    /// on, or nil before any request was sent.
    package static func slowestLine(_ tally: Tally) -> String? {
        guard let (operation, timing) = tally.timings.filter({ $0.value.requests > 0 })
            .max(by: { ($0.value.average, $1.key) < ($1.value.average, $0.key) }) else { return nil }
        return "slowest: \(operation), " + String(format: "%.1f s a request", timing.average)
    }

    /// The same line for any tally (the nightly's live checks give theirs apart from drift's).
    package static func line(_ tally: Tally, maxCalls: Int?) -> String {
        let made = tally.madeByThisPass.map { "\(tally.calls) made in the run (\($0) of them by this pass)" } ?? "\(tally.calls) made"
        var line = "calls: \(made), \(tally.shared) shared, \(tally.skipped) skipped"
        // Every fixture call is one of these, so the line adds up on a night that stopped early too.
        if tally.stopped > 0 { line += ", \(tally.stopped) not sent once the run stopped" }
        if tally.pastDeadline > 0 { line += ", \(tally.pastDeadline) not called once the deadline passed" }
        if tally.retried > 0 {
            let reasons = tally.retries.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.value) × \($0.key)" }
            line += ", \(tally.retried) retried (\(reasons.joined(separator: ", ")))"
        } else {
            line += ", none retried"
        }
        line += String(format: ", %.1f s waited in all (%.1f s pacing, %.1f s backoff)", tally.pacing + tally.backoff, tally.pacing, tally.backoff)
        if !tally.flaky.isEmpty { line += "; \(plural(tally.flaky.count, "flaky case")) (passed only after a retried 5xx or transport failure)" }
        if tally.refused > 0, let maxCalls { line += "; \(tally.refused) not sent: the budget of \(maxCalls) calls (--max-calls) was spent" }
        return line
    }
}

extension CallLedger {
    /// A call whose last answer, after its retries, was a 5xx or a 429 its fixture did not record: the server's
    /// trouble, never a contract change, so its cases are neither red nor green.
    package struct ServerTrouble: Sendable, Hashable {
        /// The operation (`place-details`).
        package var operation: String
        /// The fixture's path and the auth style it was called under.
        package var fixture: String
        package var auth: String
        /// The place id the call asked for, when its endpoint takes one.
        package var placeID: String?
        package var status: Int

        /// One call, as drift and the live checks note it.
        package init(operation: String, fixture: String, auth: String, placeID: String?, status: Int) {
            self.operation = operation
            self.fixture = fixture
            self.auth = auth
            self.placeID = placeID
            self.status = status
        }

        /// `place-details answered 503 for place 4bf3c82cf964a52053874afa (1 fixture); …; the server's
        /// trouble`, or nil when every call was answered as the server can. Past two operations, the rest are counted.
        /// `quotaLimits`: the limits that ended the retries of calls still answered 429 (`Tally.quotaOutlasted`).
        package static func line(_ calls: Set<ServerTrouble>, quotaLimits: [String: Int] = [:]) -> String? {
            guard !calls.isEmpty else { return nil }
            let byOperation = Dictionary(grouping: calls, by: \.operation).sorted { $0.key < $1.key }
            let parts = byOperation.map { operation, calls in
                let statuses = Set(calls.map(\.status)).sorted().map(String.init).joined(separator: "/")
                let places = Set(calls.compactMap(\.placeID)).sorted()
                let fixtures = Set(calls.map(\.fixture)).count
                let at = places.isEmpty ? "" : " for \(places.count == 1 ? "place" : "places") \(places.joined(separator: ", "))"
                return "\(operation) answered \(statuses)\(at) (\(plural(fixtures, "fixture")))"
            }
            // A 429 left after the retries is the quota's: say which limit ended them, and what to change.
            let quota = calls.contains { $0.status == 429 } ? "; " + CallLedger.quotaLimitLine(quotaLimits) : ""
            let named = parts.count > 2 ? parts.prefix(2).joined(separator: "; ") + "; \(parts.count - 2) more" : parts.joined(separator: "; ")
            return named + "; the server's trouble" + quota
        }
    }
}

extension CallLedger {
    /// `--retries allowed no more retries (1 call); lower --rate-limit to the quota, or raise --retries`: the limits
    /// that ended the retries of calls still answered 429, with what to raise; both limits that can when unknown.
    package static func quotaLimitLine(_ limits: [String: Int]) -> String {
        guard !limits.isEmpty else {
            return "the budget or the deadline allowed no more retries; lower --rate-limit to the quota, or raise maxCalls or --deadline"
        }
        let sorted = limits.sorted { $0.key < $1.key }
        let which = sorted.map { "\($0.key) (\(plural($0.value, "call")))" }.joined(separator: ", ")
        let raise = sorted.map { $0.key == "--max-calls" ? "maxCalls" : $0.key }.joined(separator: " or ")
        return "\(which) allowed no more retries; lower --rate-limit to the quota, or raise \(raise)"
    }
}

/// The pace and the budget as a transport: every request a live call sends, a retry included, takes a slot from
/// the pacer and a call from the ledger, so they hold whatever the concurrency.
struct PacedTransport: Transport {
    struct BudgetSpent: Error, CustomStringConvertible {
        var limit: Int
        var description: String { "not sent: the run's budget of \(limit) calls (--max-calls) is spent" }
    }

    let base: any Transport
    let pacer: CallPacer
    let ledger: CallLedger
    /// The call carries a key no server accepts on purpose, or its fixture recorded a refusal.
    var provoked = false
    /// The status the call's fixture recorded: a 429 it asks for (the emulator serving a 429 fixture) is no quota.
    var expectedStatus: Int?
    /// Why the attempt before this one failed, when this one is a retry: counted once the retry is sent.
    var retryReason: String?
    /// The call's operation: its answers say whether it answers only 5xx, and once it does nothing more is sent.
    var operation = ""
    /// Scrubs the run's key from a message the server sent, before a cause line quotes it.
    var scrubber: KeyScrubber?
    /// The request carries a key no server accepts (`LiveProvocation.rejectedKey`): an answer other than a refusal
    /// shows something other than the API answered.
    var wrongKey = false

    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let health = ledger.health
        let first = await ledger.firstAnswer.enter()
        defer {
            // A premise in doubt (the version refused by one operation) lets the next request go alone too.
            if first, health.premiseInDoubt { ledger.firstAnswer.passOn() } else if first { ledger.firstAnswer.open() }
        }
        if let cause = health.cause { throw CallHealth.Stopped(cause: cause) }
        ledger.paced(await pacer.acquire())
        if let cause = health.cause { throw CallHealth.Stopped(cause: cause) }
        if let line = health.notJudged(operation) { throw CallHealth.OperationStopped(line: line) }
        guard ledger.admit(retry: retryReason != nil) else { throw BudgetSpent(limit: ledger.maxCalls ?? 0) }
        if let retryReason { ledger.retried(because: retryReason) }
        let data: Data, response: HTTPResponse
        let start = ContinuousClock.now
        defer { ledger.timed(operation, seconds: (ContinuousClock.now - start).seconds) }
        do {
            (data, response) = try await base.send(request)
        } catch let failure as LiveTransportError {
            // Refused, unreachable, silent: no server answered. A body past the cap or a head past the parser's
            // limit is an answer, and judged as one.
            switch failure {
            case .unreachable, .timedOut(_, false, _, _), .network: health.noAnswer(failure.description)
            case .runDeadlinePassed(_, false, _, _): health.noAnswer(failure.description, cutByDeadline: true)
            // The head came: the server is there, and a body cut short is retried as a 5xx is.
            case .closed: health.cutShort("the connection closes mid-body", target: request.url.absoluteString)
            case .timedOut(_, true, _, _): health.cutShort("the body stalls past --timeout", target: request.url.absoluteString)
            default: break
            }
            throw failure
        }
        if let premise = APIPremise.broken(method: request.method, path: request.url.path, status: response.status,
                                           contentType: response.headers["content-type"], body: data, wrongKey: wrongKey,
                                           expected: expectedStatus, versionSent: request.headers["X-Places-Api-Version"],
                                           scrubber: scrubber) {
            health.premiseFailed(premise)
        } else if (200...299).contains(response.status), request.headers["X-Places-Api-Version"] != nil {
            health.versionServed()
        }
        health.answered(status: response.status, provoked: provoked, expected: expectedStatus, path: request.url.path)
        // What the answer says of itself matters only where it may end the night: a refusal, a quota, a failure.
        let message = [403, 429].contains(response.status) || response.status >= 500
            ? ServerMessage(body: data, contentType: response.headers["content-type"], scrubber: scrubber) : nil
        health.attempted(operation: operation, status: response.status, expected: expectedStatus, retry: retryReason != nil,
                         target: request.url.absoluteString, message: message, retryAfter: response.headers["retry-after"] != nil)
        if !(response.status == 429 && expectedStatus == 429) { pacer.observe(response) }
        return (data, response)
    }
}

/// How a flaky case is marked: a `flaky:` line under its name in the suite's system-out, which every JUnit consumer
/// shows and every reference schema accepts (the `flakyFailure` element is Surefire's and the Ant schema refuses it).
package enum FlakyCase {
    /// The marker's prefix.
    package static let marker = CaseResult.flakyMarker

    /// `flaky: passed after retrying 503, transport (attempts: 3)`.
    package static func note(_ exchange: LiveExchange) -> String {
        "\(marker) passed only after retrying \(exchange.flakyReasons.joined(separator: ", ")) (attempts: \(exchange.attempts))"
    }
}
