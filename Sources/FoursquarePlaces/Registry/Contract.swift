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
    /// `endpoints` by id: the client looks an entry up on every request.
    private let index: [EndpointID: Endpoint]

    /// A contract from its registry entries; a version's folder declares one.
    package init(id: ContractID, baseURL: URL, authStyles: [AuthStyle], apiVersion: String, endpoints: [Endpoint]) {
        self.id = id
        self.baseURL = baseURL
        self.authStyles = authStyles
        self.apiVersion = apiVersion
        self.endpoints = endpoints
        index = Dictionary(endpoints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public var description: String { id.rawValue }

    public static func == (lhs: Contract, rhs: Contract) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// A later version that keeps this one's base URL and auth styles, with `id` as its `X-Places-Api-Version`: its
    /// `endpoints` (its line's operations built for its own types, such as `entries20250617(_:spec:)`), then this
    /// version's other entries (operations it added) reissued under `id` and `spec`, then the entries in `changed`,
    /// each of which replaces the one with its id or, for a new operation, comes last. The operations in `removed`
    /// (its document no longer has them) are not kept.
    package func successor(_ id: ContractID, spec: String, endpoints: [Endpoint], changed: [Endpoint] = [],
                           removed: [EndpointID] = []) -> Contract {
        let added = self.endpoints.filter { entry in !endpoints.contains { $0.id == entry.id } && !removed.contains(entry.id) }
            .map { $0.reissued(for: id, spec: spec) }
        let replaced = Dictionary(changed.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        let kept = (endpoints + added).map { replaced[$0.id] ?? $0 }
        let new = changed.filter { entry in !kept.contains { $0.id == entry.id } }
        return Contract(id: id, baseURL: baseURL, authStyles: authStyles, apiVersion: id.rawValue, endpoints: kept + new)
    }

    /// The contract with this id, if the library knows it.
    package static func named(_ id: ContractID) -> Contract? { id.contract }

    /// The ids of every contract the library speaks, oldest first (the order `--contract` lists them in).
    package static var known: [ContractID] { all.map(\.id) }

    /// `known` as help and error lines list it: `seed, 2025-06-17`.
    package static var knownList: String { known.map(\.rawValue).joined(separator: ", ") }

    /// The registry entry for `id`, if this contract serves it.
    package func endpoint(_ id: EndpointID) -> Endpoint? { index[id] }

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
///
/// A request type belongs to the contract that declared it (`APIContract`); a later contract whose operation kept its
/// shape names that same type here, so the operation is reused, not copied.
public protocol PlacesContract: Sendable {
    /// The request for one place's details (`place-details`).
    associatedtype PlaceDetailsRequest: ContractRequest
    /// The request for a place's tips (`place-tips`).
    associatedtype PlaceTipsRequest: ContractRequest
    /// The request for a place's photos (`place-photos`).
    associatedtype PlacePhotosRequest: ContractRequest
    /// The request for a place search (`place-search`).
    associatedtype PlaceSearchRequest: ContractRequest
    /// The request for `/autocomplete` suggestions (`autocomplete`).
    associatedtype AutocompleteRequest: ContractRequest
    /// The request for the places a device is likely at (`geotagging` in seed, `geotagging-candidates` since 2025-06-17).
    associatedtype GeotaggingRequest: ContractRequest
    /// The registry entry of this contract: base URL, auth styles and endpoints.
    static var contract: Contract { get }
}

extension PlacesContract {
    /// The request for one place's details.
    @available(*, deprecated, renamed: "PlaceDetailsRequest")
    public typealias PlaceRequest = PlaceDetailsRequest
    /// The request for a place's tips.
    @available(*, deprecated, renamed: "PlaceTipsRequest")
    public typealias TipsRequest = PlaceTipsRequest
    /// The request for a place's photos.
    @available(*, deprecated, renamed: "PlacePhotosRequest")
    public typealias PhotosRequest = PlacePhotosRequest
    /// The request for a place search.
    @available(*, deprecated, renamed: "PlaceSearchRequest")
    public typealias SearchRequest = PlaceSearchRequest
}

/// A contract whose server also takes the raw-key style (`Authorization: <key>`), so a typed client may switch to it
/// with `using(.apiKey)`. A bearer-only contract does not conform, and the call does not compile.
public protocol RawKeyContract: PlacesContract {}
