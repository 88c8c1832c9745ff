// 2025-06-17's earlier Swift spellings, kept for apps' source: each operation is now named by its operation id
// (request type, client method and endpoint id alike).

extension Contract20250617 {
    /// The earlier name of `PlaceSuggestEditRequest`.
    @available(*, deprecated, renamed: "PlaceSuggestEditRequest")
    public typealias SuggestEditRequest = PlaceSuggestEditRequest

    /// The earlier name of `PlaceFlagRequest`.
    @available(*, deprecated, renamed: "PlaceFlagRequest")
    public typealias SuggestFlagRequest = PlaceFlagRequest

    /// The earlier name of `PlaceSuggestRemoveRequest`.
    @available(*, deprecated, renamed: "PlaceSuggestRemoveRequest")
    public typealias SuggestRemoveRequest = PlaceSuggestRemoveRequest

    /// The earlier name of `PlacesSuggestPlaceRequest`.
    @available(*, deprecated, renamed: "PlacesSuggestPlaceRequest")
    public typealias SuggestPlaceRequest = PlacesSuggestPlaceRequest

    /// The earlier name of `PlaceSuggestStatusRequest`.
    @available(*, deprecated, renamed: "PlaceSuggestStatusRequest")
    public typealias SuggestStatusRequest = PlaceSuggestStatusRequest

    /// The earlier name of `PlaceTopVenueWoesRequest`.
    @available(*, deprecated, renamed: "PlaceTopVenueWoesRequest")
    public typealias SuggestReviewRequest = PlaceTopVenueWoesRequest

    /// The earlier name of `OfflineJobsInitializeRequest`.
    @available(*, deprecated, renamed: "OfflineJobsInitializeRequest")
    public typealias OfflineJobInitializeRequest = OfflineJobsInitializeRequest

    /// The earlier name of `OfflineJobsExecuteRequest`.
    @available(*, deprecated, renamed: "OfflineJobsExecuteRequest")
    public typealias OfflineJobExecuteRequest = OfflineJobsExecuteRequest

    /// The earlier name of `OfflineJobsCredentialsRefreshRequest`.
    @available(*, deprecated, renamed: "OfflineJobsCredentialsRefreshRequest")
    public typealias OfflineJobCredentialsRefreshRequest = OfflineJobsCredentialsRefreshRequest
}

extension EndpointID {
    /// The earlier name of `placeSuggestEdit`.
    @available(*, deprecated, renamed: "placeSuggestEdit")
    public static var suggestEdit: EndpointID { .placeSuggestEdit }

    /// The earlier name of `placeFlag`.
    @available(*, deprecated, renamed: "placeFlag")
    public static var suggestFlag: EndpointID { .placeFlag }

    /// The earlier name of `placeSuggestRemove`.
    @available(*, deprecated, renamed: "placeSuggestRemove")
    public static var suggestRemove: EndpointID { .placeSuggestRemove }

    /// The earlier name of `placesSuggestPlace`.
    @available(*, deprecated, renamed: "placesSuggestPlace")
    public static var suggestPlace: EndpointID { .placesSuggestPlace }

    /// The earlier name of `placeSuggestStatus`.
    @available(*, deprecated, renamed: "placeSuggestStatus")
    public static var suggestStatus: EndpointID { .placeSuggestStatus }

    /// The earlier name of `placeTopVenueWoes`.
    @available(*, deprecated, renamed: "placeTopVenueWoes")
    public static var suggestReview: EndpointID { .placeTopVenueWoes }
}

// Each earlier name needs only its operation's protocol, as the new name does: a version that removed the operation
// has neither.
extension PlacesClient where C: Contract20250617PlaceSuggestEdit {
    /// The earlier name of `placeSuggestEdit(_:)`.
    @available(*, deprecated, renamed: "placeSuggestEdit(_:)")
    public func suggestEdit(_ request: Contract20250617.PlaceSuggestEditRequest) async throws(FoursquareError) -> Contract20250617.SuggestedEdits {
        try await placeSuggestEdit(request)
    }
}

extension PlacesClient where C: Contract20250617PlaceFlag {
    /// The earlier name of `placeFlag(_:)`.
    @available(*, deprecated, renamed: "placeFlag(_:)")
    public func suggestFlag(_ request: Contract20250617.PlaceFlagRequest) async throws(FoursquareError) -> Contract20250617.SuggestedEdits {
        try await placeFlag(request)
    }
}

extension PlacesClient where C: Contract20250617PlaceSuggestRemove {
    /// The earlier name of `placeSuggestRemove(_:)`.
    @available(*, deprecated, renamed: "placeSuggestRemove(_:)")
    public func suggestRemove(_ request: Contract20250617.PlaceSuggestRemoveRequest) async throws(FoursquareError) -> Contract20250617.SuggestedEdits {
        try await placeSuggestRemove(request)
    }
}

extension PlacesClient where C: Contract20250617PlacesSuggestPlace {
    /// The earlier name of `placesSuggestPlace(_:)`.
    @available(*, deprecated, renamed: "placesSuggestPlace(_:)")
    public func suggestPlace(_ request: Contract20250617.PlacesSuggestPlaceRequest) async throws(FoursquareError) -> Contract20250617.PlaceSuggestion {
        try await placesSuggestPlace(request)
    }
}

extension PlacesClient where C: Contract20250617PlaceSuggestStatus {
    /// The earlier name of `placeSuggestStatus(_:)`.
    @available(*, deprecated, renamed: "placeSuggestStatus(_:)")
    public func suggestionStatus(_ request: Contract20250617.PlaceSuggestStatusRequest) async throws(FoursquareError) -> Contract20250617.SuggestedEdits {
        try await placeSuggestStatus(request)
    }
}

extension PlacesClient where C: Contract20250617PlaceTopVenueWoes {
    /// The earlier name of `placeTopVenueWoes(_:)`.
    @available(*, deprecated, renamed: "placeTopVenueWoes(_:)")
    public func suggestionReview(_ request: Contract20250617.PlaceTopVenueWoesRequest) async throws(FoursquareError) -> Contract20250617.ReviewVenues {
        try await placeTopVenueWoes(request)
    }
}

extension PlacesClient where C: Contract20250617GeotaggingConfirm {
    /// The earlier name of `geotaggingConfirm(_:)`.
    @available(*, deprecated, renamed: "geotaggingConfirm(_:)")
    public func confirmGeotagging(_ request: Contract20250617.GeotaggingConfirmRequest) async throws(FoursquareError) -> Contract20250617.GeotaggingConfirmation {
        try await geotaggingConfirm(request)
    }
}

extension PlacesClient where C: Contract20250617OfflineJobsInitialize {
    /// The earlier name of `offlineJobsInitialize(_:)`.
    @available(*, deprecated, renamed: "offlineJobsInitialize(_:)")
    public func initializeOfflineJob(_ request: Contract20250617.OfflineJobsInitializeRequest) async throws(FoursquareError) -> Contract20250617.OfflineJobCredentials {
        try await offlineJobsInitialize(request)
    }
}

extension PlacesClient where C: Contract20250617OfflineJobsExecute {
    /// The earlier name of `offlineJobsExecute(_:)`.
    @available(*, deprecated, renamed: "offlineJobsExecute(_:)")
    public func executeOfflineJob(_ request: Contract20250617.OfflineJobsExecuteRequest) async throws(FoursquareError) -> Contract20250617.OfflineJobExecution {
        try await offlineJobsExecute(request)
    }
}

extension PlacesClient where C: Contract20250617OfflineJobsCredentialsRefresh {
    /// The earlier name of `offlineJobsCredentialsRefresh(_:)`.
    @available(*, deprecated, renamed: "offlineJobsCredentialsRefresh(_:)")
    public func refreshOfflineJobCredentials(_ request: Contract20250617.OfflineJobsCredentialsRefreshRequest) async throws(FoursquareError) -> Contract20250617.OfflineJobCredentials {
        try await offlineJobsCredentialsRefresh(request)
    }
}
