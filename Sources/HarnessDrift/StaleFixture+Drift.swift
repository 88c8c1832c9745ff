import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessReports

extension StaleFixture {
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
