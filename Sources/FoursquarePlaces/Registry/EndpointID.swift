import Foundation

/// The stable id of each endpoint: the operation's name in the provider's document (`place-search`, `place-flag`);
/// fixture folders, report classnames and CLI filters use it.
///
/// It is a struct, not an enum, so a new API version adds constants in its folder and breaks no app's `switch`.
/// Endpoints that keep their path across contracts keep their id; a new path gets a new id.
public struct EndpointID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The id as fixture folders and reports spell it.
    public let rawValue: String

    /// The id named `rawValue` when some contract registers it; nil otherwise (an unknown fixture folder).
    public init?(rawValue: String) {
        guard Self.registeredNames.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// An id for a registry entry to declare; a version's folder declares its new ones with it.
    package init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// Every registered id, in the registry's order (contract by contract, each id once).
    public static var all: [EndpointID] { registered }

    /// Every registered id, in the registry's order.
    @available(*, deprecated, renamed: "all")
    public static var allCases: [EndpointID] { registered }

    private static let registered: [EndpointID] = {
        var seen = Set<EndpointID>()
        return Contract.catalog.map(\.id).filter { seen.insert($0).inserted }
    }()

    private static let registeredNames = Set(registered.map(\.rawValue))

    /// Decoded from its string; an id no contract registers is an error, as it was for the enum.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let id = EndpointID(rawValue: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown endpoint id '\(name)'")
        }
        self = id
    }

    /// Encoded as its string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The registry entry for this id in the first contract that has it.
    package var endpoint: Endpoint {
        // Every id reached here was registered; RegistryTableTests keeps every declared id in some contract.
        Contract.all.lazy.compactMap { $0.endpoint(self) }.first!
    }

    /// The registry entry for this id in `contract`, if that contract has it.
    package func endpoint(in contract: Contract) -> Endpoint? { contract.endpoint(self) }

    /// The contracts that serve this endpoint.
    package var contracts: [Contract] { Contract.all.filter { $0.endpoint(self) != nil } }
}
