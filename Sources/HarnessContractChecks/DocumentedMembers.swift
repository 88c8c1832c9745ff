import FoursquarePlaces

/// The members a contract's document lets a 2xx answer carry, for judges outside the core (drift tells a renamed
/// member from another documented one by it). Read from `DocumentedOperation`, never from the client.
package enum DocumentedMembers {
    /// JSON paths with `[*]` for array elements; nil when the contract's document does not describe `endpoint`.
    package static func of(endpoint: String, contract: ContractID) -> Set<String>? {
        DocumentedOperation.named(endpoint, contract: contract)?.members
    }
}
