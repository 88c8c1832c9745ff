import Foundation

/// The client apps use, typed by its contract: `PlacesClient<Contract20250617>` or `PlacesClient<SeedContract>`.
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

    /// How the key is sent: the contract's preferred style (bearer for `Contract20250617`), or the one `using(_:)` chose.
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

    // MARK: The reads every contract has

    /// `GET /places/search`.
    public func search(_ request: C.SearchRequest) async throws(FoursquareError) -> C.SearchRequest.Response {
        try await client.send(request)
    }

    /// One place by id.
    public func place(_ request: C.PlaceRequest) async throws(FoursquareError) -> C.PlaceRequest.Response {
        try await client.send(request)
    }

    /// A place's tips.
    public func tips(_ request: C.TipsRequest) async throws(FoursquareError) -> C.TipsRequest.Response {
        try await client.send(request)
    }

    /// A place's photos.
    public func photos(_ request: C.PhotosRequest) async throws(FoursquareError) -> C.PhotosRequest.Response {
        try await client.send(request)
    }

    /// Suggestions for partial text.
    public func autocomplete(_ request: C.AutocompleteRequest) async throws(FoursquareError) -> C.AutocompleteRequest.Response {
        try await client.send(request)
    }

    /// The places a device at a point is likely at.
    public func geotagging(_ request: C.GeotaggingRequest) async throws(FoursquareError) -> C.GeotaggingRequest.Response {
        try await client.send(request)
    }

    /// Search results page by page, following the `Link` header.
    public func searchPages(_ request: C.SearchRequest) -> Pages<C.SearchRequest.Response> {
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

extension PlacesClient where C == SeedContract {
    /// `GET /places/autocomplete` (seed only).
    public func placesAutocomplete(_ request: SeedContract.PlacesAutocompleteRequest) async throws(FoursquareError) -> SeedContract.PlacesAutocompleteRequest.Response {
        try await client.send(request)
    }

    /// `GET /places/categories` (seed only).
    public func categories(_ request: SeedContract.CategoriesRequest) async throws(FoursquareError) -> SeedContract.CategoriesRequest.Response {
        try await client.send(request)
    }

    /// `GET /places/chains` (seed only).
    public func chains(_ request: SeedContract.ChainsRequest) async throws(FoursquareError) -> SeedContract.ChainsRequest.Response {
        try await client.send(request)
    }
}
