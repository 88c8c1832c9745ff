import Foundation
import FoursquarePlaces
import HarnessCore

/// Live mode's stale check, shared by every fixture of a run: ids each endpoint answered so far, and, for a 404
/// before any, one probe of another recorded id of the same endpoint (at most one per endpoint and style).
package final class StaleProbe: Sendable {
    /// Recorded place ids of the run's success fixtures, per `contract|endpoint`.
    let recordedIDs: [String: [String]]
    private let state = Locked<(answered: [String: String], probed: [String: String?], found: [StaleFixture])>(([:], [:], []))
    /// Ids found stale on some endpoint, by id, and the stale fixtures given by `seed`, by path: a place found gone
    /// is stale wherever else it answers 404.
    private let proven = Locked<(byID: [String: StaleFixture], seeded: [String: StaleFixture])>(([:], [:]))

    package init(_ fixtures: [LoadedFixture]) {
        var ids: [String: [String]] = [:]
        for case let .fixture(fixture) in fixtures where (200...299).contains(fixture.response.status) {
            if let id = StaleFixture.placeID(of: fixture), !(ids["\(fixture.contract)|\(fixture.endpoint.rawValue)"] ?? []).contains(id) {
                ids["\(fixture.contract)|\(fixture.endpoint.rawValue)", default: []].append(id)
            }
        }
        recordedIDs = ids
    }

    /// The stale fixtures found so far, in the order found.
    package var found: [StaleFixture] { state.current.found.sorted { $0.fixture < $1.fixture } }

    /// Takes stale fixtures already found (the nightly's drift pass) as evidence, so no probe is needed for them.
    package func seed(_ stale: [StaleFixture]) {
        proven.withLock { proven in
            for item in stale {
                proven.seeded[item.fixture] = item
                if proven.byID[item.placeID] == nil { proven.byID[item.placeID] = item }
            }
        }
    }

    static func key(_ fixture: Fixture, _ auth: AuthStyle) -> String { "\(fixture.contract)|\(fixture.endpoint.rawValue)|\(auth)" }

    /// Notes a 2xx for a place id.
    func answered(_ fixture: Fixture, auth: AuthStyle, status: Int?) {
        guard let status, (200...299).contains(status), let id = StaleFixture.placeID(of: fixture) else { return }
        state.withLock { state in if state.answered[Self.key(fixture, auth)] == nil { state.answered[Self.key(fixture, auth)] = id } }
    }

    /// The stale finding for a recorded success that answered 404, or nil when the endpoint answers no other id
    /// (then the 404 is a failure, and drift's `gone`).
    func check(_ fixture: Fixture, auth: AuthStyle, liveStatus: Int?, caller: LiveCaller, key: APIKey,
               deadline: RunDeadline) async -> StaleFixture? {
        guard let id = StaleFixture.candidate(fixture, liveStatus: liveStatus) else { return nil }
        if let known = proven.withLock({ $0.seeded[fixture.relativePath] }) {
            state.withLock { state in if !state.found.contains(known) { state.found.append(known) } }
            return known
        }
        let slot = Self.key(fixture, auth)
        var other = state.withLock { $0.answered[slot] }
        var witness: String?
        // Evidence from another endpoint: the place is gone wherever it is asked for.
        if other == nil || other == id, let proof = proven.withLock({ $0.byID[id] }) {
            other = proof.answeredID
            if proof.endpoint != fixture.endpoint.rawValue { witness = proof.witness ?? proof.endpoint }
        }
        if other == nil || other == id {
            if let probed = state.withLock({ $0.probed[slot] }) {
                other = probed
            } else {
                other = await probe(fixture, auth: auth, excluding: id, caller: caller, key: key, deadline: deadline)
                state.withLock { $0.probed[slot] = .some(other) }
            }
        }
        guard let other, other != id else { return nil }
        var stale = StaleFixture(fixture: fixture.relativePath, endpoint: fixture.endpoint.rawValue, contract: fixture.contract,
                                 placeID: id, answeredID: other)
        stale.witness = witness
        stale.appliedWrite = StaleFixture.isAppliedWrite(fixture)
        stale.called(caller.options.baseURL)
        state.withLock { state in if !state.found.contains(stale) { state.found.append(stale) } }
        proven.withLock { if $0.byID[id] == nil { $0.byID[id] = stale } }
        return stale
    }

    /// Asks for the first other recorded id of the endpoint; the id when it answers 2xx.
    func probe(_ fixture: Fixture, auth: AuthStyle, excluding id: String, caller: LiveCaller, key: APIKey,
               deadline: RunDeadline) async -> String? {
        guard let other = recordedIDs["\(fixture.contract)|\(fixture.endpoint.rawValue)"]?.first(where: { $0 != id }),
              let probe = StaleFixture.replacingPlaceID(fixture, with: other),
              case let .success(plan) = ExecutionCore.plan(.fixture(probe)) else { return nil }
        let exchange = await caller.call(plan.1, auth: auth, key: key, deadline: deadline, expectedStatus: nil)
        guard let status = exchange.response?.status, (200...299).contains(status) else { return nil }
        return other
    }
}
