import Foundation
import HarnessCore
import Synchronization
import Testing

/// The core's entry for units that are not all fixture files (record's plan entries).
@Suite struct ExecutionCoreUnitsTests {
    @Test func unitsComeBackInOrderWithProgressForEach() async {
        let seen = ProgressLog()
        let core = ExecutionCore(concurrency: 3, deadline: RunDeadline(seconds: 600), progress: { done, total, problems in
            seen.add(done, total, problems)
        })
        let outputs = await core.run(units: 10, problems: { $0 % 2 }, notRun: { index, _ in -index }) { index in
            try? await Task.sleep(nanoseconds: UInt64((10 - index) * 1_000_000))
            return index
        }
        #expect(outputs == Array(0..<10))
        #expect(seen.last == (10, 10, 5))
    }

    @Test func aPassedDeadlineStartsNothing() async {
        let core = ExecutionCore(concurrency: 2, deadline: RunDeadline(seconds: 0))
        let outputs = await core.run(units: 4, problems: { _ in 1 }, notRun: { index, deadline in "not run \(index) \(deadline.seconds)" }) { _ in
            Issue.record("a unit started after the deadline")
            return "ran"
        }
        #expect(outputs == (0..<4).map { "not run \($0) 0.0" })
    }
}

final class ProgressLog: Sendable {
    private let state = Mutex((done: 0, total: 0, problems: 0))
    func add(_ done: Int, _ total: Int, _ problems: Int) { state.withLock { if done >= $0.done { $0 = (done, total, problems) } } }
    var last: (Int, Int, Int) { state.withLock { ($0.done, $0.total, $0.problems) } }
}
