import Foundation

/// The client apps use, typed by its contract, e.g. `PlacesClient<Contract20250617>` or `PlacesClient<SeedContract>`.
/// Changing the type argument is the whole migration; the compiler then names every request
/// field and model property that differs.
public struct PlacesClient<C: PlacesContract>: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The untyped engine underneath, set up from the contract.
    package var client: FoursquareClient

    /// A client for contract `C` with `apiKey`, on the contract's base URL unless `baseURL` is given.
    public init(apiKey: APIKey, baseURL: URL? = nil, transport: any Transport = URLSessionTransport()) {
        client = FoursquareClient(apiKey: apiKey, contract: C.contract, baseURL: baseURL, transport: transport)
    }

    /// A typed face on an engine the harness set up.
    package init(client: FoursquareClient) { self.client = client }

    // MARK: What the client is set up with

    /// How the key is sent: the contract's preferred style (bearer for a bearer-only contract), or the one `using(_:)` chose.
    public var auth: AuthStyle { client.auth }

    /// Where requests go: the contract's base URL, or the one given to `init`; a path prefix is kept.
    public var baseURL: URL { client.baseURL }

    /// The contract's `X-Places-Api-Version`, sent in the bearer style.
    public var apiVersion: String { client.apiVersion }

    /// Whether an unreadable element of a result list is dropped (and listed in `APIResponse.skippedElements`) rather
    /// than failing the call. On by default; set it to false to make every array strict.
    public var decodesResultsLeniently: Bool {
        get { client.decodesResultsLeniently }
        set { client.decodesResultsLeniently = newValue }
    }

    /// The contract, base URL (scheme, host, port and path only), auth style and version: no key, no query values.
    public var description: String {
        "PlacesClient<\(C.self)>(baseURL: \(Self.logSafe(baseURL)), auth: \(auth), apiVersion: \(apiVersion))"
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// A URL without what may be private in it: user, password, query and fragment.
    private static func logSafe(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<unreadable URL>" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "<unreadable URL>"
    }

    // MARK: Any request of the contract

    /// Sends any request of this contract and decodes the 2xx body, or throws the mapped `FoursquareError`.
    public func send<R: ContractRequest>(_ request: R) async throws(FoursquareError) -> R.Response where R.APIContract == C {
        try await client.send(request)
    }

    /// Any request of this contract, with the response head (rate limit, next page).
    public func response<R: ContractRequest>(to request: R) async throws(FoursquareError) -> APIResponse<R.Response>
    where R.APIContract == C {
        try await client.response(to: request)
    }

    /// The pages of any paging request of this contract (search, tips, photos), from `request.cursor` on, following
    /// the `Link` header.
    public func pages<R: PagedRequest>(_ request: R) -> Pages<R.Response> where R.APIContract == C {
        client.pages(request)
    }

    // The six reads' requests with their heads. A contract's read may be an earlier version's type (reused, so its
    // `APIContract` is that version), which the generic `response(to:)` does not take: these do, also in code
    // generic over the contract.

    /// A place search with the response head.
    public func response(to request: C.PlaceSearchRequest) async throws(FoursquareError) -> APIResponse<C.PlaceSearchRequest.Response> {
        try await client.response(to: request)
    }

    /// A place's details with the response head.
    public func response(to request: C.PlaceDetailsRequest) async throws(FoursquareError) -> APIResponse<C.PlaceDetailsRequest.Response> {
        try await client.response(to: request)
    }

    /// A place's tips with the response head.
    public func response(to request: C.PlaceTipsRequest) async throws(FoursquareError) -> APIResponse<C.PlaceTipsRequest.Response> {
        try await client.response(to: request)
    }

    /// A place's photos with the response head.
    public func response(to request: C.PlacePhotosRequest) async throws(FoursquareError) -> APIResponse<C.PlacePhotosRequest.Response> {
        try await client.response(to: request)
    }

    /// Autocomplete suggestions with the response head.
    public func response(to request: C.AutocompleteRequest) async throws(FoursquareError) -> APIResponse<C.AutocompleteRequest.Response> {
        try await client.response(to: request)
    }

    /// Geotagging candidates with the response head.
    public func response(to request: C.GeotaggingRequest) async throws(FoursquareError) -> APIResponse<C.GeotaggingRequest.Response> {
        try await client.response(to: request)
    }

    // MARK: The reads every contract has

    /// `GET /places/search` (`place-search`).
    public func placeSearch(_ request: C.PlaceSearchRequest) async throws(FoursquareError) -> C.PlaceSearchRequest.Response {
        try await client.send(request)
    }

    /// One place by id (`place-details`).
    public func placeDetails(_ request: C.PlaceDetailsRequest) async throws(FoursquareError) -> C.PlaceDetailsRequest.Response {
        try await client.send(request)
    }

    /// A place's tips (`place-tips`).
    public func placeTips(_ request: C.PlaceTipsRequest) async throws(FoursquareError) -> C.PlaceTipsRequest.Response {
        try await client.send(request)
    }

    /// A place's photos (`place-photos`).
    public func placePhotos(_ request: C.PlacePhotosRequest) async throws(FoursquareError) -> C.PlacePhotosRequest.Response {
        try await client.send(request)
    }

    /// Suggestions for partial text.
    public func autocomplete(_ request: C.AutocompleteRequest) async throws(FoursquareError) -> C.AutocompleteRequest.Response {
        try await client.send(request)
    }

    /// The places a device at a point is likely at (`geotagging` in seed, `geotagging-candidates` since 2025-06-17).
    public func geotagging(_ request: C.GeotaggingRequest) async throws(FoursquareError) -> C.GeotaggingRequest.Response {
        try await client.send(request)
    }

    /// Search results page by page, following the `Link` header.
    public func searchPages(_ request: C.PlaceSearchRequest) -> Pages<C.PlaceSearchRequest.Response> {
        client.pages(request)
    }
}

extension PlacesClient where C: RawKeyContract {
    /// The same client speaking another auth style the contract accepts (the raw key or bearer).
    public func using(_ auth: AuthStyle) -> PlacesClient {
        PlacesClient(client: client.using(auth))
    }
}

extension PlacesClient {
    /// A bearer-only contract has no other style to switch to: the API answers a raw key with 401, so asking for
    /// one is a compile error here instead of a failure at run time.
    @available(*, unavailable, message: "this contract takes only Authorization: Bearer, which the client already sends; the API refuses a raw key with 401 (only a RawKeyContract, such as SeedContract, can switch styles)")
    public func using(_ auth: AuthStyle) -> PlacesClient {
        fatalError("unavailable")
    }
}
