import Synchronization

/// Busy time per phase of a streaming run (load, run, report), summed over the workers.
///
/// Phases overlap in a streaming run, so its wall time cannot be split; busy seconds show where the work goes.
package final class PhaseTimes: Sendable {
    package enum Phase: Sendable {
        case load, run, report
    }

    private let load = Atomic<Int>(0)
    private let run = Atomic<Int>(0)
    private let report = Atomic<Int>(0)

    package init() {}

    /// Adds `duration` to `phase`.
    package func add(_ phase: Phase, _ duration: Duration) {
        let parts = duration.components
        let nanoseconds = Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000)
        switch phase {
        case .load: load.add(nanoseconds, ordering: .relaxed)
        case .run: run.add(nanoseconds, ordering: .relaxed)
        case .report: report.add(nanoseconds, ordering: .relaxed)
        }
    }

    /// Busy seconds spent in `phase` so far.
    package func seconds(_ phase: Phase) -> Double {
        let nanoseconds: Int
        switch phase {
        case .load: nanoseconds = load.load(ordering: .relaxed)
        case .run: nanoseconds = run.load(ordering: .relaxed)
        case .report: nanoseconds = report.load(ordering: .relaxed)
        }
        return Double(nanoseconds) / 1e9
    }
}
