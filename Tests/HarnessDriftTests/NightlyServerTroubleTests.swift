import Foundation
import FoursquarePlaces
@testable import HarnessCore
@testable import HarnessDrift
@testable import HarnessLive
import LiveTestSupport
import Testing
import TestSupport

/// What the server's trouble and a place's closing do to the nightly's two passes: a 5xx on some calls is neither
/// drift nor a live failure (those cases are not judged, and named), a call that failed on every try is not flaky,
/// and a baseline entry of an operation the night could not fully judge is kept, not fixed.
@Suite struct NightlyServerTroubleTests {
    static let failing = "4bf3c82cf964a52053874afa"
    static let closed = NightlyShareTests.closed

    static func options(_ stack: any LiveHTTPStack, retries: Int = 0) -> LiveOptions {
        var options = LiveOptions(baseURL: StubLiveStack.base, key: StubLiveStack.key, authStyles: [.bearer],
                                  retries: retries, maxBackoff: 0.01, deadline: 600)
        options.stack = stack
        return options
    }

    /// Both passes over `fixtures` through one share, the live checks judging `baseline`.
    static func night(_ stack: any LiveHTTPStack, _ fixtures: [LoadedFixture], baseline: Baseline = Baseline(), retries: Int = 0)
        async -> (drift: DriftRun, driftCases: [CaseResult], live: [CaseResult], share: NightlyShare, night: BaselineUse) {
        let options = Self.options(stack, retries: retries)
        let share = NightlyShare(options: options)
        let drift = await DriftRunner(options: options, config: DriftConfig(), caller: share.caller).run(fixtures)
        share.driftDone(stale: Array(drift.stale.values))
        let driftUse = BaselineUse(baseline), liveUse = BaselineUse(baseline)
        let driftCases = DriftReport.caseResults(drift, baseline: driftUse)
        let probe = StaleProbe(fixtures)
        probe.seed(share.stale)
        var strategy = LiveStrategy(caller: share.caller, deadline: RunDeadline(seconds: 600))
        strategy.staleProbe = probe
        strategy.baseline = liveUse
        let live = await ExecutionCore(concurrency: 4, deadline: RunDeadline(seconds: 600)).collect(.loaded(fixtures), strategy: strategy)
        let night = BaselineUse(baseline)
        night.absorb(driftUse)
        night.absorb(liveUse)
        return (drift, driftCases, live.flatMap { $0 }, share, night)
    }

    @Test func a503OnOnePlaceIsNotDriftNorAFailureAndIsNamed() async throws {
        let stack = NightlyShareTests.StubStack { $0.url.path.contains(Self.failing) ? 503 : 200 }
        let fixtures = try NightlyShareTests.fixtures()
        let entry = "2025-06-17/place-details live-openapi - $.name: expected a number, found string"
        let (drift, driftCases, live, share, night) = await Self.night(
            stack, fixtures, baseline: Baseline(entries: [.init(fingerprint: entry, reason: "r", expires: "never")]))
        #expect(share.caller.health.conclude(share.caller.ledger.tally, maxCalls: nil) == nil, "other places answered")
        let failed = drift.results.filter { $0.liveStatus == 503 }
        #expect(!failed.isEmpty && failed.allSatisfy { $0.notJudged != nil && $0.changes.isEmpty })
        #expect(!driftCases.contains { $0.verdict.isProblem }, "\(driftCases.filter(\.verdict.isProblem).map(\.name))")
        #expect(!live.contains { $0.verdict.isProblem }, "\(live.filter(\.verdict.isProblem).map(\.name))")
        #expect(DriftSummary(drift).groups.allSatisfy { $0.grade != .err })
        let line = try #require(CallLedger.ServerTrouble.line(share.caller.ledger.tally.serverTrouble))
        #expect(line.contains("place-details answered 503 for place \(Self.failing)"), "\(line)")
        #expect(line.hasSuffix("; the server's trouble"), "\(line)")
        // No finding about the 503 is one to write, and the operation it hit keeps its entries.
        #expect(night.findings.isEmpty, "\(night.findings)")
        #expect(night.fixed.isEmpty, "\(night.fixed.map(\.fingerprint))")
    }

    /// Answers every request for `path` with `failures` statuses first (5xx), then 200; the rest with 200.
    final class FailingFirst: LiveHTTPStack, @unchecked Sendable {
        let base: NightlyShareTests.StubStack
        init(_ part: String, failures: Int) {
            let seen = Locked<[String: Int]>([:])
            base = NightlyShareTests.StubStack { request in
                guard request.url.path.contains(part) else { return 200 }
                let n = seen.withLock { $0[request.url.absoluteString, default: 0] += 1; return $0[request.url.absoluteString]! }
                return n <= failures ? 500 : 200
            }
        }

        func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
            try await base.send(request, timeout: timeout, maxBody: maxBody)
        }
    }

    @Test func aCallThatFailedOnEveryTryIsNotFlakyAndOneThatPassedIs() async throws {
        let fixtures = try NightlyShareTests.fixtures()
        let never = await Self.night(FailingFirst("/tips", failures: 100), fixtures, retries: 2)
        #expect(never.share.caller.ledger.tally.retried > 0)
        #expect(never.share.caller.ledger.tally.flaky.isEmpty, "\(never.share.caller.ledger.tally.flaky)")
        let once = await Self.night(FailingFirst("/tips", failures: 1), fixtures, retries: 2)
        let flaky = once.share.caller.ledger.tally.flaky
        #expect(!flaky.isEmpty && flaky.allSatisfy { $0.hasPrefix("place-tips/") }, "\(flaky)")
    }

    @Test func aClosedPlaceKeepsTheEntriesOfTheOperationsItAlone() async throws {
        let stack = NightlyShareTests.StubStack { request in
            if request.headers["Authorization"].map({ !$0.contains(StubLiveStack.key.secret) }) ?? false { return 401 }
            return request.url.path.contains(Self.closed) ? 404 : 200
        }
        let fixtures = try ShippedCorpus.fixtures { path in
            path.hasPrefix("place-suggest-edit/2025-06-17/") || path.hasPrefix("place-details/2025-06-17/200-")
        }
        let entry = "2025-06-17/place-suggest-edit live-openapi - $.suggested_edits[*].rolled_back: expected object, found boolean false"
        let (drift, _, _, _, night) = await Self.night(
            stack, fixtures, baseline: Baseline(entries: [.init(fingerprint: entry, reason: "r", expires: "never")]))
        #expect(drift.stale.keys.contains { $0.hasPrefix("place-suggest-edit/") })
        #expect(night.fixed.isEmpty, "\(night.fixed.map(\.fingerprint))")
        #expect(night.lines(path: "b.json")[0].hasSuffix("0 fixed, 1 not checked"), "\(night.lines(path: "b.json")[0])")
        // `--update-baseline` writes what the night judged: the entry stays in the file.
        let written = Baseline(entries: [.init(fingerprint: entry, reason: "r", expires: "never")])
            .updated(findings: night.findings, covered: night.coveredOperations)
        #expect(written.entries.contains { $0.fingerprint == entry }, "\(written.entries.map(\.fingerprint))")
    }

    @Test func aRouteGoneForEveryPlaceIsGoneThoughItsErrorFixturesStillAnswerAsRecorded() async throws {
        // Every place answers 404; a key the server refuses still gets its 401, as on the real API.
        let stack = NightlyShareTests.StubStack { request in
            if request.headers["Authorization"].map({ !$0.contains(StubLiveStack.key.secret) }) ?? false { return 401 }
            return 404
        }
        let fixtures = try ShippedCorpus.fixtures { $0.hasPrefix("place-details/2025-06-17/") }
        let drift = await DriftRunner(options: Self.options(stack), config: DriftConfig()).run(fixtures)
        #expect(drift.results.contains { $0.recordedStatus == 401 && $0.liveStatus == 401 }, "the provoked 401 answered as recorded")
        let summary = DriftSummary(drift)
        #expect(summary.gone.map(\.request) == ["GET /places/{fsq_place_id}"], "\(summary.terminal())")
        #expect(summary.terminal().contains("gone: GET /places/{fsq_place_id} — 404 on every call"), "\(summary.terminal())")
    }
}
