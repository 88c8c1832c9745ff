@testable import HarnessCore
@testable import HarnessReports
@testable import HarnessReplay
@testable import HarnessLive
@testable import HarnessDrift
@testable import HarnessRecord
@testable import HarnessNightly
@testable import HarnessProject
import Foundation
import FoursquarePlaces
import Testing
import TestSupport

@Suite struct ExecutionCoreTests {
    /// The answer of every fixture here: seed `chains` ones, and `autocomplete` ones under 2025-06-17 (the endpoint
    /// both contracts have).
    static let emptyResults: RecordedResponse.Body = .json(Data(#"{"results":[]}"#.utf8))

    @Test func resultsArriveInSourceOrderWhateverOrderJobsFinishIn() async {
        var seen: [Int] = []
        let maxInFlight = Locked((now: 0, most: 0))
        await forEachInOrder(count: 40, width: 4, { index in
            maxInFlight.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            // Later jobs finish first: order must still hold.
            try? await Task.sleep(nanoseconds: UInt64((40 - index) % 7) * 2_000_000)
            maxInFlight.withLock { $0.now -= 1 }
            return index * 10
        }, consume: { index, value in
            #expect(value == index * 10)
            seen.append(index)
        })
        #expect(seen == Array(0..<40))
        #expect(maxInFlight.current.most <= 4)
    }

    @Test func aSlowJobHoldsBackAtMostTheWindow() async {
        // Job 0 is slow; no job past the window may start before it is consumed.
        let started = Locked<[Int]>([])
        await forEachInOrder(count: 20, width: 3, { index in
            started.withLock { $0.append(index) }
            if index == 0 { try? await Task.sleep(nanoseconds: 50_000_000) }
            return index
        }, consume: { index, _ in
            if index == 0 { #expect(started.current.allSatisfy { $0 < 3 }, "\(started.current)") }
        })
    }

    @Test func brokenFilesAndUnplannableFixturesBecomeOneLoadError() async {
        let broken = LoadedFixture.broken(relativePath: "chains/bad.json", endpointHint: "chains",
                                          error: FixtureError(file: "chains/bad.json", reason: "file is empty"))
        var unplannable = TestSupport.fixture("chains/odd.json", query: ["query": "tea"], body: Self.emptyResults)
        unplannable.request.query = ["color": "red"]
        let results = await ReplayRunner().run([broken, .fixture(unplannable)])
        #expect(results.map(\.name) == ["chains/bad.json load", "chains/odd.json load"])
        #expect(results.allSatisfy { if case .error = $0.verdict { true } else { false } })
    }

    @Test func theRequestRunsOncePerAcceptedStyleAndTheResponseOnce() async {
        let seed = await ReplayRunner().run([.fixture(TestSupport.fixture("chains/a.json", query: ["query": "tea"], body: Self.emptyResults))])
        #expect(seed.map(\.name) == ["chains/a.json [apiKey] request", "chains/a.json [bearer] request", "chains/a.json decoding"])
        let bearerOnly = await ReplayRunner().run([.fixture(TestSupport.fixture("autocomplete/b.json", endpoint: .autocomplete, contract: "2025-06-17", path: "/autocomplete",
                                                  query: ["query": "tea"], body: Self.emptyResults))])
        #expect(bearerOnly.map(\.name) == ["autocomplete/b.json [bearer] request", "autocomplete/b.json decoding"])
        // Deselecting every accepted style still checks the response.
        let none = await ReplayRunner(authStyles: [.apiKey]).run([.fixture(TestSupport.fixture("autocomplete/c.json", endpoint: .autocomplete, contract: "2025-06-17", path: "/autocomplete",
                                                  query: ["query": "tea"], body: Self.emptyResults))])
        #expect(none.map(\.name) == ["autocomplete/c.json decoding"])
    }

    @Test func jobsPastTheDeadlineAreErrorsNamingIt() async {
        let core = ExecutionCore(concurrency: 1, deadline: RunDeadline(seconds: 0))
        let results = await core.collect(.loaded([.fixture(TestSupport.fixture("chains/late.json", query: ["query": "tea"], body: Self.emptyResults))]), strategy: ReplayStrategy()).flatMap { $0 }
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { if case let .error(message, _) = $0.verdict { message.contains("run deadline of 0s") } else { false } })
    }
}

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
                LoadedFixture.fixture(TestSupport.fixture("chains/f\($0).json", query: ["query": "tea"], body: ExecutionCoreTests.emptyResults))
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
