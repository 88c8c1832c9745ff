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

private typealias P = Endpoint.Parameter
private let limit = P("limit", .integer(ParameterLimits.limit))
private let radius = P("radius", .integer(ParameterLimits.radius, unit: "meters"))
private let fields = P("fields", .list)
/// The page token of a paging endpoint: `nextCursor` of the page before.
private let cursor = P("cursor", .nonEmpty)
private let autocompleteTypes = AutocompleteType.allCases.map(\.rawValue)

extension Endpoint {
    /// The seed contract's entries.
    public enum Seed {
        public static let placeDetails = Endpoint(
            .placeDetails, contract: "seed", "/places/{fsq_id}", spec: "000", request: PlaceDetailsRequest.self,
            [fields, P("session_token", .nonEmpty)]
        ) { q throws(ParameterProblem) in
            PlaceDetailsRequest(placeID: q.placeID, fields: q.list("fields"), sessionToken: q.string("session_token"))
        }

        public static let placeTips = Endpoint(
            .placeTips, contract: "seed", "/places/{fsq_id}/tips", spec: "000", request: PlaceTipsRequest.self,
            [limit, P("sort", .nonEmpty), fields]
        ) { q throws(ParameterProblem) in
            PlaceTipsRequest(placeID: q.placeID, limit: try q.int("limit"), sort: q.string("sort"), fields: q.list("fields"))
        }

        public static let placePhotos = Endpoint(
            .placePhotos, contract: "seed", "/places/{fsq_id}/photos", spec: "000", request: PlacePhotosRequest.self,
            [limit, P("sort", .nonEmpty), P("classifications", .list)]
        ) { q throws(ParameterProblem) in
            PlacePhotosRequest(placeID: q.placeID, limit: try q.int("limit"), sort: q.string("sort"),
                               classifications: q.list("classifications"))
        }

        public static let placesAutocomplete = Endpoint(
            .placesAutocomplete, contract: "seed", "/places/autocomplete", spec: "001",
            request: PlacesAutocompleteRequest.self,
            [P("query", .nonEmpty, required: true), P("ll", .coordinate), radius, P("types", .list), limit]
        ) { q throws(ParameterProblem) in
            PlacesAutocompleteRequest(query: try q.required("query"), ll: try q.coordinate("ll"), radius: try q.int("radius"),
                                      types: q.list("types"), limit: try q.int("limit"))
        }

        public static let placeSearch = Endpoint(
            .placeSearch, contract: "seed", "/places/search", spec: "001", request: PlaceSearchRequest.self,
            [P("query"), P("ll", .coordinate), radius, P("near", .nonEmpty), P("ne", .coordinate), P("sw", .coordinate),
             P("categories", .integerList), limit, P("sort", .nonEmpty), fields]
        ) { q throws(ParameterProblem) in
            guard let location = try SearchLocation.read(&q) else {
                throw ParameterProblem("ll/near/ne+sw", "exactly one location strategy is required; none was given")
            }
            return PlaceSearchRequest(query: q.string("query"), location: location, categories: try q.intList("categories"),
                                      limit: try q.int("limit"), sort: q.string("sort"), fields: q.list("fields"))
        }

        public static let geotagging = Endpoint(
            .geotagging, contract: "seed", "/places/geotagging", spec: "002", request: GeotaggingRequest.self,
            [P("ll", .coordinate, required: true), limit]
        ) { q throws(ParameterProblem) in
            guard let ll = try q.coordinate("ll") else { throw ParameterProblem("ll", "is required for geotagging") }
            return GeotaggingRequest(ll: ll, limit: try q.int("limit"))
        }

        public static let categories = Endpoint(
            .categories, contract: "seed", "/places/categories", spec: "003", request: CategoriesRequest.self,
            [P("locale", .nonEmpty)]
        ) { q throws(ParameterProblem) in
            CategoriesRequest(locale: q.string("locale"))
        }

        public static let chains = Endpoint(
            .chains, contract: "seed", "/places/chains", spec: "003", request: ChainsRequest.self,
            [P("query", .nonEmpty, required: true), limit]
        ) { q throws(ParameterProblem) in
            ChainsRequest(query: try q.required("query"), limit: try q.int("limit"))
        }

        public static let autocomplete = Endpoint(
            .autocomplete, contract: "seed", "/autocomplete", spec: "004", request: AutocompleteRequest.self,
            [P("query", .minLength(ParameterLimits.autocompleteMinimumQueryLength), required: true), P("ll", .coordinate),
             radius, P("types", .listOf(autocompleteTypes)), P("bias", .oneOf(autocompleteTypes)),
             P("session_token", .nonEmpty), limit]
        ) { q throws(ParameterProblem) in
            AutocompleteRequest(
                query: try q.required("query"), ll: try q.coordinate("ll"), radius: try q.int("radius"),
                types: try q.values("types", as: AutocompleteType.self), bias: try q.value("bias", as: AutocompleteType.self),
                sessionToken: q.string("session_token"), limit: try q.int("limit"))
        }
    }

    /// The 2025-06-17 contract's entries, from Foursquare's OpenAPI document for that version.
    public enum Current {
        private typealias C = Contract20250617
        private static let contract = "2025-06-17"
        private static let spec = "openapi 20250617"
        private static let sorts = C.MediaSort.allCases.map(\.rawValue)

        public static let placeSearch = Endpoint(
            .placeSearch, contract: contract, "/places/search", spec: spec, request: C.SearchRequest.self,
            [P("query"), P("ll", .coordinate), P("radius", .integer(0...100_000, unit: "meters")), P("near", .nonEmpty),
             P("ne", .coordinate), P("sw", .coordinate), P("fsq_category_ids", .list), P("fsq_chain_ids", .list),
             P("exclude_fsq_chain_ids", .list), P("exclude_all_chains", .boolean),
             P("min_price", .integer(1...4)), P("max_price", .integer(1...4)), P("open_now", .boolean), P("open_at", .nonEmpty),
             P("tel_format", .oneOf(C.TelFormat.allCases.map(\.rawValue))),
             P("sort", .oneOf(C.SearchSort.allCases.map(\.rawValue))), limit, fields, cursor]
        ) { q throws(ParameterProblem) in
            C.SearchRequest(
                query: q.string("query"), location: try SearchLocation.read(&q), categoryIDs: q.list("fsq_category_ids"),
                chainIDs: q.list("fsq_chain_ids"), excludeChainIDs: q.list("exclude_fsq_chain_ids"),
                excludeAllChains: try q.bool("exclude_all_chains"), minPrice: try q.int("min_price"),
                maxPrice: try q.int("max_price"), openNow: try q.bool("open_now"), openAt: q.string("open_at"),
                telFormat: try q.value("tel_format", as: C.TelFormat.self), sort: try q.value("sort", as: C.SearchSort.self),
                limit: try q.int("limit"), fields: q.list("fields"), cursor: q.string("cursor"))
        }

        public static let placeDetails = Endpoint(
            .placeDetails, contract: contract, "/places/{fsq_place_id}", spec: spec, request: C.PlaceRequest.self, [fields]
        ) { q throws(ParameterProblem) in
            C.PlaceRequest(placeID: q.placeID, fields: q.list("fields"))
        }

        public static let placeTips = Endpoint(
            .placeTips, contract: contract, "/places/{fsq_place_id}/tips", spec: spec, request: C.TipsRequest.self,
            [limit, fields, P("sort", .oneOf(sorts)), cursor]
        ) { q throws(ParameterProblem) in
            C.TipsRequest(placeID: q.placeID, limit: try q.int("limit"), sort: try q.value("sort", as: C.MediaSort.self),
                          fields: q.list("fields"), cursor: q.string("cursor"))
        }

        public static let placePhotos = Endpoint(
            .placePhotos, contract: contract, "/places/{fsq_place_id}/photos", spec: spec, request: C.PhotosRequest.self,
            [limit, P("sort", .oneOf(sorts)), P("classifications", .list), cursor]
        ) { q throws(ParameterProblem) in
            C.PhotosRequest(placeID: q.placeID, limit: try q.int("limit"), sort: try q.value("sort", as: C.MediaSort.self),
                            classifications: q.list("classifications"), cursor: q.string("cursor"))
        }

        public static let autocomplete = Endpoint(
            .autocomplete, contract: contract, "/autocomplete", spec: spec, request: C.AutocompleteRequest.self,
            [P("query", .nonEmpty, required: true), P("ll", .coordinate), radius, P("types", .listOf(autocompleteTypes)),
             P("bias", .oneOf(autocompleteTypes)), P("session_token", .nonEmpty), limit]
        ) { q throws(ParameterProblem) in
            C.AutocompleteRequest(
                query: try q.required("query"), ll: try q.coordinate("ll"), radius: try q.int("radius"),
                types: try q.values("types", as: AutocompleteType.self), bias: try q.value("bias", as: AutocompleteType.self),
                sessionToken: q.string("session_token"), limit: try q.int("limit"))
        }

        public static let geotaggingCandidates = Endpoint(
            .geotaggingCandidates, contract: contract, "/geotagging/candidates", spec: spec, request: C.GeotaggingRequest.self,
            [P("ll", .coordinate), P("hacc", .number), P("altitude", .number), P("query"), limit, fields]
        ) { q throws(ParameterProblem) in
            C.GeotaggingRequest(ll: try q.coordinate("ll"), hacc: try q.double("hacc"), altitude: try q.double("altitude"),
                                query: q.string("query"), limit: try q.int("limit"), fields: q.list("fields"))
        }
    }
}
