import FixtureFormat
import FoursquarePlaces
import HarnessCore

extension Checks {
    /// Method, path and order-insensitive query equal the fixture's; the header set is exactly the auth style's as
    /// the contract's documents give it (`WireHeaders`); the key is nowhere in the URL.
    package static func request(
        fixture: Fixture, auth: AuthStyle, captured: [HTTPRequest], key: APIKey, apiVersion: String
    ) -> Verdict {
        request(fixture: fixture, auth: auth, captured: captured, key: key,
                styleHeaders: WireHeaders.expected(style: auth, key: key, contract: fixture.contract, version: apiVersion))
    }
}
