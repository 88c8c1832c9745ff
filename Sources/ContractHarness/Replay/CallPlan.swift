import Foundation
import FoursquarePlaces

/// What a client call produced: a decoded value or the typed error.
public enum CallOutcome: Sendable {
    case decoded(any Sendable)
    case failed(FoursquareError)
}

/// A typed client call rebuilt from a fixture's request, ready to run under any auth style.
public struct CallPlan: Sendable {
    public let endpoint: EndpointID
    private let perform: @Sendable (FoursquareClient) async -> CallOutcome

    init<R: EndpointRequest>(_ request: R) {
        endpoint = R.endpointID
        perform = { client in
            do throws(FoursquareError) {
                return .decoded(try await client.send(request))
            } catch {
                return .failed(error)
            }
        }
    }

    public func run(with client: FoursquareClient) async -> CallOutcome { await perform(client) }

    /// The call a fixture's request describes; errors name the fixture file.
    public static func make(for fixture: Fixture) throws(FixtureError) -> CallPlan {
        try make(endpoint: fixture.endpoint, path: fixture.request.path, query: fixture.request.query,
                 file: fixture.relativePath)
    }

    /// Turns a fixture's path and query back into the typed request a user would write.
    /// Throws a `FixtureError` for parameters the endpoint does not take or values that do not parse.
    public static func make(
        endpoint: EndpointID, path: String, query: [String: String], file: String = "request"
    ) throws(FixtureError) -> CallPlan {
        var params = QueryReader(query: query, endpoint: endpoint, file: file)
        let placeID = Endpoint.match(path: path)?.placeID ?? ""
        let plan: CallPlan
        switch endpoint {
        case .placeDetails:
            plan = CallPlan(PlaceDetailsRequest(
                placeID: placeID, fields: params.list("fields"), sessionToken: params.string("session_token")))
        case .placeTips:
            plan = CallPlan(PlaceTipsRequest(
                placeID: placeID, limit: try params.int("limit"), sort: params.string("sort"),
                fields: params.list("fields")))
        case .placePhotos:
            plan = CallPlan(PlacePhotosRequest(
                placeID: placeID, limit: try params.int("limit"), sort: params.string("sort"),
                classifications: params.list("classifications")))
        case .placesAutocomplete:
            plan = CallPlan(PlacesAutocompleteRequest(
                query: try params.required("query"), ll: try params.coordinate("ll"), radius: try params.int("radius"),
                types: params.list("types"), limit: try params.int("limit")))
        case .placeSearch:
            plan = CallPlan(PlaceSearchRequest(
                query: params.string("query"), ll: try params.coordinate("ll"), radius: try params.int("radius"),
                near: params.string("near"), ne: try params.coordinate("ne"), sw: try params.coordinate("sw"),
                categories: try params.intList("categories"), limit: try params.int("limit"),
                sort: params.string("sort"), fields: params.list("fields")))
        case .geotagging:
            guard let ll = try params.coordinate("ll") else { throw params.fail("ll", "is required for geotagging") }
            plan = CallPlan(GeotaggingRequest(ll: ll, limit: try params.int("limit")))
        case .categories:
            plan = CallPlan(CategoriesRequest(locale: params.string("locale")))
        case .chains:
            plan = CallPlan(ChainsRequest(query: try params.required("query"), limit: try params.int("limit")))
        case .autocomplete:
            plan = CallPlan(AutocompleteRequest(
                query: try params.required("query"), ll: try params.coordinate("ll"), radius: try params.int("radius"),
                types: try params.enumList("types"), bias: try params.enumValue("bias"),
                sessionToken: params.string("session_token"), limit: try params.int("limit")))
        }
        try params.finish()
        return plan
    }
}

/// Reads typed values out of a query map and notices parameters nobody asked for.
struct QueryReader {
    let query: [String: String]
    let endpoint: EndpointID
    let file: String
    var used: Set<String> = []

    init(query: [String: String], endpoint: EndpointID, file: String) {
        self.query = query
        self.endpoint = endpoint
        self.file = file
    }

    func fail(_ name: String, _ reason: String) -> FixtureError {
        FixtureError(file: file, jsonPath: "$.request.query.\(name)", reason: reason)
    }

    mutating func string(_ name: String) -> String? {
        used.insert(name)
        return query[name]
    }

    mutating func required(_ name: String) throws(FixtureError) -> String {
        guard let value = string(name) else { throw fail(name, "is required for \(endpoint)") }
        return value
    }

    mutating func list(_ name: String) -> [String]? {
        string(name).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    mutating func int(_ name: String) throws(FixtureError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else { throw fail(name, "'\(text)' is not an integer") }
        return value
    }

    mutating func intList(_ name: String) throws(FixtureError) -> [Int]? {
        guard let items = list(name) else { return nil }
        var values: [Int] = []
        for item in items {
            guard let value = Int(item) else { throw fail(name, "'\(item)' is not an integer id") }
            values.append(value)
        }
        return values
    }

    mutating func coordinate(_ name: String) throws(FixtureError) -> Coordinate? {
        guard let text = string(name) else { return nil }
        // Range problems are the client's to report; only the shape must parse here.
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0]), let lng = Double(parts[1]) else {
            throw fail(name, "'\(text)' is not 'latitude,longitude'")
        }
        return Coordinate(latitude: lat, longitude: lng)
    }

    mutating func enumValue(_ name: String) throws(FixtureError) -> AutocompleteType? {
        guard let text = string(name) else { return nil }
        guard let value = AutocompleteType(rawValue: text) else {
            throw fail(name, "'\(text)' is not one of \(AutocompleteType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    mutating func enumList(_ name: String) throws(FixtureError) -> [AutocompleteType]? {
        guard let items = list(name) else { return nil }
        var values: [AutocompleteType] = []
        for item in items {
            guard let value = AutocompleteType(rawValue: item) else {
                throw fail(name, "'\(item)' is not one of \(AutocompleteType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            values.append(value)
        }
        return values
    }

    func finish() throws(FixtureError) {
        let unknown = Set(query.keys).subtracting(used).sorted()
        if let first = unknown.first {
            let known = endpoint.endpoint.parameters.map(\.name).joined(separator: ", ")
            throw fail(first, "is not a parameter of \(endpoint) (it takes \(known))")
        }
    }
}
