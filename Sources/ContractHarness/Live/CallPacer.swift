import Foundation
import FoursquarePlaces

/// Spaces live calls so that no one-second window holds more than `perSecond` of them, whatever the concurrency
/// and however the calls bunch up; and holds new calls back when the server says its quota runs low
/// (`X-RateLimit-Remaining`).
///
/// Every attempt (retries included) takes a slot before it is sent. Slots are handed out in order under a lock,
/// each at least one window after the slot `perSecond` places before it, so a burst of workers is spread out
/// rather than let through.
public final class CallPacer: Sendable {
    /// Calls allowed in any one-second window; nil paces only on the server's quota headers.
    public let perSecond: Int?
    /// Longest a low quota holds calls back, in seconds.
    public let maxHold: Double
    /// The window, with a little slack: a slot is taken just before the request leaves, and the server counts
    /// arrivals a few milliseconds later, which can bring two sends closer than their slots were.
    static let window: Duration = .milliseconds(1_020)

    private struct State {
        /// The slots handed out, in order, trimmed to the last `perSecond`.
        var slots: [ContinuousClock.Instant] = []
        /// No slot before this (a low `X-RateLimit-Remaining`).
        var holdUntil: ContinuousClock.Instant?
    }

    private let state = Locked(State())

    public init(perSecond: Int?, maxHold: Double = 5) {
        self.perSecond = perSecond.map { max(1, $0) }
        self.maxHold = maxHold
    }

    /// Waits for the next slot and returns the seconds waited.
    public func acquire() async -> Double {
        let now = ContinuousClock.now
        let slot = state.withLock { state -> ContinuousClock.Instant in
            var slot = max(now, state.slots.last ?? now)
            if let hold = state.holdUntil, hold > slot { slot = hold }
            if let perSecond, state.slots.count >= perSecond {
                slot = max(slot, state.slots[state.slots.count - perSecond] + Self.window)
            }
            state.slots.append(slot)
            let keep = perSecond ?? 1
            if state.slots.count > keep { state.slots.removeFirst(state.slots.count - keep) }
            return slot
        }
        guard slot > now else { return 0 }
        try? await Task.sleep(until: slot, clock: .continuous)
        return (slot - now).seconds
    }

    /// Reads the quota headers of an answer: when fewer calls remain than the pace would make in a second
    /// (or than 10 % of the limit), later calls wait a share of the time until the quota resets (all of it at 0).
    /// A 429 is left to the retry, which honours its `Retry-After`.
    public func observe(_ response: HTTPResponse) {
        guard response.status != 429, let quota = RateLimit(headers: response.headers), let remaining = quota.remaining else { return }
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
