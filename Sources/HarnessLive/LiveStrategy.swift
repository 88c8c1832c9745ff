import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces
import HarnessCore

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
        caller.ledger.notCalledPastDeadline()
        return cases(job) { _ in (deadline.notRun(started: false), 0) }
    }

    package func problems(in output: [CaseResult]) -> Int { output.filter(\.verdict.isProblem).count }

    package func run(_ job: Job) async -> [CaseResult] {
        guard let key = options.key, let auth = job.auth else {
            return cases(job) { _ in (.skip(reason: "FSQ_API_KEY is not set; skipped as asked (--if-no-key skip)"), 0) }
        }
        let fixture = job.fixture
        let exchange: LiveExchange, provocation: LiveProvocation
        switch await caller.call(fixture: fixture, plan: job.plan, auth: auth, key: key, deadline: deadline) {
        case let .answered(answer, provoked): (exchange, provocation) = (answer, provoked)
        case let .notSent(reason):
            if case .emulatorOnly = LiveProvocation.plan(for: fixture), options.notTheEmulator {
                return [skipped(job, "\(reason) (\(LiveTransportError.origin(options.baseURL)) is not the emulator)")]
            }
            return [skipped(job, reason)]
        }
        // An answer that is not the API's, or any after one was seen, judges nothing: the run's one line says why.
        if caller.health.brokenPremise != nil {
            return cases(job) { _ in (.skip(reason: CallHealth.notTheAPIReason), 0) }
        }
        // An answer of an operation that answered only 5xx (this one may be the one that showed it) judges nothing.
        if let failing = caller.health.notJudged(fixture.endpoint.rawValue) {
            return cases(job) { _ in (.skip(reason: CallHealth.notJudgedReason(failing)), 0) }
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
                baseline?.answered("\(fixture.contract)/\(fixture.endpoint.rawValue)", recorded: fixture.response.status,
                                   live: exchange.response?.status, stale: true)
                return cases(job) { _ in (stale.verdict(fails: staleFails), 0) }
            }
        }
        // A 5xx or 429 the fixture did not record is the server's trouble: its cases are not judged.
        if let status = exchange.serverTrouble(expected: fixture.response.status) {
            caller.ledger.serverTrouble(.init(operation: fixture.endpoint.rawValue, fixture: fixture.relativePath, auth: auth.rawValue,
                                              placeID: StaleFixture.placeID(of: fixture), status: status))
            baseline?.answered("\(fixture.contract)/\(fixture.endpoint.rawValue)", recorded: fixture.response.status, live: status)
            let reason = "not judged: the server answered \(status) (the server's trouble, not a contract change)"
                + (exchange.notRetried.map { "; \($0)" } ?? "")
            return cases(job) { _ in (.skip(reason: reason), 0) }
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
        if exchange.answeredAfterRetry(expected: fixture.response.status), !results.contains(where: \.verdict.isProblem) {
            notes = FlakyCase.note(exchange)
            for index in results.indices { results[index].notes = notes }
            caller.ledger.flaky(results.map(\.name))
        }
        if let baseline {
            baseline.answered("\(fixture.contract)/\(fixture.endpoint.rawValue)", recorded: fixture.response.status,
                              live: exchange.response?.status)
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
