import FixtureFormat
import Foundation

/// What a supervisor tells the worker it starts again after a crash: run one fixture at a time, so the next
/// crash names its fixture; leave out the fixtures that crashed a worker on their own, each an error case naming
/// the signal; and keep the first worker's deadline.
package struct WorkerRerun: Codable, Sendable, Equatable {
    static let variable = "FSQ_RUN_WORKER_RERUN"

    /// One fixture at a time: the last crash had several in flight.
    package var serial = false
    /// Fixture path → what killed the worker that ran it alone, e.g. `signal 11 (SIGSEGV, a crash)`.
    package var crashed: [String: String] = [:]
    /// Seconds since 1970 when the first worker started: the run's deadline counts from there.
    package var firstStart: Double

    package init(crashed: [String: String] = [:], firstStart: Double) {
        self.crashed = crashed
        self.firstStart = firstStart
    }

    var environmentValue: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    /// When the first worker started, on this process's clock.
    package var runStart: ContinuousClock.Instant {
        .now - .milliseconds(Int64(max(0, Date().timeIntervalSince1970 - firstStart) * 1000))
    }

    /// The error a left-out fixture reports instead of running.
    package func leftOut(_ path: String) -> FixtureError? {
        // The journal names a very long path cut short.
        (crashed[path] ?? crashed[InFlightJournal.recorded(path)]).map {
            FixtureError(file: path, reason: "crashed the run's worker: \($0) with only this fixture in flight; "
                         + "the run went on without it. Run it alone (--filter \(path)) to reproduce.")
        }
    }
}
