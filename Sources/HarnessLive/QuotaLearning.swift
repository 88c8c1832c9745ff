import HarnessCore
import Foundation

/// What a run learns from the server's 429s: the pace it may keep. A 429 at a pace halves it and caps it one below
/// that pace for the rest of the run; every `rampCalls` answers without a 429, the pace comes back up one call a
/// second, to the cap. So a quota below `--rate-limit` costs a few 429s a night, not one per window.
struct QuotaLearning: Sendable {
    /// Answers without a 429 before the pace rises by one.
    static let rampCalls = 15
    /// The pace now, in calls a second; nil until the first 429.
    private(set) var pace: Int?
    /// Above this the run does not go again: one below a pace that met a 429.
    private(set) var cap: Int?
    private var calm = 0
    /// 429s of calls that left before the last slow-down answer together: they teach nothing new.
    private var lastSlowDown: ContinuousClock.Instant?

    /// A 429 at `current` calls a second.
    mutating func refused(at current: Int, now: ContinuousClock.Instant) {
        calm = 0
        if let last = lastSlowDown, now - last < .seconds(1) { return }
        lastSlowDown = now
        cap = max(1, min(cap ?? Int.max, current - 1))
        pace = max(1, current / 2)
    }

    /// An answer that was not a 429.
    mutating func answered() {
        guard let current = pace, let cap, current < cap else { return }
        calm += 1
        if calm >= Self.rampCalls {
            calm = 0
            pace = current + 1
        }
    }
}
