import FoursquarePlaces

/// What the harness knows about each contract a fixture can name.
public enum Contracts {
    /// Contract names `--contract` accepts, in the order help lists them.
    public static let known = Contract.all.map(\.id)

    /// The auth styles a contract's server accepts, so `request` runs once for each of them.
    /// One function, so that it can later ask the library's contract registry instead.
    public static func acceptedAuthStyles(contract: String) -> [AuthStyle] {
        // The library's registry knows; an unknown contract (the loader refuses those) keeps both.
        Contract.named(contract)?.authStyles ?? AuthStyle.allCases
    }

    /// The accepted styles of `fixture`'s contract that the run selected, in the run's order.
    public static func styles(for fixture: Fixture, selected: [AuthStyle]) -> [AuthStyle] {
        let accepted = acceptedAuthStyles(contract: fixture.contract)
        return selected.filter(accepted.contains)
    }
}
