import Foundation

// The 2025-06-17 operations beyond the six reads every contract has. The writes default to a dry run where the
// API has one (`dryRun: true`); the others (`confirmGeotagging`, the offline-job writes) change data when called.

extension PlacesClient where C == Contract20250617 {
    /// `POST /places/{fsq_place_id}/suggest/edit`: suggest new values for a place's fields.
    public func suggestEdit(_ request: C.SuggestEditRequest) async throws(FoursquareError) -> C.SuggestedEdits {
        try await client.send(request)
    }

    /// `POST /places/{fsq_place_id}/suggest/flag`: report wrong fields of a place.
    public func suggestFlag(_ request: C.SuggestFlagRequest) async throws(FoursquareError) -> C.SuggestedEdits {
        try await client.send(request)
    }

    /// `POST /places/{fsq_place_id}/suggest/remove`: suggest removing a place.
    public func suggestRemove(_ request: C.SuggestRemoveRequest) async throws(FoursquareError) -> C.SuggestedEdits {
        try await client.send(request)
    }

    /// `POST /places/{fsq_place_id}/suggest/merge`: suggest that places are duplicates.
    public func suggestMerge(_ request: C.SuggestMergeRequest) async throws(FoursquareError) -> C.SuggestedEdits {
        try await client.send(request)
    }

    /// `POST /places/suggest/place`: suggest a new place.
    public func suggestPlace(_ request: C.SuggestPlaceRequest) async throws(FoursquareError) -> C.PlaceSuggestion {
        try await client.send(request)
    }

    /// `GET /places/suggest/status`: where suggestions stand.
    public func suggestionStatus(_ request: C.SuggestStatusRequest) async throws(FoursquareError) -> C.SuggestedEdits {
        try await client.send(request)
    }

    /// `GET /places/suggest/review`: places with open problems to review.
    public func suggestionReview(_ request: C.SuggestReviewRequest) async throws(FoursquareError) -> C.ReviewVenues {
        try await client.send(request)
    }

    /// `POST /geotagging/confirm`: report the candidate the user picked (no dry run).
    public func confirmGeotagging(_ request: C.GeotaggingConfirmRequest) async throws(FoursquareError) -> C.GeotaggingConfirmation {
        try await client.send(request)
    }

    /// `GET /offline-jobs/status`: the status of offline jobs.
    public func offlineJobsStatus(_ request: C.OfflineJobsStatusRequest) async throws(FoursquareError) -> C.OfflineJobStatuses {
        try await client.send(request)
    }

    /// `POST /offline-jobs/initialize`: start a job and get temporary credentials (no dry run).
    public func initializeOfflineJob(_ request: C.OfflineJobInitializeRequest) async throws(FoursquareError) -> C.OfflineJobCredentials {
        try await client.send(request)
    }

    /// `POST /offline-jobs/{fsq_job_id}/execute`: run a job; it is billed (no dry run).
    public func executeOfflineJob(_ request: C.OfflineJobExecuteRequest) async throws(FoursquareError) -> C.OfflineJobExecution {
        try await client.send(request)
    }

    /// `POST /offline-jobs/{fsq_job_id}/credentials/refresh`: new temporary credentials (no dry run).
    public func refreshOfflineJobCredentials(
        _ request: C.OfflineJobCredentialsRefreshRequest
    ) async throws(FoursquareError) -> C.OfflineJobCredentials {
        try await client.send(request)
    }
}
