import Foundation

// Version 2025-06-17: its id, its contract value, the endpoint ids it added and its type. Its requests and models
// are the other files of this folder; its registry entries are in Contract20250617Operations+Registry.swift.

extension ContractID {
    /// Foursquare's Places API version 2025-06-17.
    public static let v20250617: ContractID = "2025-06-17"
}

extension EndpointID {
    /// `GET /geotagging/candidates`: the places a device is likely at.
    public static let geotaggingCandidates = EndpointID("geotagging-candidates")
    /// `POST /places/{fsq_place_id}/suggest/edit`: propose new values for a place's fields.
    public static let placeSuggestEdit = EndpointID("place-suggest-edit")
    /// `POST /places/{fsq_place_id}/suggest/flag`: report that some of a place's fields are wrong.
    public static let placeFlag = EndpointID("place-flag")
    /// `POST /places/{fsq_place_id}/suggest/remove`: propose removing a place.
    public static let placeSuggestRemove = EndpointID("place-suggest-remove")
    /// `POST /places/{fsq_place_id}/suggest/merge`: propose that places are duplicates.
    public static let suggestMerge = EndpointID("suggest-merge")
    /// `POST /places/suggest/place`: propose a new place.
    public static let placesSuggestPlace = EndpointID("places-suggest-place")
    /// `GET /places/suggest/status`: where the caller's suggestions stand.
    public static let placeSuggestStatus = EndpointID("place-suggest-status")
    /// `GET /places/suggest/review`: places with open problems to review.
    public static let placeTopVenueWoes = EndpointID("place-top-venue-woes")
    /// `POST /geotagging/confirm`: report which candidate the user picked.
    public static let geotaggingConfirm = EndpointID("geotagging-confirm")
    /// `GET /offline-jobs/status`: the status of the caller's offline jobs.
    public static let offlineJobsStatus = EndpointID("offline-jobs-status")
    /// `POST /offline-jobs/initialize`: start an offline job.
    public static let offlineJobsInitialize = EndpointID("offline-jobs-initialize")
    /// `POST /offline-jobs/{fsq_job_id}/execute`: run an offline job.
    public static let offlineJobsExecute = EndpointID("offline-jobs-execute")
    /// `POST /offline-jobs/{fsq_job_id}/credentials/refresh`: renew a job's storage credentials.
    public static let offlineJobsCredentialsRefresh = EndpointID("offline-jobs-credentials-refresh")
}

/// Foursquare's Places API version 2025-06-17; its models and requests are nested here.
public enum Contract20250617: Contract20250617Operations {
    public static var contract: Contract { .v20250617 }
}

extension Contract {
    /// Version 2025-06-17: bearer only, with `X-Places-Api-Version: 2025-06-17`.
    public static let v20250617 = Contract(
        id: .v20250617, baseURL: URL(string: "https://places-api.foursquare.com")!, authStyles: [.bearer],
        apiVersion: "2025-06-17", endpoints: Contract20250617.entries20250617(.v20250617, spec: "openapi 20250617"))
}

// 2025-06-17 follows the seed contract in the line of versions (`Contract.all`).
extension SeedContract { package typealias Successor = Contract20250617 }
extension Contract20250617: ContractLineage {}
