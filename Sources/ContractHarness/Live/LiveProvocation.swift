import FoursquarePlaces

/// How live mode gets a server to give a fixture's answer. A success is asked for as recorded; an error is
/// provoked where a request can provoke it, so a real server checks the client's error mapping too.
public enum LiveProvocation: Sendable, Hashable {
    /// The fixture's request as recorded: a 2xx, a 404 for the recorded unknown place id, a 400 for input the
    /// server refuses and the client sends.
    case asRecorded
    /// The fixture's request with a key no server accepts (`rejectedKey`), never the real one: a 401.
    case invalidKey
    /// The fixture's request sent as it is, around the client's validation of `parameter`: a 400.
    case invalidInput(parameter: String)
    /// No request can provoke this answer (403, 429, 5xx, a 404 on an endpoint without a place id). Only the
    /// emulator gives it (`X-Emulator-Fixture`); against any other server the case is skipped for `reason`.
    case emulatorOnly(reason: String)

    /// The key a 401 is provoked with: obviously not a key, so no server can accept it and no log can hold a
    /// real one.
    public static let rejectedKey = APIKey("fsq-contract-invalid-key-for-401-checks")

    /// The provocation a fixture gets, from its status, its endpoint and `expect.invalidInput`.
    public static func plan(for fixture: Fixture) -> LiveProvocation {
        let status = fixture.response.status
        switch status {
        case 200...299:
            return .asRecorded
        case 401:
            return .invalidKey
        case 400:
            return fixture.expect?.invalidInput.map { .invalidInput(parameter: $0) } ?? .asRecorded
        case 404 where (fixture.registryEntry ?? fixture.endpoint.endpoint).hasPlaceID:
            return .asRecorded
        case 404:
            return .emulatorOnly(reason: "404 cannot be provoked live on \(fixture.endpoint), which takes no place id: "
                + "checked in replay and against the emulator")
        default:
            return .emulatorOnly(reason: "\(status) cannot be provoked live: checked in replay and against the emulator")
        }
    }

    /// The key the request carries: the invalid one for a 401, else the real one.
    public func key(_ real: APIKey) -> APIKey { self == .invalidKey ? Self.rejectedKey : real }
}
