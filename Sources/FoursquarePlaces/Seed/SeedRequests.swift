import Foundation

/// `GET /places/{fsq_id}` (spec 000).
public struct PlaceDetailsRequest: PlaceScopedRequest, Hashable {
    public typealias Response = PlaceDetails
    public static var endpoint: Endpoint { Endpoint.Seed.placeDetails }
    public var placeID: String
    public var fields: [String]?
    public var sessionToken: String?

    public init(placeID: String, fields: [String]? = nil, sessionToken: String? = nil) {
        self.placeID = placeID
        self.fields = fields
        self.sessionToken = sessionToken
    }
}

/// `GET /places/{fsq_id}/tips` (spec 000).
public struct PlaceTipsRequest: PlaceScopedRequest, Hashable {
    public typealias Response = ResultsPage<Tip>
    public static var endpoint: Endpoint { Endpoint.Seed.placeTips }
    public var placeID: String
    public var limit: Int?
    public var sort: String?
    public var fields: [String]?

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
    public static var endpoint: Endpoint { Endpoint.Seed.placePhotos }
    public var placeID: String
    public var limit: Int?
    public var sort: String?
    public var classifications: [String]?

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
    public static var endpoint: Endpoint { Endpoint.Seed.placesAutocomplete }
    public var query: String
    public var ll: Coordinate?
    public var radius: Int?
    public var types: [String]?
    public var limit: Int?

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
    public static var endpoint: Endpoint { Endpoint.Seed.placeSearch }
    public var query: String?
    public var location: SearchLocation
    /// Integer category ids (seed); today's contract uses string `fsq_category_ids`.
    public var categories: [Int]?
    public var limit: Int?
    public var sort: String?
    public var fields: [String]?

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
    public static var endpoint: Endpoint { Endpoint.Seed.geotagging }
    public var ll: Coordinate
    public var limit: Int?

    public init(ll: Coordinate, limit: Int? = nil) {
        self.ll = ll
        self.limit = limit
    }
}

/// `GET /places/categories` (spec 003): the category taxonomy.
public struct CategoriesRequest: EndpointRequest, Hashable {
    public typealias Response = ResultsPage<CategoryNode>
    public static var endpoint: Endpoint { Endpoint.Seed.categories }
    public var locale: String?

    public init(locale: String? = nil) { self.locale = locale }
}

/// `GET /places/chains` (spec 003): chains matching a name.
public struct ChainsRequest: EndpointRequest, Hashable {
    public typealias Response = ResultsPage<Chain>
    public static var endpoint: Endpoint { Endpoint.Seed.chains }
    public var query: String
    public var limit: Int?

    public init(query: String, limit: Int? = nil) {
        self.query = query
        self.limit = limit
    }
}

/// `GET /autocomplete` (spec 004): typed suggestions (places, searches, geos).
public struct AutocompleteRequest: EndpointRequest, Hashable {
    public typealias Response = AutocompleteResponse
    public static var endpoint: Endpoint { Endpoint.Seed.autocomplete }
    public var query: String
    public var ll: Coordinate?
    public var radius: Int?
    public var types: [AutocompleteType]?
    public var bias: AutocompleteType?
    public var sessionToken: String?
    public var limit: Int?

    public init(
        query: String, ll: Coordinate? = nil, radius: Int? = nil, types: [AutocompleteType]? = nil,
        bias: AutocompleteType? = nil, sessionToken: String? = nil, limit: Int? = nil
    ) {
        self.query = query
        self.ll = ll
        self.radius = radius
        self.types = types
        self.bias = bias
        self.sessionToken = sessionToken
        self.limit = limit
    }
}
