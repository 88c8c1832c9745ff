/// A contract whose `GET /autocomplete` takes the same request and answers `{"results": [...]}` of its own
/// suggestion type: the seed contract (spec 004) and every dated version so far. The request and the answer's
/// envelope are declared once (`AutocompleteRequest`, `AutocompleteResponse`); only the suggestion differs.
public protocol AutocompleteContract: PlacesContract, AutocompleteModels
where AutocompleteRequest == FoursquarePlaces.AutocompleteRequest<Self> {}

extension AutocompleteContract {
    /// What `GET /autocomplete` answers in this contract.
    public typealias AutocompleteResponse = FoursquarePlaces.AutocompleteResponse<Self>
}
