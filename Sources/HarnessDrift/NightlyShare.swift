import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive

/// What the nightly's two passes over the same fixtures share: one caller, so one budget (`maxCalls`), one pace
/// (`rateLimit`) and one call per distinct request (the live checks judge the answers drift's calls got), and the
/// stale fixtures drift found, so the live checks need no probe of their own.
package final class NightlyShare: Sendable {
    /// The caller both passes send through.
    package let caller: LiveCaller
    private let state = Locked<(afterDrift: CallLedger.Tally?, stale: [StaleFixture])>((nil, []))

    /// When the night's one `--deadline` started counting: both passes end by it, not each by its own.
    package let start: ContinuousClock.Instant

    /// A share for a run with `options` whose deadline counts from `start` (a worker started again after a crash
    /// passes the first one's).
    package init(options: LiveOptions, start: ContinuousClock.Instant = .now) {
        caller = LiveCaller(options: options)
        self.start = start
    }

    /// Notes the end of the drift pass: its calls so far, and the stale fixtures it found.
    package func driftDone(stale: [StaleFixture]) {
        let tally = caller.ledger.tally
        state.withLock { $0 = (tally, stale) }
    }

    /// The stale fixtures drift found.
    package var stale: [StaleFixture] { state.current.stale }

    /// The live checks' tally: the calls made in the whole nightly (as a server's log counts them), and the fixture
    /// calls and retries of their pass alone, so its line adds up to the pass's fixture calls.
    package var liveTally: CallLedger.Tally {
        var tally = caller.ledger.tally
        if let drift = state.current.afterDrift {
            tally.madeByThisPass = tally.calls - drift.calls
            tally.shared -= drift.shared
            tally.skipped -= drift.skipped
            tally.stopped -= drift.stopped
            tally.pastDeadline -= drift.pastDeadline
            tally.refused -= drift.refused
            tally.retries = tally.retries.merging(drift.retries.mapValues { -$0 }, uniquingKeysWith: +).filter { $0.value > 0 }
            tally.flaky.removeAll { drift.flaky.contains($0) }
        }
        return tally
    }

    /// The whole nightly's calls: made by drift, made by the live checks (stale probes, requests drift did not
    /// send), and answers the live checks took from drift's calls.
    package var count: NightlyCount {
        let end = caller.ledger.tally
        let drift = state.current.afterDrift ?? CallLedger.Tally()
        return NightlyCount(made: end.calls, byDrift: drift.calls, reused: end.shared - drift.shared, maxCalls: caller.ledger.maxCalls,
                            refused: end.refused)
    }
}

/// The nightly's calls in one line, counted as the server's request log counts them (the identifying call apart).
package struct NightlyCount: Sendable, Equatable {
    /// Requests sent in all, retries and stale probes included.
    package var made: Int
    /// Of those, sent during the drift pass.
    package var byDrift: Int
    /// Live checks answered by a call drift already made, not sent again.
    package var reused: Int
    /// The run's budget (`--max-calls`), if any.
    package var maxCalls: Int?
    /// Calls not sent because the budget was spent.
    package var refused: Int

    /// `nightly: 85 calls made (85 by drift, 0 more by the live checks, which judged 170 answers drift's calls got);
    /// budget 200 (--max-calls)`.
    package var line: String {
        var line = "nightly: \(plural(made, "call")) made (\(byDrift) by drift, \(made - byDrift) more by the live checks, "
            + "which re-used \(plural(reused, "answer")) of drift's calls)"
        if let maxCalls { line += "; budget \(maxCalls) (--max-calls)" + (refused > 0 ? ", spent: \(refused) not sent" : "") }
        return line
    }
}
