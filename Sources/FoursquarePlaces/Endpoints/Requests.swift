import Foundation

/// A typed call to one endpoint: its parameters, how they validate, and what a 2xx decodes into.
public protocol EndpointRequest: Sendable {
    associatedtype Response: Decodable & Sendable
    static var endpointID: EndpointID { get }
    /// Throws `invalidInput` for anything the API would reject or the URL could not carry.
    func validate() throws(FoursquareError)
    /// The percent-encoded path.
    func path() throws(FoursquareError) -> String
    /// Query parameters in a stable order, values not yet percent-encoded.
    func queryItems() -> [(name: String, value: String)]
}

/// Limits the client enforces before sending; the README explains each choice.
public enum ParameterLimits {
    public static let limit = 1...50
    public static let radius = 1...100_000
    public static let autocompleteMinimumQueryLength = 3
}

/// The values `types` and `bias` accept on `/autocomplete`. Document 004's table lists
/// place, search and geo; its example's `category`, `brand` and `proximity` are not accepted.
public enum AutocompleteType: String, Sendable, Hashable, CaseIterable, Codable {
    case place, search, geo
}

enum Validate {
    static func placeID(_ id: String) throws(FoursquareError) -> String {
        let trimmed = id.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidInput("fsq_id", "is empty") }
        guard !id.contains("/") else { throw .invalidInput("fsq_id", "'\(id)' contains '/'") }
        guard id != ".", id != ".." else { throw .invalidInput("fsq_id", "'\(id)' is not a place id") }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        guard let encoded = id.addingPercentEncoding(withAllowedCharacters: allowed) else {
            throw .invalidInput("fsq_id", "cannot be percent-encoded")
        }
        return encoded
    }

    static func limit(_ value: Int?, in range: ClosedRange<Int> = ParameterLimits.limit) throws(FoursquareError) {
        guard let value else { return }
        guard range.contains(value) else {
            throw .invalidInput("limit", "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
        }
    }

    static func radius(_ value: Int?) throws(FoursquareError) {
        guard let value else { return }
        let range = ParameterLimits.radius
        guard range.contains(value) else {
            throw .invalidInput("radius", "\(value) is outside \(range.lowerBound)...\(range.upperBound) meters")
        }
    }

    static func required(_ value: String, _ name: String) throws(FoursquareError) {
        guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidInput(name, "is required and empty")
        }
    }

    static func notEmpty(_ value: String?, _ name: String) throws(FoursquareError) {
        guard let value else { return }
        try required(value, name)
    }
}

extension Array where Element == (name: String, value: String) {
    mutating func add(_ name: String, _ value: String?) {
        if let value { append((name, value)) }
    }

    mutating func add(_ name: String, _ value: Int?) {
        if let value { append((name, String(value))) }
    }

    mutating func add(_ name: String, _ values: [String]?) {
        if let values, !values.isEmpty { append((name, values.joined(separator: ","))) }
    }
}

/// `GET /places/{fsq_id}` (spec 000).
public struct PlaceDetailsRequest: EndpointRequest, Hashable {
    public typealias Response = PlaceDetails
    public static let endpointID = EndpointID.placeDetails
    public var placeID: String
    public var fields: [String]?
    public var sessionToken: String?

    public init(placeID: String, fields: [String]? = nil, sessionToken: String? = nil) {
        self.placeID = placeID
        self.fields = fields
        self.sessionToken = sessionToken
    }

    public func validate() throws(FoursquareError) {
        _ = try Validate.placeID(placeID)
        try Validate.notEmpty(sessionToken, "session_token")
    }

    public func path() throws(FoursquareError) -> String { "/places/\(try Validate.placeID(placeID))" }

    public func queryItems() -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        items.add("fields", fields)
        items.add("session_token", sessionToken)
        return items
    }
}

/// `GET /places/{fsq_id}/tips` (spec 000).
public struct PlaceTipsRequest: EndpointRequest, Hashable {
    public typealias Response = ResultsPage<Tip>
    public static let endpointID = EndpointID.placeTips
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

    public func validate() throws(FoursquareError) {
        _ = try Validate.placeID(placeID)
        try Validate.limit(limit)
        try Validate.notEmpty(sort, "sort")
    }

    public func path() throws(FoursquareError) -> String { "/places/\(try Validate.placeID(placeID))/tips" }

    public func queryItems() -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        items.add("limit", limit)
        items.add("sort", sort)
        items.add("fields", fields)
        return items
    }
}

/// `GET /places/{fsq_id}/photos` (spec 000).
public struct PlacePhotosRequest: EndpointRequest, Hashable {
    public typealias Response = ResultsPage<PlacePhoto>
    public static let endpointID = EndpointID.placePhotos
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

    public func validate() throws(FoursquareError) {
        _ = try Validate.placeID(placeID)
        try Validate.limit(limit)
        try Validate.notEmpty(sort, "sort")
    }

    public func path() throws(FoursquareError) -> String { "/places/\(try Validate.placeID(placeID))/photos" }

    public func queryItems() -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        items.add("limit", limit)
        items.add("sort", sort)
        items.add("classifications", classifications)
        return items
    }
}

/// `GET /places/autocomplete` (spec 001): place candidates for partial text.
public struct PlacesAutocompleteRequest: EndpointRequest, Hashable {
    public typealias Response = ResultsPage<PlaceCandidate>
    public static let endpointID = EndpointID.placesAutocomplete
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

    public func validate() throws(FoursquareError) {
        try Validate.required(query, "query")
        try ll?.validate(parameter: "ll")
        try Validate.radius(radius)
        try Validate.limit(limit)
    }

    public func path() throws(FoursquareError) -> String { "/places/autocomplete" }

    public func queryItems() -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [("query", query)]
        items.add("ll", ll?.queryValue)
        items.add("radius", radius)
        items.add("types", types)
        items.add("limit", limit)
        return items
    }
}

/// `GET /places/search` (spec 001). Exactly one location strategy: `ll` (+`radius`), `near`, or `ne`+`sw`.
public struct PlaceSearchRequest: EndpointRequest, Hashable {
    public typealias Response = ResultsPage<PlaceCandidate>
    public static let endpointID = EndpointID.placeSearch
    public var query: String?
    public var ll: Coordinate?
    public var radius: Int?
    public var near: String?
    public var ne: Coordinate?
    public var sw: Coordinate?
    public var categories: [Int]?
    public var limit: Int?
    public var sort: String?
    public var fields: [String]?

    public init(
        query: String? = nil, ll: Coordinate? = nil, radius: Int? = nil, near: String? = nil,
        ne: Coordinate? = nil, sw: Coordinate? = nil, categories: [Int]? = nil, limit: Int? = nil,
        sort: String? = nil, fields: [String]? = nil
    ) {
        self.query = query
        self.ll = ll
        self.radius = radius
        self.near = near
        self.ne = ne
        self.sw = sw
        self.categories = categories
        self.limit = limit
        self.sort = sort
        self.fields = fields
    }

    public func validate() throws(FoursquareError) {
        if (ne == nil) != (sw == nil) {
            throw .invalidInput(ne == nil ? "ne" : "sw", "ne and sw must be given together")
        }
        let strategies = [ll != nil ? "ll" : nil, near != nil ? "near" : nil, ne != nil ? "ne+sw" : nil]
            .compactMap { $0 }
        guard strategies.count == 1 else {
            let detail = strategies.isEmpty ? "none was given" : "got \(strategies.joined(separator: ", "))"
            throw .invalidInput("ll/near/ne+sw", "exactly one location strategy is required; \(detail)")
        }
        if radius != nil, ll == nil { throw .invalidInput("radius", "applies only with ll") }
        try ll?.validate(parameter: "ll")
        try ne?.validate(parameter: "ne")
        try sw?.validate(parameter: "sw")
        try Validate.notEmpty(near, "near")
        try Validate.radius(radius)
        try Validate.limit(limit)
        if let ne, let sw, ne.latitude < sw.latitude {
            throw .invalidInput("ne", "latitude \(ne.latitude) is south of sw's \(sw.latitude)")
        }
    }

    public func path() throws(FoursquareError) -> String { "/places/search" }

    public func queryItems() -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        items.add("query", query)
        items.add("ll", ll?.queryValue)
        items.add("radius", radius)
        items.add("near", near)
        items.add("ne", ne?.queryValue)
        items.add("sw", sw?.queryValue)
        items.add("categories", categories?.map(String.init))
        items.add("limit", limit)
        items.add("sort", sort)
        items.add("fields", fields)
        return items
    }
}

/// `GET /places/geotagging` (spec 002): the places a user is likely at.
public struct GeotaggingRequest: EndpointRequest, Hashable {
    public typealias Response = ResultsPage<PlaceCandidate>
    public static let endpointID = EndpointID.geotagging
    public var ll: Coordinate
    public var limit: Int?

    public init(ll: Coordinate, limit: Int? = nil) {
        self.ll = ll
        self.limit = limit
    }

    public func validate() throws(FoursquareError) {
        try ll.validate(parameter: "ll")
        try Validate.limit(limit)
    }

    public func path() throws(FoursquareError) -> String { "/places/geotagging" }

    public func queryItems() -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [("ll", ll.queryValue)]
        items.add("limit", limit)
        return items
    }
}

/// `GET /places/categories` (spec 003): the category taxonomy.
public struct CategoriesRequest: EndpointRequest, Hashable {
    public typealias Response = ResultsPage<CategoryNode>
    public static let endpointID = EndpointID.categories
    public var locale: String?

    public init(locale: String? = nil) { self.locale = locale }

    public func validate() throws(FoursquareError) { try Validate.notEmpty(locale, "locale") }

    public func path() throws(FoursquareError) -> String { "/places/categories" }

    public func queryItems() -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        items.add("locale", locale)
        return items
    }
}

/// `GET /places/chains` (spec 003): chains matching a name.
public struct ChainsRequest: EndpointRequest, Hashable {
    public typealias Response = ResultsPage<Chain>
    public static let endpointID = EndpointID.chains
    public var query: String
    public var limit: Int?

    public init(query: String, limit: Int? = nil) {
        self.query = query
        self.limit = limit
    }

    public func validate() throws(FoursquareError) {
        try Validate.required(query, "query")
        try Validate.limit(limit)
    }

    public func path() throws(FoursquareError) -> String { "/places/chains" }

    public func queryItems() -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [("query", query)]
        items.add("limit", limit)
        return items
    }
}

/// `GET /autocomplete` (spec 004): typed suggestions (places, searches, geos).
public struct AutocompleteRequest: EndpointRequest, Hashable {
    public typealias Response = AutocompleteResponse
    public static let endpointID = EndpointID.autocomplete
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

    public func validate() throws(FoursquareError) {
        let length = query.trimmingCharacters(in: .whitespacesAndNewlines).count
        guard length >= ParameterLimits.autocompleteMinimumQueryLength else {
            throw .invalidInput(
                "query", "must be at least \(ParameterLimits.autocompleteMinimumQueryLength) characters, got \(length)")
        }
        try ll?.validate(parameter: "ll")
        try Validate.radius(radius)
        try Validate.limit(limit)
        try Validate.notEmpty(sessionToken, "session_token")
    }

    public func path() throws(FoursquareError) -> String { "/autocomplete" }

    public func queryItems() -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [("query", query)]
        items.add("ll", ll?.queryValue)
        items.add("radius", radius)
        items.add("types", types?.map(\.rawValue))
        items.add("bias", bias?.rawValue)
        items.add("session_token", sessionToken)
        items.add("limit", limit)
        return items
    }
}
