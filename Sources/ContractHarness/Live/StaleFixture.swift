import Foundation
import FoursquarePlaces

/// A fixture whose recorded place id answers 404 while its endpoint answers other ids: the place closed or was
/// merged since it was recorded. That is data churn, not a change of the API, so it is its own outcome (passing
/// unless the project file's `staleFails` says otherwise), named with the id and the command that re-records it.
package struct StaleFixture: Sendable, Hashable {
    package var fixture: String
    package var endpoint: String
    package var contract: ContractID
    /// The recorded id that now answers 404.
    package var placeID: String
    /// An id the endpoint answered in the same run, which the re-record command uses.
    package var answeredID: String
    /// The endpoint whose answers proved the place gone, when it is not this fixture's own (evidence across
    /// endpoints: the fixture's endpoint may have recorded no other id).
    package var witness: String?
    /// A suggestion recorded as applied (`dry_run=false`): `record` skips it unless `--allow-writes` names its endpoint.
    package var appliedWrite = false

    package init(fixture: String, endpoint: String, contract: ContractID, placeID: String, answeredID: String) {
        self.fixture = fixture
        self.endpoint = endpoint
        self.contract = contract
        self.placeID = placeID
        self.answeredID = answeredID
    }

    /// `fsq-contract record --mode all --filter 'place-details/200-typical.json' --place-id 4b…`: records the
    /// fixture again from the same request for an id that exists today.
    /// A suggestion recorded as applied is recorded only with `--allow-writes` for its endpoint, which applies it
    /// again (a sandbox account).
    package var rerecordCommand: String {
        "fsq-contract record --mode all --contract \(contract) --filter '\(fixture)' --place-id \(answeredID)"
            + (appliedWrite ? " --allow-writes \(endpoint)  # applies the suggestion again: run it against a sandbox account" : "")
    }

    /// Whether `fixture` records a suggestion applied (`dry_run=false`).
    static func isAppliedWrite(_ fixture: Fixture) -> Bool { (try? CallPlan.make(for: fixture))?.dryRun == false }

    /// `stale: place-details/200-typical.json: place id 4b… answers 404 while place-details answers other ids
    /// (data churn, not API drift); re-record: …`.
    package var line: String {
        "stale: \(fixture): place id \(placeID) answers 404 while \(witness ?? endpoint) answers other ids (data churn, not API drift); "
            + "re-record: \(rerecordCommand)"
    }

    /// The skipped (or, with `staleFails`, failed) case's message.
    package var message: String {
        "stale: the recorded place id \(placeID) answers 404 while \(witness ?? endpoint) answers other ids (\(answeredID)): "
            + "the place is gone, the API is not; re-record with \(rerecordCommand)"
    }

    /// The verdict for each case of a stale fixture.
    package func verdict(fails: Bool) -> Verdict {
        fails ? .fail(message: message, detail: message + "\n(the project file's staleFails is true)") : .skip(reason: message)
    }

    /// The place id in a fixture's recorded path, for an endpoint that takes one.
    package static func placeID(of fixture: Fixture) -> String? {
        let entry = fixture.registryEntry ?? fixture.endpoint.endpoint
        guard let placeholder = entry.placeholder else { return nil }
        let template = entry.pathTemplate.split(separator: "/", omittingEmptySubsequences: false)
        let path = fixture.request.path.split(separator: "/", omittingEmptySubsequences: false)
        guard template.count == path.count, let at = template.firstIndex(where: { $0 == placeholder }) else { return nil }
        return String(path[at]).removingPercentEncoding ?? String(path[at])
    }

    /// The same fixture asking for `placeID` instead of its recorded one (record `--place-id`); nil when its
    /// endpoint takes no place id.
    package static func replacingPlaceID(_ fixture: Fixture, with placeID: String) -> Fixture? {
        let entry = fixture.registryEntry ?? fixture.endpoint.endpoint
        guard entry.hasPlaceID, let path = try? entry.path(placeID: placeID) else { return nil }
        var fixture = fixture
        fixture.request.path = path
        return fixture
    }

    /// Whether a recorded success answered with `liveStatus` may be stale: a 404 for a place id.
    /// Any fixture of a place but a recorded 404: a provoked 400 cannot be judged on a place that no longer exists.
    static func candidate(_ fixture: Fixture, liveStatus: Int?) -> String? {
        guard liveStatus == 404, fixture.response.status != 404 else { return nil }
        return placeID(of: fixture)
    }

    /// Drift's stale fixtures, from the whole run: a recorded success whose id answered 404 where another call to
    /// the same endpoint of the same contract, in the same style, answered 2xx. A 404 on every id stays `gone`.
    package static func inDrift(_ results: [DriftResult], fixtures: [String: Fixture]) -> [String: StaleFixture] {
        var answered: [String: String] = [:]
        for result in results {
            guard let status = result.liveStatus, (200...299).contains(status), let fixture = fixtures[result.fixture],
                  let id = placeID(of: fixture) else { continue }
            answered["\(result.contract)|\(result.endpoint)|\(result.auth)"] = answered["\(result.contract)|\(result.endpoint)|\(result.auth)"] ?? id
        }
        var stale: [String: StaleFixture] = [:]
        for result in results {
            guard let fixture = fixtures[result.fixture], let id = candidate(fixture, liveStatus: result.liveStatus),
                  let other = answered["\(result.contract)|\(result.endpoint)|\(result.auth)"], other != id else { continue }
            stale[result.fixture] = StaleFixture(fixture: result.fixture, endpoint: result.endpoint, contract: result.contract,
                                                 placeID: id, answeredID: other)
            stale[result.fixture]?.appliedWrite = isAppliedWrite(fixture)
        }
        return acrossEndpoints(results, fixtures: fixtures, found: stale, answered: answered)
    }
}

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
