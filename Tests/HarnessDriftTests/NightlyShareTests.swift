import Foundation
import FoursquarePlaces
@testable import HarnessCore
@testable import HarnessDrift
@testable import HarnessLive
import LiveTestSupport
import Testing
import TestSupport

/// The nightly's two passes over the shipped corpus through one `NightlyShare`: drift's calls answer the live
/// checks (one call per distinct request, one budget), and a place that closed is stale on every endpoint that asks
/// for it, writes included, even where that endpoint recorded no other id.
@Suite struct NightlyShareTests {
    static let closed = "4a5f2f39f964a52067bf1fe3"

    /// Answers tips with a page (an array) and everything else with a place, or the status `answer` gives.
    final class StubStack: LiveHTTPStack, @unchecked Sendable {
        let answer: @Sendable (HTTPRequest) -> Int
        private let sent = Locked<[HTTPRequest]>([])

        init(_ answer: @escaping @Sendable (HTTPRequest) -> Int) { self.answer = answer }

        var requests: [HTTPRequest] { sent.current }

        func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
            sent.withLock { $0.append(request) }
            let status = answer(request)
            let body = !(200...299).contains(status) ? #"{"message":"Not found."}"#
                : request.url.path.hasSuffix("/tips") ? "[]" : #"{"fsq_place_id":"4bf3c82cf964a52053874afa","name":"Stub"}"#
            return (Data(body.utf8), HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")])))
        }
    }

    static func options(_ stack: StubStack, maxCalls: Int? = nil) -> LiveOptions {
        var options = LiveOptions(baseURL: StubLiveStack.base, key: StubLiveStack.key, authStyles: [.bearer],
                                  retries: 0, deadline: 600)
        options.stack = stack
        options.maxCalls = maxCalls
        return options
    }

    /// The 2025-06-17 success fixtures of details, tips and the suggest operations.
    static func fixtures() throws -> [LoadedFixture] {
        try ShippedCorpus.fixtures { path in
            path.contains("/2025-06-17/200-")
                && ["place-details/", "place-tips/", "place-suggest-"].contains { path.hasPrefix($0) }
        }
    }

    @Test func theLiveChecksJudgeDriftsAnswersWithoutCallingAgain() async throws {
        let stack = StubStack { _ in 200 }
        let fixtures = try Self.fixtures()
        let options = Self.options(stack, maxCalls: 500)
        let share = NightlyShare(options: options)
        let drift = await DriftRunner(options: options, config: DriftConfig(), caller: share.caller).run(fixtures)
        share.driftDone(stale: Array(drift.stale.values))
        let afterDrift = stack.requests.count
        #expect(afterDrift > 0 && afterDrift == share.caller.ledger.tally.calls)
        let core = ExecutionCore(concurrency: 4, deadline: RunDeadline(seconds: 600))
        let live = await core.collect(.loaded(fixtures), strategy: LiveStrategy(caller: share.caller, deadline: RunDeadline(seconds: 600)))
        #expect(!live.flatMap { $0 }.isEmpty)
        #expect(stack.requests.count == afterDrift, "the live checks sent \(stack.requests.count - afterDrift) more requests")
        let count = share.count
        #expect(count.made == afterDrift && count.byDrift == afterDrift && count.reused >= afterDrift)
        #expect(count.line.hasPrefix("nightly: \(afterDrift) calls made (\(afterDrift) by drift, 0 more by the live checks"), "\(count.line)")
        // The live checks' own line reads apart from drift's: the run's calls, and how many were this pass's.
        let line = CallLedger.line(share.liveTally, maxCalls: 500)
        #expect(line.hasPrefix("calls: \(afterDrift) made in the run (0 of them by this pass), \(count.reused) shared"), "\(line)")
    }

    @Test func aClosedPlaceIsStaleOnEveryEndpointThatAsksForItWritesIncluded() async throws {
        let stack = StubStack { request in request.url.path.contains(Self.closed) ? 404 : 200 }
        let fixtures = try Self.fixtures()
        let drift = await DriftRunner(options: Self.options(stack), config: DriftConfig()).run(fixtures)
        var withClosedID: [String] = []
        for case let .fixture(fixture) in fixtures where fixture.request.path.contains(Self.closed) { withClosedID.append(fixture.relativePath) }
        #expect(withClosedID.contains { $0.hasPrefix("place-suggest-edit/") }, "the corpus's suggest fixtures ask for the closed id")
        #expect(Set(drift.stale.keys) == Set(withClosedID), "not stale: \(Set(withClosedID).subtracting(drift.stale.keys).sorted())")
        // A write's re-record command takes an id that answered; no endpoint is graded gone.
        let edit = try #require(drift.stale.first { $0.key.hasPrefix("place-suggest-edit/") }?.value)
        #expect(edit.placeID == Self.closed && edit.answeredID != Self.closed)
        #expect(edit.line.contains("answers 404 while place-details answers other ids"), "the endpoint that proved it is named: \(edit.line)")
        let summary = DriftSummary(drift)
        #expect(summary.gone.isEmpty, "\(summary.gone.map(\.request))")
        #expect(summary.groups.allSatisfy { $0.grade != .err }, "\(summary.terminal())")
    }

    @Test func aPlaceGoneEverywhereIsNotStale() async throws {
        let stack = StubStack { _ in 404 }
        let drift = await DriftRunner(options: Self.options(stack), config: DriftConfig()).run(try Self.fixtures())
        #expect(drift.stale.isEmpty)
        #expect(!DriftSummary(drift).gone.isEmpty)
    }

    @Test func theLiveChecksTakeDriftsStaleEvidenceWithoutAProbe() async throws {
        let stack = StubStack { request in request.url.path.contains(Self.closed) ? 404 : 200 }
        let fixtures = try Self.fixtures()
        let options = Self.options(stack)
        let share = NightlyShare(options: options)
        let drift = await DriftRunner(options: options, config: DriftConfig(), caller: share.caller).run(fixtures)
        share.driftDone(stale: Array(drift.stale.values))
        let afterDrift = stack.requests.count
        let probe = StaleProbe(fixtures)
        probe.seed(share.stale)
        var strategy = LiveStrategy(caller: share.caller, deadline: RunDeadline(seconds: 600))
        strategy.staleProbe = probe
        let live = await ExecutionCore(concurrency: 4, deadline: RunDeadline(seconds: 600)).collect(.loaded(fixtures), strategy: strategy)
        #expect(stack.requests.count == afterDrift, "no probe, no second call")
        #expect(Set(probe.found.map(\.fixture)) == Set(drift.stale.keys))
        #expect(!live.flatMap { $0 }.contains { $0.verdict.isProblem }, "\(live.flatMap { $0 }.filter { $0.verdict.isProblem }.map(\.name))")
    }

    @Test func anEndpointThatDependsOnOnePlaceIDIsNamed() throws {
        let dependencies = SinglePlaceID(try ShippedCorpus.loaded.get()).dependencies
        let names = Set(dependencies.filter { $0.contract == "2025-06-17" }.map(\.endpoint))
        #expect(names.contains("place-suggest-edit") && !names.contains("place-details"), "\(names.sorted())")
        #expect(dependencies.contains { $0.endpoint == "place-suggest-edit" && $0.placeID == Self.closed && $0.fixtures == 2 })
        #expect(SinglePlaceID(try ShippedCorpus.loaded.get()).lines.first?.hasPrefix("warning: ") == true)
        #expect(SinglePlaceID([]).lines.isEmpty)
    }
}
