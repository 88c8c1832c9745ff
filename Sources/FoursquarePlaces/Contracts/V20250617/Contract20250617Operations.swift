/// A contract that serves every 2025-06-17 operation in its 2025-06-17 shape: 2025-06-17 itself, and a later version
/// that keeps them. `PlacesClient`'s 2025-06-17 operations are available on each, and its registry entries come from
/// `entries20250617(_:spec:)`.
///
/// The reads answer in the contract's own models (`Contract20250617Models`).
public protocol Contract20250617Operations: Contract20250617Models, AutocompleteContract
where PlaceDetailsRequest == FoursquarePlaces.PlaceDetailsRequest<Self>,
      PlaceTipsRequest == FoursquarePlaces.PlaceTipsRequest<Self>,
      PlacePhotosRequest == FoursquarePlaces.PlacePhotosRequest<Self>,
      PlaceSearchRequest == FoursquarePlaces.PlaceSearchRequest<Self>,
      GeotaggingRequest == FoursquarePlaces.GeotaggingCandidatesRequest<Self>,
      AutocompleteResult == FoursquarePlaces.AutocompleteResult<Self> {}

extension Contract20250617Operations {
    /// `GET /geotagging/candidates` in this contract (its `GeotaggingRequest`).
    public typealias GeotaggingCandidatesRequest = FoursquarePlaces.GeotaggingCandidatesRequest<Self>
    /// What `/places/search` answers in this contract.
    public typealias SearchResponse = FoursquarePlaces.SearchResponse<Self>
    /// What `/geotagging/candidates` answers in this contract.
    public typealias GeotaggingCandidates = FoursquarePlaces.GeotaggingCandidates<Self>
}
