import Foundation
import FoursquarePlaces

/// A typed client of `contract` sending through `transport`: a `CapturingTransport` with a canned answer, or a real
/// transport to a loopback server at `baseURL`.
public func client<C: PlacesContract>(
    _ contract: C.Type, _ transport: any Transport, key: String = "k", baseURL: URL? = nil
) -> PlacesClient<C> {
    PlacesClient<C>(apiKey: APIKey(key), baseURL: baseURL, transport: transport)
}

/// The untyped engine under every client, for tests that send any contract's request: `key` in `style`, with the
/// default base URL and version header.
package func engine(_ transport: any Transport, key: String = "k", style: AuthStyle = .apiKey) -> FoursquareClient {
    FoursquareClient(apiKey: key, auth: style, transport: transport)
}
