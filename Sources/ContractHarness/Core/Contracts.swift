import FoursquarePlaces

/// What the harness knows about each contract a fixture can name.
public enum Contracts {
    /// Contract names `--contract` accepts, in the order help lists them.
    public static var known: [ContractID] { Contract.known }

    /// `known` as help and error lines list it: `seed, 2025-06-17`.
    public static var knownList: String { known.map(\.rawValue).joined(separator: ", ") }

    /// The accepted styles of `fixture`'s contract that the run selected, in the run's order.
    public static func styles(for fixture: Fixture, selected: [AuthStyle]) -> [AuthStyle] {
        selected.filter(fixture.contract.authStyles.contains)
    }
}
