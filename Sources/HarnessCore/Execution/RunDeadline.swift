import Foundation

/// The whole run's deadline, computed once and shared by every job of a run.
package struct RunDeadline: Sendable {
    /// As given on the command line, for messages.
    package let seconds: Double
    package let instant: ContinuousClock.Instant

    /// `asGiven`: `--deadline` as the user gave it, for messages, when part of it was spent before `start` (the
    /// identifying call): the run still ends `seconds` after `start`.
    package init(seconds: Double, from start: ContinuousClock.Instant = .now, asGiven: Double? = nil) {
        self.seconds = asGiven ?? seconds
        let clamped = min(max(seconds, 0), 365 * 86_400)
        instant = start + .milliseconds(Int64(clamped * 1000))
    }

    package var hasPassed: Bool { ContinuousClock.now >= instant }

    /// Seconds left, never negative.
    package var remaining: Double { max(0, (instant - ContinuousClock.now).seconds) }

    /// The verdict of a case the deadline stopped.
    package func notRun(started: Bool) -> Verdict {
        let what = started ? "not finished" : "not run"
        return .error(message: "\(what): the run deadline of \(Self.format(seconds))s passed",
                      detail: "the whole-run deadline (--deadline \(Self.format(seconds))) passed before this case \(started ? "finished" : "started")")
    }

    /// Whether a case's one-line cause says the run deadline stopped it: not run, not finished, or cut during its call.
    package static func stopped(cause: String) -> Bool {
        cause.contains("the run deadline of ") || cause.contains("the run's deadline (--deadline ")
    }

    /// `the deadline (--deadline 600) passed: N of M cases not judged; …`: what the deadline left unjudged in `tally`; nil when it stopped no case.
    /// `slowest` says where the time went (`slowest: place-photos (…)`), when the run knows.
    package static func passed(_ tally: RunTally, seconds: Double, slowest: String? = nil) -> String? {
        let stopped = tally.stoppedByDeadline
        guard stopped > 0 else { return nil }
        let cases = tally.total.cases
        return "the deadline (--deadline \(format(seconds))) passed: \(stopped) of \(plural(cases, "case")) not judged; "
            + (slowest.map { "\($0); " } ?? "") + "raise --deadline"
    }

    package static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    package var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
