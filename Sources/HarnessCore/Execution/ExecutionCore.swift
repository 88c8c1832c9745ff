import Foundation
import FoursquarePlaces

/// One unit of work: a fixture with its call plan, under one auth style (or, where the strategy runs a
/// fixture's styles together, `nil`).
package struct Job: Sendable {
    package let index: Int
    package let fixture: Fixture
    package let plan: CallPlan
    package let auth: AuthStyle?
}

/// What a mode does with each job: which transport it calls, which checks it runs, what it keeps.
///
/// Replay, live, record and drift are strategies; `ExecutionCore` owns everything they share.
package protocol RunStrategy: Sendable {
    associatedtype Output: Sendable

    /// The auth styles a fixture is run under, one job each; `[nil]` makes the fixture one job.
    func jobs(for fixture: Fixture) -> [AuthStyle?]
    /// Runs one job.
    func run(_ job: Job) async -> Output
    /// A file that did not load, or a fixture no call plan can be made for.
    func broken(path: String, suite: String, error: FixtureError) -> Output
    /// A job the run deadline stopped before it started.
    func notRun(_ job: Job, deadline: RunDeadline) -> Output
    /// How many problems an output holds, for progress.
    func problems(in output: Output) -> Int
}

/// Runs a strategy over fixtures: load, plan-or-error, bounded concurrency, the deadline and progress.
package struct ExecutionCore: Sendable {
    /// Fixtures in flight at once.
    package var concurrency: Int
    package var deadline: RunDeadline?
    package var progress: (@Sendable (Int, Int, Int) -> Void)?
    /// When set, busy time in load, run and consume is added here (`run --timings`).
    package var timings: PhaseTimes?
    /// Set when this process is a supervised worker: fixtures in flight are journaled, and a rerun's left-out
    /// fixtures are reported instead of run.
    package var worker: WorkerContext?

    /// A core running `concurrency` fixtures at once, until `deadline`.
    package init(concurrency: Int, deadline: RunDeadline? = nil, progress: (@Sendable (Int, Int, Int) -> Void)? = nil,
                timings: PhaseTimes? = nil, worker: WorkerContext? = nil) {
        self.concurrency = max(1, concurrency)
        self.deadline = deadline
        self.progress = progress
        self.timings = timings
        self.worker = worker
    }

    /// The plan-or-error step every mode shares.
    package static func plan(_ loaded: LoadedFixture) -> Result<(Fixture, CallPlan), FixtureError> {
        switch loaded {
        case let .broken(_, _, error):
            return .failure(error)
        case let .fixture(fixture):
            do {
                return .success((fixture, try CallPlan.make(for: fixture)))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Runs every item of `source`; `consume` gets each item's outputs in source order as soon as they are ready.
    package func run<Strategy: RunStrategy>(
        _ source: FixtureSource, strategy: Strategy,
        consume: (Int, [Strategy.Output]) async -> Void
    ) async {
        let counter = progress.map { ProgressCounter(total: source.count, report: $0) }
        let deadline = self.deadline
        // A supervised worker names its fixtures in flight, for the report its supervisor writes if it dies.
        let journal = worker?.journal
        journal?.setTotal(source.count)
        // A worker started again after a crash leaves out the fixtures that crashed one alone, and runs one fixture
        // at a time while it is not yet known which did.
        let rerun = worker?.rerun
        let width = rerun?.serial == true ? 1 : concurrency
        @Sendable func leftOut(_ index: Int) -> [Strategy.Output]? {
            // Nothing to look up outside a rerun: the label is built once per fixture, for the journal.
            guard let rerun else { return nil }
            let label = source.label(index)
            guard let error = rerun.leftOut(label.path) else { return nil }
            let outputs = [strategy.broken(path: label.path, suite: label.suite, error: error)]
            counter?.add(problems: outputs.reduce(0) { $0 + strategy.problems(in: $1) })
            return outputs
        }
        guard let timings else {
            await OrderedWindow.forEachInOrder(count: source.count, width: width, { index in
                if let outputs = leftOut(index) { return outputs }
                let slot = journal?.begin(source.label(index).path)
                defer { journal?.end(slot) }
                let outputs = await Self.outputs(of: source.load(index), index: index, strategy: strategy, deadline: deadline)
                counter?.add(problems: outputs.reduce(0) { $0 + strategy.problems(in: $1) })
                return outputs
            }, consume: consume)
            return
        }
        await OrderedWindow.forEachInOrder(count: source.count, width: width, { index in
            if let outputs = leftOut(index) { return outputs }
            let slot = journal?.begin(source.label(index).path)
            defer { journal?.end(slot) }
            let start = ContinuousClock.now
            let loaded = source.load(index)
            let loadEnd = ContinuousClock.now
            let outputs = await Self.outputs(of: loaded, index: index, strategy: strategy, deadline: deadline)
            timings.add(.load, loadEnd - start)
            timings.add(.run, ContinuousClock.now - loadEnd)
            counter?.add(problems: outputs.reduce(0) { $0 + strategy.problems(in: $1) })
            return outputs
        }, consume: { index, outputs in
            let start = ContinuousClock.now
            await consume(index, outputs)
            timings.add(.report, ContinuousClock.now - start)
        })
    }

    /// Every output collected, for callers that need them together.
    package func collect<Strategy: RunStrategy>(_ source: FixtureSource, strategy: Strategy) async -> [Strategy.Output] {
        var all: [Strategy.Output] = []
        await run(source, strategy: strategy) { _, outputs in all += outputs }
        return all
    }

    package static func outputs<Strategy: RunStrategy>(
        of loaded: LoadedFixture, index: Int, strategy: Strategy, deadline: RunDeadline?
    ) async -> [Strategy.Output] {
        switch plan(loaded) {
        case let .failure(error):
            return [strategy.broken(path: loaded.relativePath, suite: loaded.suite, error: error)]
        case let .success((fixture, plan)):
            var outputs: [Strategy.Output] = []
            for auth in strategy.jobs(for: fixture) {
                let job = Job(index: index, fixture: fixture, plan: plan, auth: auth)
                if let deadline, deadline.hasPassed {
                    outputs.append(strategy.notRun(job, deadline: deadline))
                } else {
                    outputs.append(await strategy.run(job))
                }
            }
            return outputs
        }
    }
}

extension ExecutionCore {
    /// Runs `count` units that are not all fixture files (record's targets include plan entries) with the same
    /// window, deadline and progress as `run(_:strategy:consume:)`; `notRun` answers for a unit the deadline
    /// stopped before it started.
    package func run<Output: Sendable>(
        units count: Int, problems: @escaping @Sendable (Output) -> Int,
        notRun: @escaping @Sendable (Int, RunDeadline) -> Output, _ work: @escaping @Sendable (Int) async -> Output
    ) async -> [Output] {
        let counter = progress.map { ProgressCounter(total: count, report: $0) }
        let deadline = self.deadline
        var all: [Output] = []
        all.reserveCapacity(count)
        await OrderedWindow.forEachInOrder(count: count, width: concurrency, { index in
            let output = if let deadline, deadline.hasPassed { notRun(index, deadline) } else { await work(index) }
            counter?.add(problems: problems(output))
            return output
        }, consume: { _, output in all.append(output) })
        return all
    }
}
