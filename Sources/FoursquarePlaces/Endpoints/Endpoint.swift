import Foundation

/// The stable id of each endpoint; fixtures, report classnames and CLI filters use these.
public enum EndpointID: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    case placeDetails = "place-details"
    case placeTips = "place-tips"
    case placePhotos = "place-photos"
    case placesAutocomplete = "places-autocomplete"
    case placeSearch = "place-search"
    case geotagging = "geotagging"
    case categories = "categories"
    case chains = "chains"
    case autocomplete = "autocomplete"

    public var description: String { rawValue }
    public var endpoint: Endpoint { Endpoint.catalog.first { $0.id == self }! }
}

/// One entry of the endpoint catalog: method, path template and parameters.
public struct Endpoint: Sendable, Hashable, Identifiable {
    /// One query or path parameter.
    public struct Parameter: Sendable, Hashable {
        public let name: String
        public let required: Bool
        public let summary: String
    }

    public let id: EndpointID
    public let method: String
    /// The path with `{fsq_id}` where the place id goes.
    public let pathTemplate: String
    public let parameters: [Parameter]
    /// The spec document that defines it.
    public let specDocument: String
    /// The Swift type a 2xx body decodes into.
    public let responseType: String

    /// Every endpoint the spec documents, in spec order.
    public static let catalog: [Endpoint] = [
        Endpoint(id: .placeDetails, path: "/places/{fsq_id}", spec: "000", response: "PlaceDetails", [
            ("fields", false, "comma-separated field projection"),
            ("session_token", false, "groups autocomplete and details calls for billing"),
        ]),
        Endpoint(id: .placeTips, path: "/places/{fsq_id}/tips", spec: "000", response: "ResultsPage<Tip>", [
            ("limit", false, "1-50"), ("sort", false, "e.g. POPULAR, NEWEST"), ("fields", false, "field projection"),
        ]),
        Endpoint(id: .placePhotos, path: "/places/{fsq_id}/photos", spec: "000", response: "ResultsPage<PlacePhoto>", [
            ("limit", false, "1-50"), ("sort", false, "e.g. POPULAR, NEWEST"),
            ("classifications", false, "comma-separated, e.g. food,indoor"),
        ]),
        Endpoint(id: .placesAutocomplete, path: "/places/autocomplete", spec: "001",
                 response: "ResultsPage<PlaceCandidate>", [
            ("query", true, "partial user text"), ("ll", false, "lat,lng"), ("radius", false, "meters, 1-100000"),
            ("types", false, "comma-separated suggestion types"), ("limit", false, "1-50"),
        ]),
        Endpoint(id: .placeSearch, path: "/places/search", spec: "001", response: "ResultsPage<PlaceCandidate>", [
            ("query", false, "free text"), ("ll", false, "lat,lng (one location strategy is required)"),
            ("radius", false, "meters, only with ll"), ("near", false, "a locality name"),
            ("ne", false, "north-east corner, with sw"), ("sw", false, "south-west corner, with ne"),
            ("categories", false, "comma-separated category ids"), ("limit", false, "1-50"),
            ("sort", false, "e.g. RELEVANCE, DISTANCE"), ("fields", false, "field projection"),
        ]),
        Endpoint(id: .geotagging, path: "/places/geotagging", spec: "002", response: "ResultsPage<PlaceCandidate>", [
            ("ll", true, "lat,lng"), ("limit", false, "1-50"),
        ]),
        Endpoint(id: .categories, path: "/places/categories", spec: "003", response: "ResultsPage<CategoryNode>", [
            ("locale", false, "language of the labels, e.g. en, fr"),
        ]),
        Endpoint(id: .chains, path: "/places/chains", spec: "003", response: "ResultsPage<Chain>", [
            ("query", true, "chain name"), ("limit", false, "1-50"),
        ]),
        Endpoint(id: .autocomplete, path: "/autocomplete", spec: "004", response: "AutocompleteResponse", [
            ("query", true, "at least 3 characters"), ("ll", false, "lat,lng"), ("radius", false, "meters, 1-100000"),
            ("types", false, "comma-separated: place, search, geo"), ("bias", false, "one of place, search, geo"),
            ("session_token", false, "billing session"), ("limit", false, "1-50"),
        ]),
    ]

    private init(
        id: EndpointID, path: String, spec: String, response: String, _ parameters: [(String, Bool, String)]
    ) {
        self.id = id
        self.method = "GET"
        self.pathTemplate = path
        self.specDocument = spec
        self.responseType = response
        self.parameters = parameters.map { Parameter(name: $0.0, required: $0.1, summary: $0.2) }
    }

    /// Whether the path carries a place id.
    public var hasPlaceID: Bool { pathTemplate.contains("{fsq_id}") }

    /// The endpoint a request path belongs to, with the decoded place id if it has one.
    /// Literal paths win over the `{fsq_id}` template, as `/places/search` does on the server.
    public static func match(path: String) -> (endpoint: Endpoint, placeID: String?)? {
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        if let literal = catalog.first(where: { !$0.hasPlaceID && $0.pathTemplate == bare }) {
            return (literal, nil)
        }
        let segments = bare.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for endpoint in catalog where endpoint.hasPlaceID {
            let template = endpoint.pathTemplate.split(separator: "/", omittingEmptySubsequences: false)
            guard template.count == segments.count else { continue }
            var placeID: String?
            var matched = true
            for (pattern, segment) in zip(template, segments) {
                if pattern == "{fsq_id}" {
                    guard !segment.isEmpty, let decoded = segment.removingPercentEncoding else { matched = false; break }
                    placeID = decoded
                } else if pattern != segment {
                    matched = false
                    break
                }
            }
            if matched { return (endpoint, placeID) }
        }
        return nil
    }
}
