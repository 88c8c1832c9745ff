import FoursquarePlaces

/// What the harness knows about each contract a fixture can name.
package enum Contracts {
    /// The accepted styles of `fixture`'s contract that the run selected, in the run's order.
    package static func styles(for fixture: Fixture, selected: [AuthStyle]) -> [AuthStyle] {
        selected.filter(fixture.contract.authStyles.contains)
    }
}
