import Foundation

/// What a supervised worker process is told by its supervisor: the journal that names its fixtures in flight, and,
/// when it was started again after a crash, what to leave out (`WorkerRerun`).
///
/// Read once from the environment by the verb and handed to `ExecutionCore`, so the core has no process-wide state.
package struct WorkerContext: Sendable {
    /// Where this worker names the fixtures it has in flight.
    package let journal: InFlightJournal
    /// Instructions for a worker started again after a crash; nil in a first worker.
    package let rerun: WorkerRerun?

    /// Builds a context from its parts (tests build one around a journal file of their own).
    package init(journal: InFlightJournal, rerun: WorkerRerun? = nil) {
        self.journal = journal
        self.rerun = rerun
    }

    /// This process's context when `environment` makes it a supervised worker, else nil.
    package static func from(environment: [String: String]) -> WorkerContext? {
        guard let path = environment[InFlightJournal.variable], !path.isEmpty,
              let journal = InFlightJournal(mapping: path, crash: InFlightJournal.testCrash(in: environment)) else { return nil }
        let rerun = environment[WorkerRerun.variable].flatMap { try? JSONDecoder().decode(WorkerRerun.self, from: Data($0.utf8)) }
        return WorkerContext(journal: journal, rerun: rerun)
    }

    /// When the run's deadline counts from: a rerun keeps the first worker's start.
    package static func runStart(_ worker: WorkerContext?) -> ContinuousClock.Instant {
        worker?.rerun?.runStart ?? .now
    }
}
