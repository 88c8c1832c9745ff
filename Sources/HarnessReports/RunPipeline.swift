import Foundation
import FoursquarePlaces
import HarnessCore

/// The run's last line of defence: a plain thread, not a Task, so nothing an HTTP stack does to the
/// cooperative pool (a lock cycle in URLSession's cancellation, a blocked thread) can keep it from firing.
///
/// At the deadline plus `grace` it calls `expire` once, on its own thread; `expire` writes what finished and
/// exits the process.
package final class Watchdog: Sendable {
    private let cancelled = Locked(false)
    private let fireAt: Date

    package init(deadline: RunDeadline, grace: Double, expire: @escaping @Sendable () -> Void) {
        fireAt = Date(timeIntervalSinceNow: deadline.remaining + grace)
        let thread = Thread { [cancelled, fireAt] in
            while Date() < fireAt {
                if cancelled.current { return }
                Thread.sleep(forTimeInterval: min(0.05, max(0, fireAt.timeIntervalSinceNow)))
            }
            if !cancelled.current { expire() }
        }
        thread.name = "fsq-contract watchdog"
        thread.start()
    }

    /// The run finished on its own; the thread ends without firing.
    package func cancel() { cancelled.withLock { $0 = true } }
}

/// A run's pipeline: source → core → report stream, with the index of the next fixture the report needs,
/// so that a watchdog can write every fixture not yet reported as unfinished.
package final class RunPipeline<Strategy: RunStrategy>: Sendable where Strategy.Output == [CaseResult] {
    package let source: FixtureSource
    package let strategy: Strategy
    package let core: ExecutionCore
    package let stream: ReportStream
    /// Whether a loaded fixture is part of the run (`--contract`); others yield nothing.
    package let includes: @Sendable (Fixture) -> Bool
    private let nextToReport = Locked(0)

    package init(source: FixtureSource, strategy: Strategy, core: ExecutionCore, stream: ReportStream,
                includes: @escaping @Sendable (Fixture) -> Bool = { _ in true }) {
        self.source = source
        self.strategy = strategy
        self.core = core
        self.stream = stream
        self.includes = includes
    }

    /// Runs every fixture into the report, in source order.
    package func run() async {
        await core.run(source, strategy: Filtered(base: strategy, includes: includes)) { index, outputs in
            // Under the index lock, so a watchdog closing the report never writes a fixture twice.
            nextToReport.withLock { next in
                guard next == index else { return }
                if !outputs.isEmpty { stream.add(outputs.flatMap { $0 }, suite: source.label(index).suite) }
                next = index + 1
            }
        }
    }

    /// Reports every fixture not yet reported with `unfinished`'s cases, then closes the report.
    /// Safe to call from another thread while `run` is stuck.
    package func closeUnfinished(_ unfinished: (String, String) -> [CaseResult]) throws {
        let first = nextToReport.withLock { next in
            let first = next
            next = -1
            return first
        }
        guard first >= 0 else { return }
        for index in first..<source.count {
            let (path, suite) = source.label(index)
            stream.add(unfinished(path, suite), suite: suite)
        }
        try stream.finish()
    }
}

/// A strategy with a fixture filter in front: excluded fixtures yield no job and no output.
struct Filtered<Base: RunStrategy>: RunStrategy {
    let base: Base
    let includes: @Sendable (Fixture) -> Bool

    func jobs(for fixture: Fixture) -> [AuthStyle?] { includes(fixture) ? base.jobs(for: fixture) : [] }
    func run(_ job: Job) async -> Base.Output { await base.run(job) }
    func broken(path: String, suite: String, error: FixtureError) -> Base.Output { base.broken(path: path, suite: suite, error: error) }
    func notRun(_ job: Job, deadline: RunDeadline) -> Base.Output { base.notRun(job, deadline: deadline) }
    func problems(in output: Base.Output) -> Int { base.problems(in: output) }
}
