import Foundation

extension Contract20250617 {

    /// `sort` on tips and photos.
    public enum MediaSort: String, Sendable, Hashable, CaseIterable, Codable {
        case popular = "POPULAR", newest = "NEWEST"
    }

    /// `sort` on search.
    public enum SearchSort: String, Sendable, Hashable, CaseIterable, Codable {
        case relevance = "RELEVANCE", rating = "RATING", distance = "DISTANCE", popularity = "POPULARITY"
    }

    /// How `tel` is formatted in answers.
    public enum TelFormat: String, Sendable, Hashable, CaseIterable, Codable {
        case national = "NATIONAL", e164 = "E164"
    }

    /// `GET /places/{fsq_place_id}`.
    public struct PlaceRequest: PlaceScopedRequest, Hashable {
        public typealias Response = Place
        public static var endpoint: Endpoint { Endpoint.Current.placeDetails }
        public var placeID: String
        public var fields: [String]?

        public init(placeID: String, fields: [String]? = nil) {
            self.placeID = placeID
            self.fields = fields
        }
    }

    /// `GET /places/{fsq_place_id}/tips`: a top-level array.
    public struct TipsRequest: PlaceScopedRequest, Hashable {
        public typealias Response = [Tip]
        public static var endpoint: Endpoint { Endpoint.Current.placeTips }
        public var placeID: String
        public var limit: Int?
        public var sort: MediaSort?
        public var fields: [String]?
        /// The page to fetch: `nextCursor` of the page before (see `PagedRequest`).
        public var cursor: String?

        public init(placeID: String, limit: Int? = nil, sort: MediaSort? = nil, fields: [String]? = nil, cursor: String? = nil) {
            self.placeID = placeID
            self.limit = limit
            self.sort = sort
            self.fields = fields
            self.cursor = cursor
        }
    }

    /// `GET /places/{fsq_place_id}/photos`: a top-level array.
    public struct PhotosRequest: PlaceScopedRequest, Hashable {
        public typealias Response = [Photo]
        public static var endpoint: Endpoint { Endpoint.Current.placePhotos }
        public var placeID: String
        public var limit: Int?
        public var sort: MediaSort?
        public var classifications: [String]?
        /// The page to fetch: `nextCursor` of the page before (see `PagedRequest`).
        public var cursor: String?

        public init(
            placeID: String, limit: Int? = nil, sort: MediaSort? = nil, classifications: [String]? = nil, cursor: String? = nil
        ) {
            self.placeID = placeID
            self.limit = limit
            self.sort = sort
            self.classifications = classifications
            self.cursor = cursor
        }
    }

    /// `GET /places/search`. Without a location the API searches around the caller's IP address.
    public struct SearchRequest: EndpointRequest, Hashable {
        public typealias Response = SearchResponse
        public static var endpoint: Endpoint { Endpoint.Current.placeSearch }
        public var query: String?
        public var location: SearchLocation?
        public var categoryIDs: [String]?
        public var chainIDs: [String]?
        public var excludeChainIDs: [String]?
        public var excludeAllChains: Bool?
        public var minPrice: Int?
        public var maxPrice: Int?
        public var openNow: Bool?
        /// `DOWTHHMM`, e.g. `1T2130`.
        public var openAt: String?
        public var telFormat: TelFormat?
        public var sort: SearchSort?
        public var limit: Int?
        public var fields: [String]?
        /// The page to fetch: `nextCursor` of the page before (see `PagedRequest`).
        public var cursor: String?

        public init(
            query: String? = nil, location: SearchLocation? = nil, categoryIDs: [String]? = nil,
            chainIDs: [String]? = nil, excludeChainIDs: [String]? = nil, excludeAllChains: Bool? = nil,
            minPrice: Int? = nil, maxPrice: Int? = nil, openNow: Bool? = nil, openAt: String? = nil,
            telFormat: TelFormat? = nil, sort: SearchSort? = nil, limit: Int? = nil, fields: [String]? = nil,
            cursor: String? = nil
        ) {
            self.cursor = cursor
            self.query = query
            self.location = location
            self.categoryIDs = categoryIDs
            self.chainIDs = chainIDs
            self.excludeChainIDs = excludeChainIDs
            self.excludeAllChains = excludeAllChains
            self.minPrice = minPrice
            self.maxPrice = maxPrice
            self.openNow = openNow
            self.openAt = openAt
            self.telFormat = telFormat
            self.sort = sort
            self.limit = limit
            self.fields = fields
        }

        public func validate() throws(FoursquareError) {
            try validateParameters()
            try location?.validate()
            if let minPrice, let maxPrice, minPrice > maxPrice {
                throw .invalidInput("min_price", "\(minPrice) is above max_price \(maxPrice)")
            }
            if openNow == true, openAt != nil { throw .invalidInput("open_at", "cannot be combined with open_now") }
            if excludeAllChains == true, chainIDs != nil || excludeChainIDs != nil {
                throw .invalidInput("exclude_all_chains", "cannot be combined with fsq_chain_ids or exclude_fsq_chain_ids")
            }
        }
    }

    /// `GET /autocomplete`.
    public struct AutocompleteRequest: EndpointRequest, Hashable {
        public typealias Response = AutocompleteResponse
        public static var endpoint: Endpoint { Endpoint.Current.autocomplete }
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

    /// `GET /geotagging/candidates`: the places a device at `ll` is likely at.
    public struct GeotaggingRequest: EndpointRequest, Hashable {
        public typealias Response = GeotaggingCandidates
        public static var endpoint: Endpoint { Endpoint.Current.geotaggingCandidates }
        /// Where the device is; nil lets the API geolocate the caller's IP, as the document says.
        public var ll: Coordinate?
        /// Horizontal accuracy of `ll`, in meters.
        public var hacc: Double?
        public var altitude: Double?
        public var query: String?
        public var limit: Int?
        public var fields: [String]?

        public init(
            ll: Coordinate? = nil, hacc: Double? = nil, altitude: Double? = nil, query: String? = nil,
            limit: Int? = nil, fields: [String]? = nil
        ) {
            self.ll = ll
            self.hacc = hacc
            self.altitude = altitude
            self.query = query
            self.limit = limit
            self.fields = fields
        }
    }
}

extension Contract20250617.MediaSort: QueryEnum {}
extension Contract20250617.SearchSort: QueryEnum {}
extension Contract20250617.TelFormat: QueryEnum {}
