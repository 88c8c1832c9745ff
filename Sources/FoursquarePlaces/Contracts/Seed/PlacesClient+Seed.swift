// The seed contract's operations beyond the six reads every contract has.

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
