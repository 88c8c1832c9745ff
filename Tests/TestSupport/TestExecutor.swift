import Foundation

/// Threads of their own for the tests' loopback servers and the test bodies that time their calls. Swift Testing
/// runs every test on the cooperative pool, two threads on a 2-core runner; a test that loops over a corpus without
/// suspending holds one of them for seconds, and two such tests left every loopback server in the process
/// unanswered, so unrelated live tests timed out (CI, session 10). A task that prefers one of these executors keeps
/// running whatever the pool is doing; its child tasks (a server's one per connection) inherit the preference.
public final class TestExecutor: TaskExecutor, @unchecked Sendable {
    /// Where every loopback test server runs.
    public static let servers = TestExecutor(name: "test-server", threads: 4)
    /// Where `offThePool` runs a test's calls to those servers.
    public static let clients = TestExecutor(name: "test-client", threads: 6)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(name: String, threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.serve() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs `body` on `TestExecutor.clients`: a test's calls to a loopback server, and the clock it reads around them,
/// do not wait for a free thread of the cooperative pool.
public func offThePool<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    try await withTaskExecutorPreference(TestExecutor.clients) { try await body() }
}
