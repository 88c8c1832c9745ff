import Foundation
import FoursquarePlaces
import HarnessCore

/// Spaces live calls so that no one-second window holds more than `perSecond` of them, whatever the concurrency
/// and however the calls bunch up; and holds new calls back when the server says its quota runs low
/// (`X-RateLimit-Remaining`).
///
/// Every attempt (retries included) passes the pacer just before it is sent. Under a lock, a call passes only when
/// the call `perSecond` places before it left at least one window ago and the last call left at least
/// `1/perSecond` of a window ago; otherwise it sleeps until then and asks again. The window is kept on the times calls actually passed, so a caller woken late cannot bunch with the next.
package final class CallPacer: Sendable {
    /// Calls allowed in any one-second window; nil paces only on the server's quota headers.
    package let perSecond: Int?
    /// Longest a low quota holds calls back, in seconds.
    package let maxHold: Double
    /// The window, with a little slack: the server counts arrivals a few milliseconds after a call passes, which
    /// can bring two arrivals closer than their departures were.
    static let window: Duration = .milliseconds(1_020)
    /// Departures kept: enough for the window, and for a test to read them all.
    static let history = 64

    private struct State {
        /// When the last calls passed, in order, trimmed to the last `history` (or `perSecond`, if more).
        var departures: [ContinuousClock.Instant] = []
        /// No call before this (a low `X-RateLimit-Remaining`, a 429's `Retry-After`).
        var holdUntil: ContinuousClock.Instant?
        /// What the server's 429s taught the run (`QuotaLearning`).
        var learning = QuotaLearning()
    }

    private let state = Locked(State())

    package init(perSecond: Int?, maxHold: Double = 5) {
        self.perSecond = perSecond.map { max(1, $0) }
        self.maxHold = maxHold
    }

    /// The times the last calls passed (for tests).
    var departures: [ContinuousClock.Instant] { state.current.departures }

    /// Waits until a call may leave, counts it as left, and returns the seconds waited.
    package func acquire() async -> Double {
        let start = ContinuousClock.now
        var slept = false
        while true {
            let wake = state.withLock { state -> ContinuousClock.Instant? in
                let now = ContinuousClock.now
                // The pace the 429s left, else the one asked for.
                let perSecond = state.learning.pace ?? self.perSecond
                var earliest = now
                if let hold = state.holdUntil, hold > earliest { earliest = hold }
                if let perSecond, state.departures.count >= perSecond {
                    earliest = max(earliest, state.departures[state.departures.count - perSecond] + Self.window)
                }
                // Evenly spaced, not in bursts of `perSecond`: a burst arriving a few milliseconds late would meet
                // the next one inside the server's window (seen under load: 429s at 4/s against a 5/s quota).
                if let perSecond, let last = state.departures.last {
                    earliest = max(earliest, last + Self.window / perSecond)
                }
                // A cancelled run does not wait: its calls end at once anyway.
                guard earliest > now, !Task.isCancelled else {
                    state.departures.append(now)
                    let keep = max(perSecond ?? 1, Self.history)
                    if state.departures.count > keep { state.departures.removeFirst(state.departures.count - keep) }
                    return nil
                }
                return earliest
            }
            guard let wake else { return slept ? (ContinuousClock.now - start).seconds : 0 }
            slept = true
            try? await Task.sleep(until: wake, clock: .continuous)
        }
    }

    /// The current pace (calls a second) the server's 429s left; nil while none came (for tests and the calls line).
    package var learnedPace: Int? { state.current.learning.pace }

    /// After a 429: every call waits out its `Retry-After` (not only the one that got it), and the whole run's pace
    /// halves; see `QuotaLearning`.
    func slowDown(retryAfter: Double?) {
        let now = ContinuousClock.now
        state.withLock { state in
            let recent = state.departures.filter { now - $0 < Self.window }.count
            state.learning.refused(at: state.learning.pace ?? perSecond ?? max(1, recent), now: now)
            let wait = min(maxHold, max(retryAfter ?? 1, 0))
            let until = now + .milliseconds(Int64(wait * 1000))
            if state.holdUntil.map({ $0 < until }) ?? true { state.holdUntil = until }
        }
    }

    /// Reads the quota headers of an answer: when fewer calls remain than the pace would make in a second
    /// (or than 10 % of the limit), later calls wait a share of the time until the quota resets (all of it at 0).
    /// A 429 slows the whole run (`slowDown`); its own retry honours its `Retry-After` too.
    package func observe(_ response: HTTPResponse) {
        if response.status == 429 {
            slowDown(retryAfter: response.headers["retry-after"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) })
            return
        }
        state.withLock { $0.learning.answered() }
        guard let quota = RateLimit(headers: response.headers), let remaining = quota.remaining else { return }
        let low = max(perSecond ?? 1, (quota.limit ?? 0) / 10)
        guard remaining < low else { return }
        var reset = 1.0
        if let value = quota.reset {
            // Seconds until the reset, or an epoch time.
            reset = value > 1_000_000_000 ? Double(value) - Date().timeIntervalSince1970 : Double(value)
        }
        let hold = min(maxHold, max(0, reset)) / Double(remaining + 1)
        guard hold > 0 else { return }
        let until = ContinuousClock.now + .milliseconds(Int64(hold * 1000))
        state.withLock { state in
            if state.holdUntil.map({ $0 < until }) ?? true { state.holdUntil = until }
        }
    }
}
