import Foundation

/// One version of the Places API: where it answers, how it authenticates, and its endpoints.
public struct Contract: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// `seed` or an API version such as `2025-06-17`; fixtures name it in `contract`.
    public let id: ContractID
    /// The URL the endpoints' paths are resolved against.
    public let baseURL: URL
    /// The auth styles the server accepts, the preferred one first.
    public let authStyles: [AuthStyle]
    /// Sent as `X-Places-Api-Version` in the bearer style.
    public let apiVersion: String
    /// Every endpoint this contract serves, in the registry's order.
    package let endpoints: [Endpoint]

    public var description: String { id.rawValue }

    public static func == (lhs: Contract, rhs: Contract) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Every contract the library speaks, oldest first.
    public static let all: [Contract] = [.seed, .v20250617]

    /// The contract with this id, if the library knows it.
    package static func named(_ id: ContractID) -> Contract? { id.contract }

    /// The ids of every contract the library speaks, oldest first (the order `--contract` lists them in).
    package static var known: [ContractID] { all.map(\.id) }

    /// `known` as help and error lines list it: `seed, 2025-06-17`.
    package static var knownList: String { known.map(\.rawValue).joined(separator: ", ") }

    /// The registry entry for `id`, if this contract serves it.
    package func endpoint(_ id: EndpointID) -> Endpoint? { endpoints.first { $0.id == id } }

    /// Every registry entry of every contract, contract by contract.
    package static var catalog: [Endpoint] { all.flatMap(\.endpoints) }

    /// Whether the contract is an API version, so its server answers only requests that name that version.
    package var isDated: Bool { id.rawValue == apiVersion }

    /// What this contract's server answers a request that uses `style` with `version` in `X-Places-Api-Version`:
    /// nil when it takes it, else the status and `message` it refuses with (a raw key on a bearer-only
    /// contract is 401, as the API answers; a dated contract wants its own version, else 400).
    package func refusal(style: AuthStyle, version: String?) -> (status: Int, message: String)? {
        guard authStyles.contains(style) else {
            let wanted = authStyles.map { $0 == .bearer ? "Authorization: Bearer <key>" : "Authorization: <key>" }
            return (401, "Invalid authorization header. Contract \(id) takes \(wanted.joined(separator: " or ")).")
        }
        if style == .bearer, isDated, version != apiVersion {
            return (400, version.map { "Unsupported X-Places-Api-Version '\($0)'. Supported: \(apiVersion)." }
                ?? "Missing X-Places-Api-Version header.")
        }
        return nil
    }

    /// The contracts a request with this auth style and version may be answered from, best first: those
    /// that take it (the one whose version it names first), then those that refuse it.
    package static func candidates(style: AuthStyle, version: String?) -> (accepting: [Contract], refusing: [Contract]) {
        let accepting = all.filter { $0.refusal(style: style, version: version) == nil }
        return (accepting.filter { $0.isDated && $0.apiVersion == version } + accepting.filter { !($0.isDated && $0.apiVersion == version) },
                all.filter { $0.refusal(style: style, version: version) != nil })
    }
}

/// The compile-time face of a contract: its request types, so that an app that moves to another
/// contract changes one type and the compiler lists every call and field that differs.
public protocol PlacesContract: Sendable {
    /// The request for one place's details.
    associatedtype PlaceRequest: ContractRequest where PlaceRequest.APIContract == Self
    /// The request for a place's tips.
    associatedtype TipsRequest: ContractRequest where TipsRequest.APIContract == Self
    /// The request for a place's photos.
    associatedtype PhotosRequest: ContractRequest where PhotosRequest.APIContract == Self
    /// The request for a place search.
    associatedtype SearchRequest: ContractRequest where SearchRequest.APIContract == Self
    /// The request for `/autocomplete` suggestions.
    associatedtype AutocompleteRequest: ContractRequest where AutocompleteRequest.APIContract == Self
    /// The request for the places a device is likely at.
    associatedtype GeotaggingRequest: ContractRequest where GeotaggingRequest.APIContract == Self
    /// The registry entry of this contract: base URL, auth styles and endpoints.
    static var contract: Contract { get }
}

/// A contract whose server also takes the raw-key style (`Authorization: <key>`), so a typed client may switch to it
/// with `using(.apiKey)`. A bearer-only contract (`Contract20250617`) does not conform, and the call does not compile.
public protocol RawKeyContract: PlacesContract {}

/// The contract of the seed spec documents 000–004.
public enum SeedContract: RawKeyContract {
    public typealias PlaceRequest = PlaceDetailsRequest
    public typealias TipsRequest = PlaceTipsRequest
    public typealias PhotosRequest = PlacePhotosRequest
    public typealias SearchRequest = PlaceSearchRequest
    public static var contract: Contract { .seed }
}

/// The API that serves traffic today, version 2025-06-17; its models and requests are nested here.
public enum Contract20250617: PlacesContract {
    public static var contract: Contract { .v20250617 }
}
