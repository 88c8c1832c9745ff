import Foundation

// The reads 2025-06-17 added or reshaped, each generic over the contract that serves it (2025-06-17, or a later
// version that keeps the shape), so that its answer is that contract's model: `Contract20250617.PlaceSearchRequest`
// is `PlaceSearchRequest<Contract20250617>`.

extension Contract20250617 {
    /// `sort` on tips and photos.
    public enum MediaSort: String, Sendable, Hashable, CaseIterable, Codable {
        /// `POPULAR` (the API's default): by popularity among Foursquare users; `NEWEST`: the most recently added first.
        case popular = "POPULAR", newest = "NEWEST"
    }

    /// `sort` on search.
    public enum SearchSort: String, Sendable, Hashable, CaseIterable, Codable {
        /// `RELEVANCE` (the API's default), `RATING`, `DISTANCE` from the search point, or `POPULARITY`.
        case relevance = "RELEVANCE", rating = "RATING", distance = "DISTANCE", popularity = "POPULARITY"
    }

    /// How `tel` is formatted in answers.
    public enum TelFormat: String, Sendable, Hashable, CaseIterable, Codable {
        /// `NATIONAL`: as dialled inside the country; `E164`: international, e.g. `+12125551234`.
        case national = "NATIONAL", e164 = "E164"
    }
}

/// `GET /places/{fsq_place_id}` as contract `C` serves it (2025-06-17's shape), answering `C.Place`.
public struct PlaceDetailsRequest<C: Contract20250617Models & PlacesContract>: PlaceScopedRequest, Hashable {
    public typealias Response = C.Place
    public static var endpointID: EndpointID { .placeDetails }
    public var placeID: String
    /// The answer fields to return (`fields`); nil returns the API's default set. `fsq_place_id` is always sent.
    public var fields: [String]?

    /// A request for the place `placeID`, optionally projected to `fields`.
    public init(placeID: String, fields: [String]? = nil) {
        self.placeID = placeID
        self.fields = fields
    }
}

/// `GET /places/{fsq_place_id}/tips` as contract `C` serves it: a top-level array of `C.Tip`.
public struct PlaceTipsRequest<C: Contract20250617Models & PlacesContract>: PlaceScopedRequest, Hashable {
    public typealias Response = [C.Tip]
    public static var endpointID: EndpointID { .placeTips }
    public var placeID: String
    /// How many tips per page (`limit`), 1...50; nil leaves the API's default.
    public var limit: Int?
    /// The order of the tips (`sort`); nil leaves the API's default.
    public var sort: Contract20250617.MediaSort?
    /// The tip fields to return (`fields`); nil returns the API's default set. `fsq_tip_id` is always sent.
    public var fields: [String]?
    /// The page to fetch: `nextCursor` of the page before (see `PagedRequest`).
    public var cursor: String?

    /// A request for the tips of `placeID`; `cursor` fetches a later page.
    public init(placeID: String, limit: Int? = nil, sort: Contract20250617.MediaSort? = nil, fields: [String]? = nil, cursor: String? = nil) {
        self.placeID = placeID
        self.limit = limit
        self.sort = sort
        self.fields = fields
        self.cursor = cursor
    }
}

/// `GET /places/{fsq_place_id}/photos` as contract `C` serves it: a top-level array of `C.Photo`.
public struct PlacePhotosRequest<C: Contract20250617Models & PlacesContract>: PlaceScopedRequest, Hashable {
    public typealias Response = [C.Photo]
    public static var endpointID: EndpointID { .placePhotos }
    public var placeID: String
    /// How many photos per page (`limit`), 1...50; nil leaves the API's default.
    public var limit: Int?
    /// The order of the photos (`sort`); nil leaves the API's default.
    public var sort: Contract20250617.MediaSort?
    /// Photo kinds to return (`classifications`), e.g. `food_or_drink`, `outdoor`; nil returns all.
    public var classifications: [String]?
    /// The page to fetch: `nextCursor` of the page before (see `PagedRequest`).
    public var cursor: String?

    /// A request for the photos of `placeID`; `cursor` fetches a later page.
    public init(
        placeID: String, limit: Int? = nil, sort: Contract20250617.MediaSort? = nil, classifications: [String]? = nil, cursor: String? = nil
    ) {
        self.placeID = placeID
        self.limit = limit
        self.sort = sort
        self.classifications = classifications
        self.cursor = cursor
    }
}

/// `GET /places/search` as contract `C` serves it. Without a location the API searches around the caller's IP address.
public struct PlaceSearchRequest<C: Contract20250617Models & PlacesContract>: EndpointRequest, Hashable {
    public typealias Response = SearchResponse<C>
    public static var endpointID: EndpointID { .placeSearch }
    /// Free text matched against names, categories and tastes (`query`).
    public var query: String?
    /// Where to search: a point and radius, a named locality, or a box; nil searches around the caller's IP address.
    public var location: SearchLocation?
    /// Only places in these categories (`fsq_category_ids`).
    public var categoryIDs: [String]?
    /// Only places of these chains (`fsq_chain_ids`).
    public var chainIDs: [String]?
    /// Leave out places of these chains (`exclude_fsq_chain_ids`).
    public var excludeChainIDs: [String]?
    /// When true, leave out every place that belongs to a chain (`exclude_all_chains`).
    public var excludeAllChains: Bool?
    /// The lowest price tier to include (`min_price`), 1 (cheapest) to 4.
    public var minPrice: Int?
    /// The highest price tier to include (`max_price`), 1 (cheapest) to 4.
    public var maxPrice: Int?
    /// When true, only places open at the time of the call (`open_now`).
    public var openNow: Bool?
    /// `DOWTHHMM`, e.g. `1T2130`.
    public var openAt: String?
    /// How phone numbers are formatted in the answer (`tel_format`).
    public var telFormat: Contract20250617.TelFormat?
    /// The order of the results (`sort`); nil leaves the API's default, relevance.
    public var sort: Contract20250617.SearchSort?
    /// How many places per page (`limit`), 1...50; nil leaves the API's default.
    public var limit: Int?
    /// The place fields to return (`fields`); nil returns the API's default set. `fsq_place_id` is always sent.
    public var fields: [String]?
    /// The page to fetch: `nextCursor` of the page before (see `PagedRequest`).
    public var cursor: String?

    /// A search with the given filters; every one is optional, and `cursor` fetches a later page.
    public init(
        query: String? = nil, location: SearchLocation? = nil, categoryIDs: [String]? = nil,
        chainIDs: [String]? = nil, excludeChainIDs: [String]? = nil, excludeAllChains: Bool? = nil,
        minPrice: Int? = nil, maxPrice: Int? = nil, openNow: Bool? = nil, openAt: String? = nil,
        telFormat: Contract20250617.TelFormat? = nil, sort: Contract20250617.SearchSort? = nil, limit: Int? = nil, fields: [String]? = nil,
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

/// `GET /geotagging/candidates` as contract `C` serves it: the places a device at `ll` is likely at.
public struct GeotaggingCandidatesRequest<C: Contract20250617Models & PlacesContract>: EndpointRequest, Hashable {
    public typealias Response = GeotaggingCandidates<C>
    public static var endpointID: EndpointID { .geotaggingCandidates }
    /// Where the device is; nil lets the API geolocate the caller's IP, as the document says.
    public var ll: Coordinate?
    /// Horizontal accuracy of `ll`, in meters.
    public var hacc: Double?
    /// The device's altitude (`altitude`), in meters.
    public var altitude: Double?
    /// Text that narrows the candidates, e.g. a name the user typed (`query`).
    public var query: String?
    /// How many candidates to return (`limit`), 1...50; nil leaves the API's default.
    public var limit: Int?
    /// The place fields to return (`fields`); nil returns the API's default set. `fsq_place_id` is always sent.
    public var fields: [String]?

    /// Candidates for a device at `ll`; every field is optional.
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

extension Contract20250617.MediaSort: QueryEnum {}
extension Contract20250617.SearchSort: QueryEnum {}
extension Contract20250617.TelFormat: QueryEnum {}

// The reads belong to the contract that serves them (`C`), so a later version's reads are its own; three of them page.
// Every registered request type belongs to its contract: OneClientTests.everyRegisteredRequestTypeBelongsToItsContract.
extension PlaceDetailsRequest: ContractRequest { public typealias APIContract = C }
extension PlaceTipsRequest: ContractRequest { public typealias APIContract = C }
extension PlacePhotosRequest: ContractRequest { public typealias APIContract = C }
extension PlaceSearchRequest: ContractRequest { public typealias APIContract = C }
extension GeotaggingCandidatesRequest: ContractRequest { public typealias APIContract = C }
extension PlaceSearchRequest: PagedRequest {}
extension PlaceTipsRequest: PagedRequest {}
extension PlacePhotosRequest: PagedRequest {}
