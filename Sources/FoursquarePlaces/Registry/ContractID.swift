/// The name of one contract: `seed` (the spec documents) or an API version such as `2025-06-17`.
///
/// Fixtures name it in `contract`, `--contract` takes it, and reports group by it. It is a struct, not an enum,
/// so the next API version adds a constant and breaks no `switch`.
public struct ContractID: RawRepresentable, Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible {
    /// The name as fixtures and flags spell it.
    public let rawValue: String

    /// The contract named `rawValue`, known to the library or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The contract named `rawValue`, known to the library or not.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    /// Ordered by name, as reports list contracts.
    public static func < (lhs: ContractID, rhs: ContractID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The registry entry of this contract, if the library knows it.
    package var contract: Contract? { Contract.all.first { $0.id == self } }

    /// The auth styles this contract's server accepts, the preferred one first; none for a contract the library
    /// does not know (the fixture loader and every flag refuse those before anything runs).
    package var authStyles: [AuthStyle] { contract?.authStyles ?? [] }

    /// The `X-Places-Api-Version` this contract's server wants: a dated contract's own (its id, the date its folder
    /// is named for); nil for the seed contract, which fixes none, and for a contract the library does not know.
    package var fixedAPIVersion: String? { contract.flatMap { $0.isDated ? $0.apiVersion : nil } }
}
