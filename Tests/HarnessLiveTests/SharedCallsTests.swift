import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessLive
import LiveTestSupport
import Testing
import TestSupport

/// One call per distinct request: fixtures that send the same request share one call and each judges its answer;
/// an applied write goes out once; the count made before the run is the calls the run then makes.
@Suite struct SharedCallsTests {
    typealias StubStack = StubLiveStack

    static func options(_ stack: StubStack, styles: [AuthStyle] = [.bearer], writes: WritePolicy = WritePolicy()) -> LiveOptions {
        // A deadline no loaded machine reaches: what is counted here is calls, not time.
        var options = LiveOptions(baseURL: LiveProvocationTests.base, key: LiveProvocationTests.key, authStyles: styles,
                                  retries: 0, deadline: 600)
        options.stack = stack
        options.writes = writes
        return options
    }

    static func fixtures(_ filter: (String) -> Bool) throws -> [LoadedFixture] { try ShippedCorpus.fixtures(filter) }

    /// Requests as a server's log tells them apart: method, target, authorization.
    static func identities(_ stack: StubStack) -> [String] {
        stack.requests.map { "\($0.method) \($0.url.absoluteString) \($0.headers["Authorization"] ?? "-")" }
    }

    @Test func aSuggestionsAppliedTwinSentAsADryRunSharesItsDryRunTwinsCall() async throws {
        let stack = StubStack { _ in (200, []) }
        let runner = LiveRunner(options: Self.options(stack))
        let fixtures = try Self.fixtures { $0.hasPrefix("place-suggest-edit/2025-06-17/200-") }
        #expect(fixtures.count == 2)
        let results = await runner.run(fixtures)
        #expect(stack.requests.count == 1, "\(Self.identities(stack))")
        #expect(Set(results.map(\.fixture)).count == 2, "each fixture is still judged")
        #expect(runner.caller.ledger.tally.shared == 1 && runner.caller.ledger.tally.calls == 1)
        #expect(runner.caller.ledger.line.hasPrefix("calls: 1 made, 1 shared, 0 skipped"), "\(runner.caller.ledger.line)")
    }

    @Test func anAppliedWriteGoesOutOnceHoweverManyFixturesHoldIt() async throws {
        let stack = StubStack { _ in (200, []) }
        var options = Self.options(stack, writes: WritePolicy(allowed: [.geotaggingConfirm]))
        options.selectFixtureHeader = false
        let fixtures = try Self.fixtures { $0.hasPrefix("geotagging-confirm/2025-06-17/") }
        _ = await LiveRunner(options: options).run(fixtures)
        let writes = Self.identities(stack).filter { $0.hasPrefix("POST ") }
        #expect(!writes.isEmpty)
        #expect(writes.count == Set(writes).count, "\(writes)")
        #expect(options.writeLog.count == writes.count, "\(options.writeLog.summary)")
    }

    @Test(arguments: Contract.known, [false, true])
    func theCountBeforeTheRunIsTheCallsTheRunMakes(contract: ContractID, fixtureHeader: Bool) async throws {
        let stack = StubStack { request in (200, fixtureHeader ? [("X-Emulator-Fixture", request.headers["X-Emulator-Fixture"] ?? "")] : []) }
        var options = Self.options(stack, styles: AuthStyle.allCases)
        options.selectFixtureHeader = fixtureHeader
        let fixtures = try ShippedCorpus.loaded.get().filter { if case let .fixture(fixture) = $0 { fixture.contract == contract } else { false } }
        let count = await CallCount.live(fixtures, options: options)
        let runner = LiveRunner(options: options)
        _ = await runner.run(fixtures)
        #expect(count.total == stack.requests.count, "\(contract) header \(fixtureHeader)")
        #expect(count.total == runner.caller.ledger.tally.calls)
        #expect(count.shared == runner.caller.ledger.tally.shared, "\(count.shared) vs \(runner.caller.ledger.tally.shared)")
        let identities = Self.identities(stack)
        if !fixtureHeader {
            // No two identical requests, and none for an answer no request provokes.
            #expect(identities.count == Set(identities).count)
            let provokable = fixtures.filter { item in
                guard case let .fixture(fixture) = item else { return false }
                return (200...299).contains(fixture.response.status) || [400, 401, 404].contains(fixture.response.status)
            }.count
            #expect(stack.requests.count <= provokable * (contract == .seed ? 2 : 1))
        }
    }
}
