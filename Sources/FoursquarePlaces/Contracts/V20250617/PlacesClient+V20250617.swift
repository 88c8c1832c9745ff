import Foundation

// The 2025-06-17 operations beyond the six reads every contract has, each named by its operation id. The writes
// default to a dry run where the API has one (`dryRun: true`); the others (`geotaggingConfirm`, the offline-job
// writes) change data when called. A later version that reuses these operations conforms to
// `Contract20250617Operations` and gets them all.

extension PlacesClient where C: Contract20250617Operations {
    /// `GET /geotagging/candidates`: the places a device is likely at (`geotagging(_:)` in code generic over contracts).
    public func geotaggingCandidates(
        _ request: C.GeotaggingCandidatesRequest
    ) async throws(FoursquareError) -> C.GeotaggingCandidates {
        try await client.send(request)
    }

    /// `POST /places/{fsq_place_id}/suggest/edit`: suggest new values for a place's fields.
    public func placeSuggestEdit(_ request: Contract20250617.PlaceSuggestEditRequest) async throws(FoursquareError) -> Contract20250617.SuggestedEdits {
        try await client.send(request)
    }

    /// `POST /places/{fsq_place_id}/suggest/flag`: report wrong fields of a place.
    public func placeFlag(_ request: Contract20250617.PlaceFlagRequest) async throws(FoursquareError) -> Contract20250617.SuggestedEdits {
        try await client.send(request)
    }

    /// `POST /places/{fsq_place_id}/suggest/remove`: suggest removing a place.
    public func placeSuggestRemove(_ request: Contract20250617.PlaceSuggestRemoveRequest) async throws(FoursquareError) -> Contract20250617.SuggestedEdits {
        try await client.send(request)
    }

    /// `POST /places/{fsq_place_id}/suggest/merge`: suggest that places are duplicates.
    public func suggestMerge(_ request: Contract20250617.SuggestMergeRequest) async throws(FoursquareError) -> Contract20250617.SuggestedEdits {
        try await client.send(request)
    }

    /// `POST /places/suggest/place`: suggest a new place.
    public func placesSuggestPlace(_ request: Contract20250617.PlacesSuggestPlaceRequest) async throws(FoursquareError) -> Contract20250617.PlaceSuggestion {
        try await client.send(request)
    }

    /// `GET /places/suggest/status`: where suggestions stand.
    public func placeSuggestStatus(_ request: Contract20250617.PlaceSuggestStatusRequest) async throws(FoursquareError) -> Contract20250617.SuggestedEdits {
        try await client.send(request)
    }

    /// `GET /places/suggest/review`: places with open problems to review.
    public func placeTopVenueWoes(_ request: Contract20250617.PlaceTopVenueWoesRequest) async throws(FoursquareError) -> Contract20250617.ReviewVenues {
        try await client.send(request)
    }

    /// `POST /geotagging/confirm`: report the candidate the user picked (no dry run).
    public func geotaggingConfirm(_ request: Contract20250617.GeotaggingConfirmRequest) async throws(FoursquareError) -> Contract20250617.GeotaggingConfirmation {
        try await client.send(request)
    }

    /// `GET /offline-jobs/status`: the status of offline jobs.
    public func offlineJobsStatus(_ request: Contract20250617.OfflineJobsStatusRequest) async throws(FoursquareError) -> Contract20250617.OfflineJobStatuses {
        try await client.send(request)
    }

    /// `POST /offline-jobs/initialize`: start a job and get temporary credentials (no dry run).
    public func offlineJobsInitialize(_ request: Contract20250617.OfflineJobsInitializeRequest) async throws(FoursquareError) -> Contract20250617.OfflineJobCredentials {
        try await client.send(request)
    }

    /// `POST /offline-jobs/{fsq_job_id}/execute`: run a job; it is billed (no dry run).
    public func offlineJobsExecute(_ request: Contract20250617.OfflineJobsExecuteRequest) async throws(FoursquareError) -> Contract20250617.OfflineJobExecution {
        try await client.send(request)
    }

    /// `POST /offline-jobs/{fsq_job_id}/credentials/refresh`: new temporary credentials (no dry run).
    public func offlineJobsCredentialsRefresh(
        _ request: Contract20250617.OfflineJobsCredentialsRefreshRequest
    ) async throws(FoursquareError) -> Contract20250617.OfflineJobCredentials {
        try await client.send(request)
    }
}
