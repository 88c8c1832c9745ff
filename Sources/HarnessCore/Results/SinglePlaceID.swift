import Foundation
import FoursquarePlaces

/// Endpoints whose success fixtures all ask for one id in their path (a place id, or an offline job's). The day that place closes, the endpoint answers
/// nothing but 404, and only another endpoint's answers can tell a stale fixture from a gone endpoint; a second
/// recorded id makes the endpoint its own witness.
package struct SinglePlaceID: Sendable {
    /// One endpoint of one contract and the one place id its success fixtures ask for.
    package struct Dependency: Sendable, Hashable {
        /// The contract the fixtures were recorded under.
        package var contract: ContractID
        /// The endpoint's id, `place-tips`.
        package var endpoint: String
        /// The one id its success fixtures ask for.
        package var placeID: String
        /// How many success fixtures ask for it.
        package var fixtures: Int
    }

    /// In contract and endpoint order.
    package let dependencies: [Dependency]

    /// The endpoints of `loaded` that take an id in their path and whose 2xx fixtures all ask for the same one.
    package init(_ loaded: [LoadedFixture]) {
        var ids: [String: (contract: ContractID, endpoint: String, ids: Set<String>, fixtures: Int)] = [:]
        // Replay-only fixtures (synthesized, published) are never called live: they add no place to depend on.
        for case let .fixture(fixture) in loaded where (200...299).contains(fixture.response.status) && !fixture.isReplayOnly {
            guard let id = StaleFixture.placeID(of: fixture) else { continue }
            let key = "\(fixture.contract)|\(fixture.endpoint.rawValue)"
            var entry = ids[key] ?? (fixture.contract, fixture.endpoint.rawValue, [], 0)
            entry.ids.insert(id)
            entry.fixtures += 1
            ids[key] = entry
        }
        dependencies = ids.sorted { $0.key < $1.key }.compactMap { _, entry in
            guard entry.ids.count == 1, let id = entry.ids.first else { return nil }
            return Dependency(contract: entry.contract, endpoint: entry.endpoint, placeID: id, fixtures: entry.fixtures)
        }
    }

    /// `warning: 4 endpoints depend on one recorded id each …`, then one line per endpoint; empty when none does.
    package var lines: [String] {
        guard !dependencies.isEmpty else { return [] }
        return ["warning: \(plural(dependencies.count, "endpoint")) depend\(dependencies.count == 1 ? "s" : "") on one recorded id each: "
                + "if that place closes, only other endpoints' answers tell a stale fixture from a gone endpoint; "
                + "record a second id for each where the API has one (a plan entry with another fsq_id, see Recording)"]
            + dependencies.map { "  \($0.endpoint) (\($0.contract)): \($0.placeID) in \(plural($0.fixtures, "success fixture"))" }
    }
}
