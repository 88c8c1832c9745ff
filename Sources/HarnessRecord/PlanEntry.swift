import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// A request to record that has no fixture yet, from `--plan FILE`.
///
/// ```json
/// [{"endpoint": "place-search", "case": "200-paris", "auth": "bearer", "parameters": {"near": "Paris", "limit": 5}},
///  {"endpoint": "place-details", "case": "200-louvre", "fsq_id": "4adcda10f964a520af3521e3", "contract": "2025-06-17"},
///  {"endpoint": "place-details", "case": "404-unknown", "fsq_id": "0000", "status": 404}]
/// ```
///
/// Parameter values may be JSON strings, numbers or booleans (sent as written). `case` may start with the
/// contract's folder (`2025-06-17/200-paris`), which must then agree with `contract`.
package struct PlanEntry: Sendable, Hashable, Decodable {
    package var endpoint: EndpointID
    package var caseName: String
    /// The contract the new fixture is recorded under; nil takes the run's (`--contract`, the project file's
    /// `liveContracts`), else the contract the server answers.
    package var contract: ContractID?
    package var auth: AuthStyle?
    package var placeID: String?
    package var parameters: [String: String]
    package var summary: String?
    /// The status the server is expected to answer (`404` for an unknown id, `401`, recorded with a key the API
    /// rejects); nil expects a 2xx. Without `status`, a case named `4xx-…` or `5xx-…` expects that status.
    package var status: Int?

    /// Where the fixture goes: `<endpoint>/<case>.json` for `seed`, `<endpoint>/<contract>/<case>.json` for any
    /// other contract, as the corpus keeps them.
    package func relativePath(contract: ContractID) -> String {
        contract == ContractID.seed ? "\(endpoint.rawValue)/\(caseName).json" : "\(endpoint.rawValue)/\(contract)/\(caseName).json"
    }

    /// The path under the entry's own contract, or `seed`'s when it names none (for messages before one is chosen).
    package var relativePath: String { relativePath(contract: contract ?? ContractID.seed) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case endpoint, caseName = "case", contract, auth, placeID = "fsq_id", parameters, summary = "description", status
    }

    package init(endpoint: EndpointID, caseName: String, contract: ContractID? = nil, auth: AuthStyle? = nil,
                placeID: String? = nil, parameters: [String: String] = [:], summary: String? = nil, status: Int? = nil) {
        self.endpoint = endpoint
        self.caseName = caseName
        self.contract = contract
        self.auth = auth
        self.placeID = placeID
        self.parameters = parameters
        self.summary = summary
        self.status = status
    }

    package init(from decoder: any Decoder) throws {
        try ConfigFile.rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func invalid(_ key: CodingKeys, _ reason: String) -> ConfigFile.InvalidValue {
            ConfigFile.InvalidValue(codingPath: decoder.codingPath + [key], reason: reason)
        }
        let name = try container.decode(String.self, forKey: .endpoint)
        guard let endpoint = EndpointID(rawValue: name) else { throw invalid(.endpoint, "unknown endpoint id '\(name)'") }
        var caseName = try container.decode(String.self, forKey: .caseName)
        var contract = try container.decodeIfPresent(ContractID.self, forKey: .contract)
        if let contract, Contract.named(contract) == nil {
            throw invalid(.contract, "unknown contract '\(contract)' (known: \(Contract.knownList))")
        }
        // `2025-06-17/200-paris`: the folder the corpus keeps that contract's fixtures in.
        if let slash = caseName.firstIndex(of: "/"), let folder = Contract.named(ContractID(String(caseName[..<slash]))),
           folder.id != ContractID.seed {
            if let contract, contract != folder.id {
                throw invalid(.caseName, "'\(caseName)' is in the \(folder.id) folder but the entry's contract is \(contract); "
                              + "drop the folder or make them agree")
            }
            contract = folder.id
            caseName = String(caseName[caseName.index(after: slash)...])
        }
        guard !caseName.isEmpty, !caseName.contains("/"), !caseName.hasPrefix(".") else {
            throw invalid(.caseName, "'\(caseName)' is not a file name (a folder other than a contract's, such as 2025-06-17/, is not allowed)")
        }
        if caseName.hasSuffix(".json") { caseName = String(caseName.dropLast(5)) }
        var status = try container.decodeIfPresent(Int.self, forKey: .status)
        if let status, !(200...599).contains(status) { throw invalid(.status, "\(status) is not an HTTP status (200...599)") }
        // The corpus names a case for its status (`404-unknown-id`): an error case expects that status unless told.
        if status == nil { status = Self.errorStatus(named: caseName) }
        var auth: AuthStyle?
        if let style = try container.decodeIfPresent(String.self, forKey: .auth) {
            guard let parsed = AuthStyle(rawValue: style) else { throw invalid(.auth, "'\(style)' is not apiKey or bearer") }
            auth = parsed
        }
        let placeID = try container.decodeIfPresent(String.self, forKey: .placeID)
        if endpoint.endpoint.hasPlaceID, placeID == nil { throw invalid(.placeID, "\(endpoint) needs a place id") }
        let values = try container.decodeIfPresent([String: ParameterValue].self, forKey: .parameters) ?? [:]
        self.init(endpoint: endpoint, caseName: caseName, contract: contract, auth: auth, placeID: placeID,
                  parameters: values.mapValues(\.text), summary: try container.decodeIfPresent(String.self, forKey: .summary),
                  status: status)
    }

    /// `404` for `404-unknown-id`; nil for a 2xx name or a name that does not start with a status.
    static func errorStatus(named caseName: String) -> Int? {
        guard let match = caseName.wholeMatch(of: /([45]\d\d)-.+/), let status = Int(match.output.1) else { return nil }
        return status
    }

    /// A query parameter as a plan writes it: a string, a number or a boolean, sent as its JSON text.
    struct ParameterValue: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let string = try? value.decode(String.self) {
                text = string
            } else if let flag = try? value.decode(Bool.self) {
                text = flag ? "true" : "false"
            } else if let integer = try? value.decode(Int.self) {
                text = String(integer)
            } else if let number = try? value.decode(Double.self), number.isFinite {
                text = "\(number)"
            } else {
                throw ConfigFile.InvalidValue(codingPath: decoder.codingPath, reason: "expected a string, number or boolean")
            }
        }
    }

    /// Reads a plan file; errors name the file and the JSON path.
    package static func load(_ url: URL) throws(FixtureError) -> [PlanEntry] {
        try ConfigFile.decode([PlanEntry].self, from: url, file: url.path)
    }
}
