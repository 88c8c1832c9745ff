// The reads' earlier names, kept for apps' source: each operation is now named by its operation id.

extension PlacesClient {
    /// `GET /places/search`.
    @available(*, deprecated, renamed: "placeSearch(_:)")
    public func search(_ request: C.PlaceSearchRequest) async throws(FoursquareError) -> C.PlaceSearchRequest.Response {
        try await placeSearch(request)
    }

    /// One place by id.
    @available(*, deprecated, renamed: "placeDetails(_:)")
    public func place(_ request: C.PlaceDetailsRequest) async throws(FoursquareError) -> C.PlaceDetailsRequest.Response {
        try await placeDetails(request)
    }

    /// A place's tips.
    @available(*, deprecated, renamed: "placeTips(_:)")
    public func tips(_ request: C.PlaceTipsRequest) async throws(FoursquareError) -> C.PlaceTipsRequest.Response {
        try await placeTips(request)
    }

    /// A place's photos.
    @available(*, deprecated, renamed: "placePhotos(_:)")
    public func photos(_ request: C.PlacePhotosRequest) async throws(FoursquareError) -> C.PlacePhotosRequest.Response {
        try await placePhotos(request)
    }
}
