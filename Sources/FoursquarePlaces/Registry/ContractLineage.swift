/// A contract's place in the line of versions that `Contract.all` lists, oldest first: each version's own folder
/// names the version it follows (`extension Contract20250617 { package typealias Successor = Contract20260115 }`),
/// so a new folder joins the list by being compiled, and two versions that claim the same predecessor do not build.
package protocol ContractLineage: PlacesContract {
    /// The version after this one; `EndOfLineage` for the latest.
    associatedtype Successor = EndOfLineage
}

/// What the latest contract's `Successor` is: no version follows it.
package enum EndOfLineage {}

extension ContractLineage {
    /// The contracts from this one to the latest, oldest first.
    package static var lineage: [Contract] {
        var contracts = [contract]
        var next: Any.Type = Successor.self
        while let type = next as? any ContractLineage.Type {
            // A cycle is a folder naming an older version as its successor: stop at the first repeat.
            guard !contracts.contains(type.contract) else { break }
            contracts.append(type.contract)
            next = type.successorType
        }
        return contracts
    }

    private static var successorType: Any.Type { Successor.self }
}
