import Foundation
import FoursquarePlaces
import HarnessCore

extension LiveCaller {
    /// What calling one fixture live gave: its answer, or why no call was sent (counted as skipped).
    package enum FixtureCall: Sendable {
        /// The call was made (or shared): its exchange, and how the fixture's answer was provoked.
        case answered(LiveExchange, LiveProvocation)
        /// No call: an answer only the emulator gives, or a call the write policy or the run's health refused.
        case notSent(reason: String)
    }

    /// Calls `fixture`'s request as live mode provokes it (a 401 with a key no server accepts, a 404 for a place no
    /// API has, an answer no request provokes only from the emulator), so every pass over the fixtures calls, skips
    /// and counts a fixture the same way. `plan` is the fixture's request.
    package func call(fixture: Fixture, plan: CallPlan, auth: AuthStyle, key: APIKey, deadline: RunDeadline) async -> FixtureCall {
        let provocation = LiveProvocation.plan(for: fixture)
        if case let .emulatorOnly(reason) = provocation, !options.selectFixtureHeader {
            ledger.skipped()
            return .notSent(reason: reason)
        }
        let exchange = await call(provocation.plan(plan, fixture: fixture), auth: auth, key: key, deadline: deadline,
                                  expectedStatus: fixture.response.status,
                                  fixtureHeader: options.selectFixtureHeader ? fixture.relativePath : nil,
                                  sending: provocation.key(key))
        if let reason = exchange.notSent {
            if exchange.neverSent { ledger.skipped() }
            return .notSent(reason: reason)
        }
        return .answered(exchange, provocation)
    }
}
