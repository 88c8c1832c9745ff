/// `GET /autocomplete`: typed suggestions (places, searches, geos) for the text typed so far, in contract `C`.
/// The query's own rule (seed wants 3 characters, 2025-06-17 any) is the contract's registry entry's.
public struct AutocompleteRequest<C: AutocompleteModels & PlacesContract>: EndpointRequest, Hashable {
    public typealias Response = AutocompleteResponse<C>
    public static var endpointID: EndpointID { .autocomplete }
    /// The text typed so far (`query`, required).
    public var query: String
    /// The point to rank suggestions around (`ll`).
    public var ll: Coordinate?
    /// How far from `ll` to look (`radius`), in meters, 1...100000.
    public var radius: Int?
    /// The kinds of suggestion to return (`types`); nil returns every kind.
    public var types: [AutocompleteType]?
    /// The kind of suggestion to rank first (`bias`).
    public var bias: AutocompleteType?
    /// Groups the keystrokes of one search for billing (`session_token`); reuse it until the user picks a result.
    public var sessionToken: String?
    /// How many suggestions to return (`limit`), 1...50; nil leaves the API's default.
    public var limit: Int?

    /// Suggestions for the partial text `query`; the other filters are optional.
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

extension AutocompleteRequest: ContractRequest { public typealias APIContract = C }
