import FoursquarePlaces

/// Counts finished jobs and problems, and reports (done, total, problems) after each.
package final class ProgressCounter: Sendable {
    private let state = Locked((done: 0, problems: 0))
    package let total: Int
    private let report: (@Sendable (Int, Int, Int) -> Void)?

    package init(total: Int, report: (@Sendable (Int, Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    package func add(problems count: Int) {
        let snapshot = state.withLock { state in
            state.done += 1
            state.problems += count
            return state
        }
        report?(snapshot.done, total, snapshot.problems)
    }
}
