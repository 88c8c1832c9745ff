import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessReports

extension StaleFixture {
    /// Stale evidence across endpoints: an id `found` stale on one endpoint (404 there while that endpoint answered
    /// other ids) is gone, so every recorded success that asks for it and answered 404, on any endpoint and writes
    /// included, is stale too, even where its endpoint recorded no other id. The re-record command takes an id
    /// the fixture's own endpoint answered, else the one that proved the place gone.
    static func acrossEndpoints(_ results: [DriftResult], fixtures: [String: Fixture], found: [String: StaleFixture],
                                answered: [String: String]) -> [String: StaleFixture] {
        var proven: [String: StaleFixture] = [:]
        for stale in found.values.sorted(by: { $0.fixture < $1.fixture }) where proven[stale.placeID] == nil {
            proven[stale.placeID] = stale
        }
        var all = found
        for result in results where all[result.fixture] == nil {
            guard let fixture = fixtures[result.fixture], let id = candidate(fixture, liveStatus: result.liveStatus),
                  let proof = proven[id] else { continue }
            let own = answered["\(result.contract)|\(result.endpoint)|\(result.auth)"].flatMap { $0 == id ? nil : $0 }
            var stale = StaleFixture(fixture: result.fixture, endpoint: result.endpoint, contract: result.contract,
                                     placeID: id, answeredID: own ?? proof.answeredID)
            if proof.endpoint != result.endpoint { stale.witness = proof.witness ?? proof.endpoint }
            stale.appliedWrite = isAppliedWrite(fixture)
            all[result.fixture] = stale
        }
        return all
    }
}
