import Foundation
import FoursquarePlaces
@testable import HarnessCore
@testable import HarnessReports
import Testing
import TestSupport

/// A strategy whose jobs never finish, standing in for an HTTP stack that hangs.
struct HangingStrategy: RunStrategy {
    func jobs(for fixture: Fixture) -> [AuthStyle?] { [.bearer] }
    func run(_ job: Job) async -> [CaseResult] {
        if job.index == 0 { return [CaseResult(endpoint: "chains", fixture: job.fixture.relativePath, auth: .bearer, check: .liveStatus, verdict: .pass)] }
        // Never resumed and deaf to cancellation, as a call stuck in URLSession's lock cycle was.
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        return []
    }
    func broken(path: String, suite: String, error: FixtureError) -> [CaseResult] { [] }
    func notRun(_ job: Job, deadline: RunDeadline) -> [CaseResult] { [] }
    func problems(in output: [CaseResult]) -> Int { 0 }
}

@Suite struct WatchdogTests {
    @Test func theWatchdogWritesWhatFinishedAndTheRestAsDeadlineErrors() async throws {
        try await withTemporaryDirectory { tmp in
            let path = tmp.appendingPathComponent("r.xml").path
            let stream = try ReportStream(report: HarnessReport(properties: []), path: path)
            let fixtures = (0..<3).map {
                LoadedFixture.fixture(TestSupport.fixture("chains/f\($0).json", query: ["query": "tea"], body: .json(Data(#"{"results":[]}"#.utf8))))
            }
            let pipeline = RunPipeline(source: .loaded(fixtures), strategy: HangingStrategy(),
                                       core: ExecutionCore(concurrency: 1), stream: stream)
            Task { await pipeline.run() }
            // Let the first fixture finish, so the report has something finished and something stuck (a generous
            // bound: on a loaded 2-core machine the first job took over 10 s to be scheduled).
            let begin = Date()
            while stream.tally.total.passed < 1, Date().timeIntervalSince(begin) < 120 { try await Task.sleep(nanoseconds: 10_000_000) }
            let deadline = RunDeadline(seconds: 0.2)
            let fired = Locked(false)
            let watchdog = Watchdog(deadline: deadline, grace: 0.1) {
                try? pipeline.closeUnfinished { path, suite in
                    [CaseResult(endpoint: suite, fixture: path, auth: .bearer, check: .liveStatus, verdict: deadline.notRun(started: true))]
                }
                fired.withLock { $0 = true }
            }
            let start = Date()
            while !fired.current, Date().timeIntervalSince(start) < 10 { try await Task.sleep(nanoseconds: 20_000_000) }
            watchdog.cancel()
            #expect(fired.current)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("chains/f0.json [bearer] live-status"))
            #expect(text.contains("chains/f1.json [bearer] live-status"))
            #expect(text.contains("chains/f2.json [bearer] live-status"))
            #expect(text.components(separatedBy: "not finished: the run deadline of 0.2s passed").count - 1 >= 2)
            #expect(stream.tally.total.errors == 2, "\(stream.tally.total)")
            #expect(stream.tally.total.passed == 1, "\(stream.tally.total)")
        }
    }
}
