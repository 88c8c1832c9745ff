import Foundation
import FoursquarePlaces
@testable import HarnessCore
@testable import HarnessReplay
import Testing
import TestSupport

@Suite struct ExecutionCoreTests {
    /// The answer of every fixture here: seed `chains` ones, and `autocomplete` ones under 2025-06-17 (the endpoint
    /// both contracts have).
    static let emptyResults: RecordedResponse.Body = .json(Data(#"{"results":[]}"#.utf8))

    @Test func resultsArriveInSourceOrderWhateverOrderJobsFinishIn() async {
        var seen: [Int] = []
        let maxInFlight = Locked((now: 0, most: 0))
        await OrderedWindow.forEachInOrder(count: 40, width: 4, { index in
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
        await OrderedWindow.forEachInOrder(count: 20, width: 3, { index in
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
