import Foundation

// The seed contract's requests live under its name, beside its models.
extension SeedContract {
    /// `GET /places/{fsq_id}` (spec 000).
    public struct PlaceDetailsRequest: PlaceScopedRequest, Hashable {
        public typealias Response = PlaceDetails
        public static var endpointID: EndpointID { .placeDetails }
        public var placeID: String
        /// The answer fields to return (`fields`); nil returns the API's default set.
        public var fields: [String]?
        /// Groups this lookup with the autocomplete calls before it (`session_token`).
        public var sessionToken: String?

        /// A request for the place `placeID`, optionally projected to `fields`.
        public init(placeID: String, fields: [String]? = nil, sessionToken: String? = nil) {
            self.placeID = placeID
            self.fields = fields
            self.sessionToken = sessionToken
        }
    }

    /// `GET /places/{fsq_id}/tips` (spec 000).
    public struct PlaceTipsRequest: PlaceScopedRequest, Hashable {
        public typealias Response = ResultsPage<Tip>
        public static var endpointID: EndpointID { .placeTips }
        public var placeID: String
        /// How many tips to return (`limit`), 1...50; nil leaves the API's default.
        public var limit: Int?
        /// The order of the tips (`sort`), sent as written; nil leaves the API's default.
        public var sort: String?
        /// The tip fields to return (`fields`); nil returns the API's default set.
        public var fields: [String]?

        /// A request for the tips of `placeID`.
        public init(placeID: String, limit: Int? = nil, sort: String? = nil, fields: [String]? = nil) {
            self.placeID = placeID
            self.limit = limit
            self.sort = sort
            self.fields = fields
        }
    }

    /// `GET /places/{fsq_id}/photos` (spec 000).
    public struct PlacePhotosRequest: PlaceScopedRequest, Hashable {
        public typealias Response = ResultsPage<PlacePhoto>
        public static var endpointID: EndpointID { .placePhotos }
        public var placeID: String
        /// How many photos to return (`limit`), 1...50; nil leaves the API's default.
        public var limit: Int?
        /// The order of the photos (`sort`), sent as written; nil leaves the API's default.
        public var sort: String?
        /// Photo kinds to return (`classifications`), e.g. `food_or_drink`, `outdoor`; nil returns all.
        public var classifications: [String]?

        /// A request for the photos of `placeID`.
        public init(placeID: String, limit: Int? = nil, sort: String? = nil, classifications: [String]? = nil) {
            self.placeID = placeID
            self.limit = limit
            self.sort = sort
            self.classifications = classifications
        }
    }

    /// `GET /places/autocomplete` (spec 001): place candidates for partial text.
    public struct PlacesAutocompleteRequest: EndpointRequest, Hashable {
        public typealias Response = ResultsPage<PlaceCandidate>
        public static var endpointID: EndpointID { .placesAutocomplete }
        /// The text typed so far (`query`, required, not empty).
        public var query: String
        /// The point to rank candidates around (`ll`).
        public var ll: Coordinate?
        /// How far from `ll` to look (`radius`), in meters, 1...100000.
        public var radius: Int?
        /// The kinds of candidate to return (`types`); nil returns every kind.
        public var types: [String]?
        /// How many candidates to return (`limit`), 1...50; nil leaves the API's default.
        public var limit: Int?

        /// Candidates for the partial text `query`; the other filters are optional.
        public init(query: String, ll: Coordinate? = nil, radius: Int? = nil, types: [String]? = nil, limit: Int? = nil) {
            self.query = query
            self.ll = ll
            self.radius = radius
            self.types = types
            self.limit = limit
        }
    }

    /// `GET /places/search` (spec 001). The seed contract needs a location strategy.
    public struct PlaceSearchRequest: EndpointRequest, Hashable {
        public typealias Response = ResultsPage<PlaceCandidate>
        public static var endpointID: EndpointID { .placeSearch }
        /// Free text matched against names, categories and tastes (`query`).
        public var query: String?
        /// Where to search: a point and radius, a named locality, or a box (required in the seed contract).
        public var location: SearchLocation
        /// Integer category ids (seed); 2025-06-17 uses string `fsq_category_ids`.
        public var categories: [Int]?
        /// How many places to return (`limit`), 1...50; nil leaves the API's default.
        public var limit: Int?
        /// The order of the results (`sort`), sent as written; nil leaves the API's default.
        public var sort: String?
        /// The place fields to return (`fields`); nil returns the API's default set.
        public var fields: [String]?

        /// A search at `location`; the other filters are optional.
        public init(
            query: String? = nil, location: SearchLocation, categories: [Int]? = nil, limit: Int? = nil,
            sort: String? = nil, fields: [String]? = nil
        ) {
            self.query = query
            self.location = location
            self.categories = categories
            self.limit = limit
            self.sort = sort
            self.fields = fields
        }

        public func validate() throws(FoursquareError) {
            try validateParameters()
            try location.validate()
        }
    }

    /// `GET /places/geotagging` (spec 002): the places a user is likely at.
    public struct GeotaggingRequest: EndpointRequest, Hashable {
        public typealias Response = ResultsPage<PlaceCandidate>
        public static var endpointID: EndpointID { .geotagging }
        /// Where the device is (`ll`, required).
        public var ll: Coordinate
        /// How many candidates to return (`limit`), 1...50; nil leaves the API's default.
        public var limit: Int?

        /// Candidates for a device at `ll`.
        public init(ll: Coordinate, limit: Int? = nil) {
            self.ll = ll
            self.limit = limit
        }
    }

    /// `GET /places/categories` (spec 003): the category taxonomy.
    public struct CategoriesRequest: EndpointRequest, Hashable {
        public typealias Response = ResultsPage<CategoryNode>
        public static var endpointID: EndpointID { .categories }
        /// The language of the category names (`locale`), e.g. `en` or `fr`; nil leaves the API's default.
        public var locale: String?

        /// The category taxonomy in `locale`.
        public init(locale: String? = nil) { self.locale = locale }
    }

    /// `GET /places/chains` (spec 003): chains matching a name.
    public struct ChainsRequest: EndpointRequest, Hashable {
        public typealias Response = ResultsPage<Chain>
        public static var endpointID: EndpointID { .chains }
        /// The chain name to match (`query`, required, not empty).
        public var query: String
        /// How many chains to return (`limit`), 1...50; nil leaves the API's default.
        public var limit: Int?

        /// Chains whose name matches `query`.
        public init(query: String, limit: Int? = nil) {
            self.query = query
            self.limit = limit
        }
    }
}
