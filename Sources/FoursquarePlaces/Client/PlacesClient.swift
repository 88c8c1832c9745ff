import Foundation

/// A client typed by its contract: `PlacesClient<Contract20250617>` or `PlacesClient<SeedContract>`.
/// Changing the type argument is the whole migration; the compiler then names every request
/// field and model property that differs.
public struct PlacesClient<C: PlacesContract>: Sendable {
    /// The untyped client underneath, set up from the contract.
    public var client: FoursquareClient

    /// A client for contract `C` with `apiKey`, on the contract's base URL unless `baseURL` is given.
    public init(apiKey: APIKey, baseURL: URL? = nil, transport: any Transport = URLSessionTransport()) {
        client = FoursquareClient(apiKey: apiKey, contract: C.contract, baseURL: baseURL, transport: transport)
    }

    /// A typed face on an existing client.
    public init(client: FoursquareClient) { self.client = client }

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

    /// The pages of any paging request (search, tips, photos), from `request.cursor` on, following the `Link` header.
    public func pages<R: PagedRequest>(_ request: R) -> Pages<R.Response> {
        client.pages(request)
    }

    /// Any request of this contract, with the response head (rate limit, next page).
    public func response<R: EndpointRequest>(to request: R) async throws(FoursquareError) -> APIResponse<R.Response> {
        try await client.response(to: request)
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
