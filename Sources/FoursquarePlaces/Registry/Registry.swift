import Foundation

// The endpoint registry: every endpoint of every contract, declared once — method, path template,
// parameters with their rules, the request type (and through it the response model), and how a
// recorded query becomes that request. The catalog, call plans, drift's model trace, the
// emulator's routing, `list` and the README table all read it.

extension Contract {
    /// The seed spec documents 000–004, both auth styles.
    public static let seed = Contract(
        id: "seed", baseURL: URL(string: "https://places-api.foursquare.com")!, authStyles: [.apiKey, .bearer],
        apiVersion: "2025-06-17",
        endpoints: [
            Endpoint.Seed.placeDetails, Endpoint.Seed.placeTips, Endpoint.Seed.placePhotos,
            Endpoint.Seed.placesAutocomplete, Endpoint.Seed.placeSearch, Endpoint.Seed.geotagging,
            Endpoint.Seed.categories, Endpoint.Seed.chains, Endpoint.Seed.autocomplete,
        ])

    /// The API that serves traffic today: bearer only, with `X-Places-Api-Version: 2025-06-17`.
    public static let v20250617 = Contract(
        id: "2025-06-17", baseURL: URL(string: "https://places-api.foursquare.com")!, authStyles: [.bearer],
        apiVersion: "2025-06-17",
        endpoints: [
            Endpoint.Current.placeSearch, Endpoint.Current.placeDetails, Endpoint.Current.placeTips,
            Endpoint.Current.placePhotos, Endpoint.Current.autocomplete, Endpoint.Current.geotaggingCandidates,
        ])
}

private let limitRule = Endpoint.Rule.integer(ParameterLimits.limit)
private let radiusRule = Endpoint.Rule.integer(ParameterLimits.radius, unit: "meters")

// Each query parameter is one line: its wire name, the property that holds it, and its rule (the value
// type's own when none is written: text, a number, a boolean, a coordinate, a list, an enum's cases).
extension Endpoint {
    /// The seed contract's entries.
    public enum Seed {
        public static let placeDetails = Endpoint(
            .placeDetails, contract: "seed", "/places/{fsq_id}", spec: "000", request: { PlaceDetailsRequest(placeID: $0) },
            [.field("fields", \.fields), .field("session_token", \.sessionToken, .nonEmpty)])

        public static let placeTips = Endpoint(
            .placeTips, contract: "seed", "/places/{fsq_id}/tips", spec: "000", request: { PlaceTipsRequest(placeID: $0) },
            [.field("limit", \.limit, limitRule), .field("sort", \.sort, .nonEmpty), .field("fields", \.fields)])

        public static let placePhotos = Endpoint(
            .placePhotos, contract: "seed", "/places/{fsq_id}/photos", spec: "000", request: { PlacePhotosRequest(placeID: $0) },
            [.field("limit", \.limit, limitRule), .field("sort", \.sort, .nonEmpty), .field("classifications", \.classifications)])

        public static let placesAutocomplete = Endpoint(
            .placesAutocomplete, contract: "seed", "/places/autocomplete", spec: "001",
            request: { _ in PlacesAutocompleteRequest(query: "") },
            [.required("query", \.query, .nonEmpty), .field("ll", \.ll), .field("radius", \.radius, radiusRule),
             .field("types", \.types), .field("limit", \.limit, limitRule)])

        public static let placeSearch = Endpoint(
            .placeSearch, contract: "seed", "/places/search", spec: "001",
            request: { _ in PlaceSearchRequest(location: .near("")) },
            [.field("query", \.query), .location(\.location, radius: radiusRule), .field("categories", \.categories),
             .field("limit", \.limit, limitRule), .field("sort", \.sort, .nonEmpty), .field("fields", \.fields)])

        public static let geotagging = Endpoint(
            .geotagging, contract: "seed", "/places/geotagging", spec: "002",
            request: { _ in GeotaggingRequest(ll: Coordinate(latitude: 0, longitude: 0)) },
            [.required("ll", \.ll), .field("limit", \.limit, limitRule)])

        public static let categories = Endpoint(
            .categories, contract: "seed", "/places/categories", spec: "003", request: { _ in CategoriesRequest() },
            [.field("locale", \.locale, .nonEmpty)])

        public static let chains = Endpoint(
            .chains, contract: "seed", "/places/chains", spec: "003", request: { _ in ChainsRequest(query: "") },
            [.required("query", \.query, .nonEmpty), .field("limit", \.limit, limitRule)])

        public static let autocomplete = Endpoint(
            .autocomplete, contract: "seed", "/autocomplete", spec: "004", request: { _ in AutocompleteRequest(query: "") },
            [.required("query", \.query, .minLength(ParameterLimits.autocompleteMinimumQueryLength)), .field("ll", \.ll),
             .field("radius", \.radius, radiusRule), .field("types", \.types), .field("bias", \.bias),
             .field("session_token", \.sessionToken, .nonEmpty), .field("limit", \.limit, limitRule)])
    }

    /// The 2025-06-17 contract's entries, from Foursquare's OpenAPI document for that version.
    public enum Current {
        private typealias C = Contract20250617
        private static let contract = "2025-06-17"
        private static let spec = "openapi 20250617"

        public static let placeSearch = Endpoint(
            .placeSearch, contract: contract, "/places/search", spec: spec, request: { _ in C.SearchRequest() },
            [.field("query", \.query), .location(\.location, radius: .integer(0...100_000, unit: "meters")),
             .field("fsq_category_ids", \.categoryIDs), .field("fsq_chain_ids", \.chainIDs),
             .field("exclude_fsq_chain_ids", \.excludeChainIDs), .field("exclude_all_chains", \.excludeAllChains),
             .field("min_price", \.minPrice, .integer(1...4)), .field("max_price", \.maxPrice, .integer(1...4)),
             .field("open_now", \.openNow), .field("open_at", \.openAt, .nonEmpty), .field("tel_format", \.telFormat),
             .field("sort", \.sort), .field("limit", \.limit, limitRule), .field("fields", \.fields),
             .field("cursor", \.cursor, .nonEmpty)])

        public static let placeDetails = Endpoint(
            .placeDetails, contract: contract, "/places/{fsq_place_id}", spec: spec, request: { C.PlaceRequest(placeID: $0) },
            [.field("fields", \.fields)])

        public static let placeTips = Endpoint(
            .placeTips, contract: contract, "/places/{fsq_place_id}/tips", spec: spec, request: { C.TipsRequest(placeID: $0) },
            [.field("limit", \.limit, limitRule), .field("fields", \.fields), .field("sort", \.sort),
             .field("cursor", \.cursor, .nonEmpty)])

        public static let placePhotos = Endpoint(
            .placePhotos, contract: contract, "/places/{fsq_place_id}/photos", spec: spec, request: { C.PhotosRequest(placeID: $0) },
            [.field("limit", \.limit, limitRule), .field("sort", \.sort), .field("classifications", \.classifications),
             .field("cursor", \.cursor, .nonEmpty)])

        public static let autocomplete = Endpoint(
            .autocomplete, contract: contract, "/autocomplete", spec: spec, request: { _ in C.AutocompleteRequest(query: "") },
            [.required("query", \.query, .nonEmpty), .field("ll", \.ll), .field("radius", \.radius, radiusRule),
             .field("types", \.types), .field("bias", \.bias), .field("session_token", \.sessionToken, .nonEmpty),
             .field("limit", \.limit, limitRule)])

        public static let geotaggingCandidates = Endpoint(
            .geotaggingCandidates, contract: contract, "/geotagging/candidates", spec: spec,
            request: { _ in C.GeotaggingRequest() },
            [.field("ll", \.ll), .field("hacc", \.hacc), .field("altitude", \.altitude), .field("query", \.query),
             .field("limit", \.limit, limitRule), .field("fields", \.fields)])
    }
}
