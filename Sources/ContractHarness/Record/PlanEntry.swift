import Foundation
import FoursquarePlaces

/// A request to record that has no fixture yet, from `--plan FILE`.
///
/// ```json
/// [{"endpoint": "place-search", "case": "200-paris", "auth": "bearer", "parameters": {"near": "Paris"}},
///  {"endpoint": "place-details", "case": "200-louvre", "fsq_id": "4adcda10f964a520af3521e3", "contract": "2025-06-17"}]
/// ```
public struct PlanEntry: Sendable, Hashable, Decodable {
    public var endpoint: EndpointID
    public var caseName: String
    /// The contract the new fixture is recorded under; nil takes the run's `--contract`, else `seed`.
    public var contract: String?
    public var auth: AuthStyle?
    public var placeID: String?
    public var parameters: [String: String]
    public var summary: String?

    public var relativePath: String { "\(endpoint.rawValue)/\(caseName).json" }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case endpoint, caseName = "case", contract, auth, placeID = "fsq_id", parameters, summary = "description"
    }

    public init(endpoint: EndpointID, caseName: String, contract: String? = nil, auth: AuthStyle? = nil,
                placeID: String? = nil, parameters: [String: String] = [:], summary: String? = nil) {
        self.endpoint = endpoint
        self.caseName = caseName
        self.contract = contract
        self.auth = auth
        self.placeID = placeID
        self.parameters = parameters
        self.summary = summary
    }

    public init(from decoder: any Decoder) throws {
        try ConfigFile.rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func invalid(_ key: CodingKeys, _ reason: String) -> ConfigFile.InvalidValue {
            ConfigFile.InvalidValue(codingPath: decoder.codingPath + [key], reason: reason)
        }
        let name = try container.decode(String.self, forKey: .endpoint)
        guard let endpoint = EndpointID(rawValue: name) else { throw invalid(.endpoint, "unknown endpoint id '\(name)'") }
        var caseName = try container.decode(String.self, forKey: .caseName)
        guard !caseName.isEmpty, !caseName.contains("/"), !caseName.hasPrefix(".") else {
            throw invalid(.caseName, "'\(caseName)' is not a file name")
        }
        if caseName.hasSuffix(".json") { caseName = String(caseName.dropLast(5)) }
        let contract = try container.decodeIfPresent(String.self, forKey: .contract)
        if let contract, Contract.named(contract) == nil {
            throw invalid(.contract, "unknown contract '\(contract)' (known: \(Contracts.known.joined(separator: ", ")))")
        }
        var auth: AuthStyle?
        if let style = try container.decodeIfPresent(String.self, forKey: .auth) {
            guard let parsed = AuthStyle(rawValue: style) else { throw invalid(.auth, "'\(style)' is not apiKey or bearer") }
            auth = parsed
        }
        let placeID = try container.decodeIfPresent(String.self, forKey: .placeID)
        if endpoint.endpoint.hasPlaceID, placeID == nil { throw invalid(.placeID, "\(endpoint) needs a place id") }
        self.init(endpoint: endpoint, caseName: caseName, contract: contract, auth: auth, placeID: placeID,
                  parameters: try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:],
                  summary: try container.decodeIfPresent(String.self, forKey: .summary))
    }

    /// Reads a plan file; errors name the file and the JSON path.
    public static func load(_ url: URL) throws(FixtureError) -> [PlanEntry] {
        try ConfigFile.decode([PlanEntry].self, from: url, file: url.path)
    }
}
