import FoursquarePlaces
import HarnessCore

/// How live mode gets a server to give a fixture's answer. A success is asked for as recorded; an error is
/// provoked where a request can provoke it, so a real server checks the client's error mapping too.
package enum LiveProvocation: Sendable, Hashable {
    /// The fixture's request as recorded: a 2xx, or a 400 for input the server refuses and the client sends.
    case asRecorded
    /// The fixture's request for a place id no API knows (`unknownPlaceID`): a 404.
    case unknownPlace
    /// The fixture's request with a key no server accepts (`rejectedKey`), never the real one: a 401.
    case invalidKey
    /// The fixture's request sent as it is, around the client's validation of `parameter`: a 400.
    case invalidInput(parameter: String)
    /// No request can provoke this answer (403, 429, 5xx, a 404 on an endpoint without a place id). Only the
    /// emulator gives it (`X-Emulator-Fixture`); against any other server the case is skipped for `reason`.
    case emulatorOnly(reason: String)

    /// The key a 401 is provoked with (`RejectedKey`).
    package static let rejectedKey = RejectedKey.key
    /// The place id a 404 is provoked with: not the 24 hex digits of a Foursquare id, so no place can have it,
    /// whatever id the fixture recorded (a recorded id may exist by the time the run calls it).
    package static let unknownPlaceID = "fsq-contract-no-such-place"

    /// The provocation a fixture gets, from its status, its endpoint and `expect.invalidInput`.
    package static func plan(for fixture: Fixture) -> LiveProvocation {
        let status = fixture.response.status
        switch status {
        case 200...299:
            return .asRecorded
        case 401:
            return .invalidKey
        case 400:
            if let parameter = fixture.expect?.invalidInput { return .invalidInput(parameter: parameter) }
            // A write's 400 for input no rule of the document refuses is the recorded server's own check: a server
            // that keeps the document may apply the (dry-run) write instead, so it is not asked.
            if (fixture.registryEntry ?? fixture.endpoint.endpoint).effect != .read {
                return .emulatorOnly(reason: "a 400 on a write with no input rule behind it cannot be provoked live: "
                    + "checked in replay and against the emulator")
            }
            return .asRecorded
        case 404 where (fixture.registryEntry ?? fixture.endpoint.endpoint).hasPlaceID:
            return .unknownPlace
        case 404:
            return .emulatorOnly(reason: "404 cannot be provoked live on \(fixture.endpoint), which takes no place id: "
                + "checked in replay and against the emulator")
        default:
            return .emulatorOnly(reason: "\(status) cannot be provoked live: checked in replay and against the emulator")
        }
    }

    /// The call to make for `fixture`: its own, or for a 404 the same request for `unknownPlaceID`.
    package func plan(_ recorded: CallPlan, fixture: Fixture) -> CallPlan {
        guard self == .unknownPlace, let entry = fixture.registryEntry,
              let path = try? entry.path(placeID: Self.unknownPlaceID),
              let plan = try? CallPlan.make(endpoint: fixture.endpoint, contract: fixture.contract, path: path,
                                            query: fixture.request.query, file: fixture.relativePath)
        else { return recorded }
        return plan
    }

    /// The key the request carries: the invalid one for a 401, else the real one.
    package func key(_ real: APIKey) -> APIKey { self == .invalidKey ? Self.rejectedKey : real }
}
