import Foundation

/// One version of the Places API: where it answers, how it authenticates, and its endpoints.
public struct Contract: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// `seed` or an API version such as `2025-06-17`; fixtures name it in `contract`.
    public let id: String
    public let baseURL: URL
    /// The auth styles the server accepts, the preferred one first.
    public let authStyles: [AuthStyle]
    /// Sent as `X-Places-Api-Version` in the bearer style.
    public let apiVersion: String
    /// Every endpoint this contract serves, in the registry's order.
    public let endpoints: [Endpoint]

    public var description: String { id }

    public static func == (lhs: Contract, rhs: Contract) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Every contract the library speaks, oldest first.
    public static let all: [Contract] = [.seed, .v20250617]

    /// The contract with this id, if the library knows it.
    public static func named(_ id: String) -> Contract? { all.first { $0.id == id } }

    /// The registry entry for `id`, if this contract serves it.
    public func endpoint(_ id: EndpointID) -> Endpoint? { endpoints.first { $0.id == id } }

    /// Every registry entry of every contract, contract by contract.
    public static var catalog: [Endpoint] { all.flatMap(\.endpoints) }

    /// The auth styles a contract accepts; empty for a contract the library does not know.
    public static func authStyles(for contract: String) -> [AuthStyle] { named(contract)?.authStyles ?? [] }
}

/// The compile-time face of a contract: its request types, so that an app that moves to another
/// contract changes one type and the compiler lists every call and field that differs.
public protocol PlacesContract: Sendable {
    associatedtype PlaceRequest: EndpointRequest
    associatedtype TipsRequest: EndpointRequest
    associatedtype PhotosRequest: EndpointRequest
    associatedtype SearchRequest: EndpointRequest
    associatedtype AutocompleteRequest: EndpointRequest
    associatedtype GeotaggingRequest: EndpointRequest
    static var contract: Contract { get }
}

/// The contract of the seed spec documents 000–004.
public enum SeedContract: PlacesContract {
    public typealias PlaceRequest = PlaceDetailsRequest
    public typealias TipsRequest = PlaceTipsRequest
    public typealias PhotosRequest = PlacePhotosRequest
    public typealias SearchRequest = PlaceSearchRequest
    public typealias AutocompleteRequest = FoursquarePlaces.AutocompleteRequest
    public typealias GeotaggingRequest = FoursquarePlaces.GeotaggingRequest
    public static var contract: Contract { .seed }
}

/// The API that serves traffic today, version 2025-06-17; its models and requests are nested here.
public enum Contract20250617: PlacesContract {
    public static var contract: Contract { .v20250617 }
}
