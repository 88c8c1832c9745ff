import FoursquarePlaces

/// The headers each auth style must send, as the contracts' documents state them. The request check holds the
/// client to this data, never to the client's own `AuthStyle.headers`.
package struct WireHeaders: Sendable {
    /// What a header's value must be.
    enum Form: Sendable, Hashable {
        /// The key itself (`Authorization: <key>`).
        case rawKey
        /// `Bearer <key>`.
        case bearerKey
        /// The API version the request speaks.
        case apiVersion
        /// This exact text.
        case literal(String)
    }

    /// One header a style must send.
    struct Requirement: Sendable {
        let style: AuthStyle
        /// Lower-case, as fixtures record it.
        let name: String
        let form: Form
        /// Where the documents say so.
        let source: String
    }

    static let required: [Requirement] = [
        Requirement(style: .apiKey, name: "authorization", form: .rawKey,
                    source: "seed documents 000-003, Mandatory headers: Authorization: YOUR_FSQ_API_KEY"),
        Requirement(style: .apiKey, name: "accept", form: .literal("application/json"),
                    source: "seed documents 000-003, Mandatory headers: accept: application/json"),
        Requirement(style: .bearer, name: "authorization", form: .bearerKey,
                    source: "seed document 004 (Bearer <FSQ_API_KEY>); 2025-06-17 document, security scheme "
                        + "ServiceKeyBearerTokenAuth (type http, scheme bearer)"),
        Requirement(style: .bearer, name: "x-places-api-version", form: .apiVersion,
                    source: "seed document 004, Mandatory Headers; 2025-06-17 document, a required header "
                        + "parameter of every operation"),
        Requirement(style: .bearer, name: "accept", form: .literal("application/json"),
                    source: "seed documents 000-003 send it with every request; every 2025-06-17 answer is application/json"),
    ]

    /// The `X-Places-Api-Version` `contract`'s documents name (`DocumentedOperation.apiVersions`): its own date
    /// when they allow it, else their one value; a dated contract with no document yet (a scaffolded version)
    /// speaks its own date, the name its folder gives it.
    static func documentedVersion(_ contract: ContractID) -> String {
        let allowed = DocumentedOperation.apiVersions[contract.rawValue] ?? []
        if allowed.contains(contract.rawValue) || allowed.isEmpty { return contract.rawValue }
        return allowed.count == 1 ? allowed[0] : contract.rawValue
    }

    /// Request headers a fixture may record that are not the client's to match: a recorder's HTTP stack adds them.
    static let volatile: [(name: String, reason: String)] = [
        ("user-agent", "the recording HTTP stack names itself"),
        ("host", "the HTTP stack writes it from the URL"),
        ("content-length", "the HTTP stack writes it from the body"),
        ("accept-encoding", "the recording HTTP stack negotiates compression"),
        ("connection", "the HTTP stack's connection management"),
    ]

    private static let volatileNames = Set(volatile.map(\.name))

    /// Whether a recorded header is one a recorder's stack adds.
    static func isVolatile(_ name: String) -> Bool { volatileNames.contains(name) }

    private static let namesByStyle: [AuthStyle: Set<String>] = Dictionary(
        grouping: required, by: \.style).mapValues { Set($0.map(\.name)) }

    /// The header names `style` must send.
    static func names(for style: AuthStyle) -> Set<String> { namesByStyle[style] ?? [] }

    /// The header set `style` must send, lower-cased, with `key` and `version` filled in. `version` nil is the one
    /// `contract`'s documents name.
    package static func expected(style: AuthStyle, key: APIKey, contract: ContractID, version: String?) -> [String: String] {
        var headers: [String: String] = [:]
        for requirement in required where requirement.style == style {
            switch requirement.form {
            case .rawKey: headers[requirement.name] = key.secret
            case .bearerKey: headers[requirement.name] = "Bearer \(key.secret)"
            case .apiVersion: headers[requirement.name] = version ?? documentedVersion(contract)
            case let .literal(text): headers[requirement.name] = text
            }
        }
        return headers
    }
}
