import FoursquarePlaces

/// One operation as a contract's document describes it: method, path, query parameters, required headers and the
/// members a 2xx answer may carry. Written by `scripts/contract-data.py` from the documents, never from the client,
/// so the replay checks can hold the client to it.
struct DocumentedOperation: Sendable {
    /// `seed` or an API version.
    let contract: String
    /// The endpoint id (the OpenAPI `operationId`; for the seed documents, the section's path).
    let endpoint: String
    let method: String
    /// The path template as the document writes it.
    let path: String
    /// The document it comes from.
    let source: String
    /// The query parameters it lists.
    let query: [String]
    /// The header parameters it requires.
    let headers: [String]
    /// JSON paths with `[*]` for array elements: `$.results[*].location.formatted_address`.
    let members: Set<String>
    /// Each member's type as the document gives it (`string`, `integer`, `number`, `boolean`, `array`, `object`,
    /// then ` enum a|b` or a format such as ` date-time`): what a synthetic answer writes there.
    let kinds: [String: String]
    /// The statuses the document describes (a seed document's `500...599` as 500).
    let statuses: [Int]
    /// Query parameters with a documented default, as `name=JSON`: `dry_run=true`.
    let defaults: [String]
    /// The values each query parameter's document lists (an enum, or a list's items'), by parameter name.
    let enums: [String: [String]]
    /// The query parameters the document requires.
    let requiredQuery: Set<String>

    init(contract: String, endpoint: String, method: String, path: String, source: String,
         query: [String], headers: [String], members: [String], kinds: [String] = [], statuses: [Int] = [], defaults: [String] = [],
         enums: [String] = [], required: [String] = []) {
        self.contract = contract
        self.endpoint = endpoint
        self.method = method
        self.path = path
        self.source = source
        self.query = query
        self.headers = headers
        self.members = Set(members)
        self.kinds = Dictionary(zip(members, kinds), uniquingKeysWith: { first, _ in first })
        self.statuses = statuses
        self.defaults = defaults
        // `reason=CLOSED|OTHER`: a parameter's name, then its values.
        self.enums = Dictionary(enums.map { entry in
            let parts = entry.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].split(separator: "|").map(String.init) : [])
        }, uniquingKeysWith: { first, _ in first })
        requiredQuery = Set(required)
    }

    private static let index: [String: DocumentedOperation] = Dictionary(
        all.map { ("\($0.contract) \($0.endpoint)", $0) }, uniquingKeysWith: { first, _ in first })

    /// The document's description of `endpoint` in `contract`; nil when the document does not describe it.
    static func named(_ endpoint: EndpointID, contract: ContractID) -> DocumentedOperation? {
        named(endpoint.rawValue, contract: contract)
    }

    /// The same, for an endpoint id as a file spells it (the registry may not know it).
    static func named(_ endpoint: String, contract: ContractID) -> DocumentedOperation? {
        index["\(contract.rawValue) \(endpoint)"]
    }
}
