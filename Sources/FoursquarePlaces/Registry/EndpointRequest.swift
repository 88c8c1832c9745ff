import Foundation

/// A typed call to one endpoint of one contract. The registry entry (`endpoint`) holds its path
/// template and parameter rules; the type holds the typed fields and what a 2xx decodes into.
public protocol EndpointRequest: Sendable {
    /// The model a 2xx answer decodes into.
    associatedtype Response: Decodable & Sendable
    /// The operation this request calls; its registry entry is found through the contract (`ContractRequest`).
    static var endpointID: EndpointID { get }
    /// The registry entry this request calls, in the contract that declared the request type.
    static var endpoint: Endpoint { get }
    /// Throws `invalidInput` for anything the API would reject or the URL could not carry.
    func validate() throws(FoursquareError)
    /// The percent-encoded path.
    func path() throws(FoursquareError) -> String
    /// Query parameters in a stable order, values not yet percent-encoded.
    func queryItems() -> [(name: String, value: String)]
}

extension EndpointRequest {
    public func validate() throws(FoursquareError) { try validateParameters() }

    /// The path and every query item checked against the registry's rules.
    package func validateParameters() throws(FoursquareError) {
        _ = try path()
        try Self.endpoint.validate(queryItems())
    }

    public func path() throws(FoursquareError) -> String { try Self.endpoint.path(placeID: nil) }

    /// The query items the registry declares for this request type, in their declared order.
    public func queryItems() -> [(name: String, value: String)] { Self.endpoint.encode(self) }
}

/// A request whose path carries a place id.
public protocol PlaceScopedRequest: EndpointRequest {
    /// The Foursquare id of the place the path names.
    var placeID: String { get }
}

extension PlaceScopedRequest {
    public func path() throws(FoursquareError) -> String { try Self.endpoint.path(placeID: placeID) }
}

/// Limits the client enforces before sending, each the documented bound of its parameter.
public enum ParameterLimits {
    /// The range `limit` accepts: 1...50 results.
    public static let limit = 1...50
    /// The range `radius` accepts: 1...100000 meters.
    public static let radius = 1...100_000
    /// The fewest characters `/autocomplete` accepts in `query`, whitespace trimmed.
    public static let autocompleteMinimumQueryLength = 3
}

/// Where a place search looks: exactly one strategy, so an invalid mix cannot be written.
public enum SearchLocation: Sendable, Hashable {
    /// Around a point, within `radius` meters when given.
    case ll(Coordinate, radius: Int? = nil)
    /// Near a named locality, e.g. "Chicago, IL".
    case near(String)
    /// Inside the box from the south-west to the north-east corner.
    case bounds(ne: Coordinate, sw: Coordinate)

    var queryItems: [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        switch self {
        case let .ll(point, radius):
            items.append(("ll", point.queryValue))
            if let radius { items.append(("radius", String(radius))) }
        case let .near(name):
            items.append(("near", name))
        case let .bounds(ne, sw):
            items.append(("ne", ne.queryValue))
            items.append(("sw", sw.queryValue))
        }
        return items
    }

    func validate() throws(FoursquareError) {
        if case let .bounds(ne, sw) = self, ne.latitude.isFinite, sw.latitude.isFinite,
           (-90...90).contains(ne.latitude), (-90...90).contains(sw.latitude), ne.latitude < sw.latitude {
            throw .invalidInput("ne", "latitude \(ne.latitude) is south of sw's \(sw.latitude)")
        }
    }

    /// The registry's view of the strategies: `ll` with `radius` (checked by `radius`), `near`, `ne` with `sw`.
    static func parameters(radius: Endpoint.Rule) -> [Endpoint.Parameter] {
        [Endpoint.Parameter("ll", .coordinate), Endpoint.Parameter("radius", radius), Endpoint.Parameter("near", .nonEmpty),
         Endpoint.Parameter("ne", .coordinate), Endpoint.Parameter("sw", .coordinate)]
    }

    /// The strategy a recorded query names; a query with none gives nil, one with two is a problem.
    static func read(_ values: inout QueryValues) throws(ParameterProblem) -> SearchLocation? {
        let ll = try values.coordinate("ll"), radius = try values.int("radius")
        let near = values.string("near")
        let ne = try values.coordinate("ne"), sw = try values.coordinate("sw")
        let given = [ll != nil ? "ll" : nil, near != nil ? "near" : nil, (ne ?? sw) != nil ? "ne+sw" : nil].compactMap { $0 }
        guard given.count <= 1 else {
            throw ParameterProblem("ll/near/ne+sw", "one location strategy at most; got \(given.joined(separator: ", "))")
        }
        if radius != nil, ll == nil { throw ParameterProblem("radius", "applies only with ll") }
        if let ll { return .ll(ll, radius: radius) }
        if let near { return .near(near) }
        if ne != nil || sw != nil {
            guard let ne, let sw else { throw ParameterProblem(ne == nil ? "ne" : "sw", "ne and sw must be given together") }
            return .bounds(ne: ne, sw: sw)
        }
        return nil
    }
}

/// The values `types` and `bias` accept on `/autocomplete`. Document 004's table lists
/// place, search and geo; its example's `category`, `brand` and `proximity` are not accepted.
public enum AutocompleteType: String, Sendable, Hashable, CaseIterable, Codable {
    /// A place, a suggested search, or a geographic area.
    case place, search, geo
}

enum Validate {
    static func placeID(_ id: String, parameter: String = "fsq_id") throws(FoursquareError) -> String {
        let trimmed = id.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidInput(parameter, "is empty") }
        guard !id.contains("/") else { throw .invalidInput(parameter, "'\(id)' contains '/'") }
        guard id != ".", id != ".." else { throw .invalidInput(parameter, "'\(id)' is not a place id") }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        guard let encoded = id.addingPercentEncoding(withAllowedCharacters: allowed) else {
            throw .invalidInput(parameter, "cannot be percent-encoded")
        }
        return encoded
    }

    static func required(_ value: String, _ name: String) throws(FoursquareError) {
        guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidInput(name, "is required and empty")
        }
    }
}
