import Foundation

// The seed contract (spec documents 000-004): its id, its registry entries, its endpoint ids and its type.
// Its requests and models are in SeedContract+Requests.swift and SeedContract+Models.swift.

extension ContractID {
    /// The contract of the seed spec documents 000–004.
    public static let seed: ContractID = "seed"
}

extension EndpointID {
    /// `GET /places/{fsq_id}` (seed) and `GET /places/{fsq_place_id}` (2025-06-17): one place's details.
    public static let placeDetails = EndpointID("place-details")
    /// `GET /places/{id}/tips`: a place's tips.
    public static let placeTips = EndpointID("place-tips")
    /// `GET /places/{id}/photos`: a place's photos.
    public static let placePhotos = EndpointID("place-photos")
    /// `GET /places/autocomplete` (seed): place candidates for partial text.
    public static let placesAutocomplete = EndpointID("places-autocomplete")
    /// `GET /places/search`: places matching a query and location.
    public static let placeSearch = EndpointID("place-search")
    /// `GET /places/geotagging` (seed): the places a device is likely at.
    public static let geotagging = EndpointID("geotagging")
    /// `GET /places/categories` (seed): the category taxonomy.
    public static let categories = EndpointID("categories")
    /// `GET /places/chains` (seed): chains matching a name.
    public static let chains = EndpointID("chains")
    /// `GET /autocomplete`: typed suggestions (places, searches, geos).
    public static let autocomplete = EndpointID("autocomplete")
}

/// The contract of the seed spec documents 000–004.
public enum SeedContract: RawKeyContract, AutocompleteContract, ContractLineage {
    public static var contract: Contract { .seed }
}

extension Contract {
    /// The seed spec documents 000–004, both auth styles.
    public static let seed = Contract(
        id: .seed, baseURL: URL(string: "https://places-api.foursquare.com")!, authStyles: [.apiKey, .bearer],
        apiVersion: "2025-06-17",
        endpoints: [
            Endpoint.Seed.placeDetails, Endpoint.Seed.placeTips, Endpoint.Seed.placePhotos,
            Endpoint.Seed.placesAutocomplete, Endpoint.Seed.placeSearch, Endpoint.Seed.geotagging,
            Endpoint.Seed.categories, Endpoint.Seed.chains, Endpoint.Seed.autocomplete,
        ])
}

private let limitRule = Endpoint.Rule.integer(ParameterLimits.limit)
private let radiusRule = Endpoint.Rule.integer(ParameterLimits.radius, unit: "meters")

// Each query parameter is one line: its wire name, the property that holds it, and its rule (the value
// type's own when none is written), with `source: .assumption` where the document does not state the rule
// (seed specs 000-003 give `limit` no bounds). See `Endpoint.refusingRule`.
extension Endpoint {
    /// The seed contract's entries.
    package enum Seed {
        /// `GET /places/{fsq_id}` (spec 000).
        package static let placeDetails = Endpoint(
            .placeDetails, contract: .seed, "/places/{fsq_id}", spec: "000", request: { SeedContract.PlaceDetailsRequest(placeID: $0) },
            [.projection("fields", \.fields, keeping: "fsq_id"), .field("session_token", \.sessionToken, .nonEmpty)])

        /// `GET /places/{fsq_id}/tips` (spec 000).
        package static let placeTips = Endpoint(
            .placeTips, contract: .seed, "/places/{fsq_id}/tips", spec: "000", request: { SeedContract.PlaceTipsRequest(placeID: $0) },
            [.field("limit", \.limit, limitRule, source: .assumption), .field("sort", \.sort, .nonEmpty), .projection("fields", \.fields, keeping: "id")])

        /// `GET /places/{fsq_id}/photos` (spec 000).
        package static let placePhotos = Endpoint(
            .placePhotos, contract: .seed, "/places/{fsq_id}/photos", spec: "000", request: { SeedContract.PlacePhotosRequest(placeID: $0) },
            [.field("limit", \.limit, limitRule, source: .assumption), .field("sort", \.sort, .nonEmpty), .field("classifications", \.classifications)])

        /// `GET /places/autocomplete` (spec 001).
        package static let placesAutocomplete = Endpoint(
            .placesAutocomplete, contract: .seed, "/places/autocomplete", spec: "001",
            request: { _ in SeedContract.PlacesAutocompleteRequest(query: "") },
            [.required("query", \.query, .nonEmpty), .field("ll", \.ll), .field("radius", \.radius, radiusRule),
             .field("types", \.types), .field("limit", \.limit, limitRule, source: .assumption)])

        /// `GET /places/search` (spec 001).
        package static let placeSearch = Endpoint(
            .placeSearch, contract: .seed, "/places/search", spec: "001",
            request: { _ in SeedContract.PlaceSearchRequest(location: .near("")) },
            [.field("query", \.query), .location(\.location, radius: radiusRule), .field("categories", \.categories),
             .field("limit", \.limit, limitRule, source: .assumption), .field("sort", \.sort, .nonEmpty),
             .projection("fields", \.fields, keeping: "fsq_id")])

        /// `GET /places/geotagging` (spec 002).
        package static let geotagging = Endpoint(
            .geotagging, contract: .seed, "/places/geotagging", spec: "002",
            request: { _ in SeedContract.GeotaggingRequest(ll: Coordinate(latitude: 0, longitude: 0)) },
            [.required("ll", \.ll), .field("limit", \.limit, limitRule, source: .assumption)])

        /// `GET /places/categories` (spec 003).
        package static let categories = Endpoint(
            .categories, contract: .seed, "/places/categories", spec: "003", request: { _ in SeedContract.CategoriesRequest() },
            [.field("locale", \.locale, .nonEmpty)])

        /// `GET /places/chains` (spec 003).
        package static let chains = Endpoint(
            .chains, contract: .seed, "/places/chains", spec: "003", request: { _ in SeedContract.ChainsRequest(query: "") },
            [.required("query", \.query, .nonEmpty), .field("limit", \.limit, limitRule, source: .assumption)])

        /// `GET /autocomplete` (spec 004).
        package static let autocomplete = Endpoint(
            .autocomplete, contract: .seed, "/autocomplete", spec: "004", request: { _ in SeedContract.AutocompleteRequest(query: "") },
            [.required("query", \.query, .minLength(ParameterLimits.autocompleteMinimumQueryLength)), .field("ll", \.ll),
             .field("radius", \.radius, radiusRule), .field("types", \.types), .field("bias", \.bias),
             .field("session_token", \.sessionToken, .nonEmpty), .field("limit", \.limit, limitRule)])
    }
}

// Every request type of the seed contract; OneClientTests.everyRegisteredRequestTypeBelongsToItsContract checks that none is missing.
extension SeedContract.PlaceDetailsRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.PlaceTipsRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.PlacePhotosRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.PlacesAutocompleteRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.PlaceSearchRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.GeotaggingRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.CategoriesRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.ChainsRequest: ContractRequest { public typealias APIContract = SeedContract }
