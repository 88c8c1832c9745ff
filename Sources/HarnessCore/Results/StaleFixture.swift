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
    /// The server the run called, when it is not the API's own: the re-record command calls the same one.
    package private(set) var baseURL: String?

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
            + (baseURL.map { " --base-url '\($0)'" } ?? "")
            + (appliedWrite ? " --allow-writes \(endpoint)  # applies the suggestion again: run it against a sandbox account" : "")
    }

    /// Notes the server the run called (`--base-url`, or the project file's), without any user or password in it;
    /// the API's own base URL is `record`'s default and is left out, and so is a loopback one: a stand-in or an
    /// emulator the night ran against is gone by the time someone re-records (`record` then reads the project
    /// file's `baseURL`, or calls the API).
    package mutating func called(_ url: URL) {
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host?.lowercased() ?? "")
        guard url != FoursquareClient.defaultBaseURL, !loopback, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return }
        parts.user = nil
        parts.password = nil
        parts.query = nil
        parts.fragment = nil
        baseURL = parts.string
    }

    /// Whether `fixture` records a suggestion applied (`dry_run=false`).
    package static func isAppliedWrite(_ fixture: Fixture) -> Bool { (try? CallPlan.make(for: fixture))?.dryRun == false }

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
    package static func candidate(_ fixture: Fixture, liveStatus: Int?) -> String? {
        guard liveStatus == 404, fixture.response.status != 404 else { return nil }
        return placeID(of: fixture)
    }
}
