import Foundation
import Synchronization
import FoursquarePlaces
import HarnessCore

/// Live runs: a contract none of whose answered success-fixture calls passed (refused, answered with an error, or a body its
/// model cannot decode) is the API no longer speaking that contract. That is one line on the terminal, not a failure per case; its cases still fail and stay
/// in the report, so the run is still red.
package final class ContractRefusals: Sendable {
    private struct State {
        /// Per contract: calls of success fixtures (one per style), those with a failing check, and the statuses seen.
        var called: [ContractID: Int] = [:]
        var refused: [ContractID: Int] = [:]
        var statuses: [ContractID: Set<Int>] = [:]
        var contractOf: [String: ContractID] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// Wraps a live strategy so each success fixture's `live-status` outcome is counted under its contract.
    package func watching<Base: RunStrategy>(_ base: Base) -> Watching<Base> where Base.Output == [CaseResult] {
        Watching(base: base, refusals: self)
    }

    package func note(_ fixture: Fixture, _ results: [CaseResult]) {
        state.withLock { state in
            state.contractOf[fixture.relativePath] = fixture.contract
            guard (200...299).contains(fixture.response.status), !results.isEmpty else { return }
            // No answer at all (a server that is down, a deadline) says nothing about which contract it speaks.
            if results.contains(where: { if $0.check == .liveStatus, case .error = $0.verdict { true } else { false } }) { return }
            let failures = results.filter(\.verdict.isProblem)
            // A `fields` projection answered with a success status is this contract's answer even when the model
            // cannot read it: a decoding failure of that case, not a sign the server speaks another contract.
            if fixture.request.query["fields"] != nil, !failures.isEmpty,
               !failures.contains(where: { $0.check == .liveStatus }) { return }
            state.called[fixture.contract, default: 0] += 1
            guard !failures.isEmpty else { return }
            state.refused[fixture.contract, default: 0] += 1
            for failure in failures where failure.check == .liveStatus {
                if case let .fail(message, _) = failure.verdict,
                   let match = message.firstMatch(of: /(?:got|HTTP) (\d{3})/), let status = Int(match.output.1) {
                    state.statuses[fixture.contract, default: []].insert(status)
                }
            }
        }
    }

    /// The contracts no success-fixture call of which passed, in `Contract.known` order.
    package var refusedContracts: [ContractID] {
        state.withLock { state in
            Contract.known.filter { contract in (state.called[contract] ?? 0) > 0 && state.refused[contract] == state.called[contract] }
        }
    }

    /// Whether `result` belongs to a refused contract (its line replaces the case's on the terminal).
    package func isRefused(_ result: CaseResult) -> Bool {
        let refused = refusedContracts
        return state.withLock { state in state.contractOf[result.fixture].map(refused.contains) ?? false }
    }

    /// `seed: none of its 214 calls of success fixtures passed (HTTP 401, 404): the server does not speak this
    /// contract; its cases fail (see the report)`, one per refused contract.
    package var lines: [String] {
        let refused = refusedContracts
        return state.withLock { state in
            refused.map { contract in
                let statuses = (state.statuses[contract] ?? []).sorted().map(String.init).joined(separator: ", ")
                let called = state.called[contract] ?? 0
                return "\(contract): none of its \(plural(called, "call")) of success fixtures passed"
                    + (statuses.isEmpty ? "" : " (HTTP \(statuses))")
                    + ": the server does not speak this contract; its cases fail (see the report)"
            }
        }
    }

    /// A strategy that runs `base` and counts what it answered.
    package struct Watching<Base: RunStrategy>: RunStrategy where Base.Output == [CaseResult] {
        let base: Base
        let refusals: ContractRefusals

        package func jobs(for fixture: Fixture) -> [AuthStyle?] { base.jobs(for: fixture) }
        package func run(_ job: Job) async -> [CaseResult] {
            let results = await base.run(job)
            refusals.note(job.fixture, results)
            return results
        }
        package func broken(path: String, suite: String, error: FixtureError) -> [CaseResult] { base.broken(path: path, suite: suite, error: error) }
        package func notRun(_ job: Job, deadline: RunDeadline) -> [CaseResult] { base.notRun(job, deadline: deadline) }
        package func problems(in output: [CaseResult]) -> Int { base.problems(in: output) }
    }
}
