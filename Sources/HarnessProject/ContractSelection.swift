import FoursquarePlaces

/// Which contracts' fixtures a verb runs: `--contract`, else (for verbs that call a server) the project file's
/// `liveContracts`, else every contract.
package struct ContractSelection: Sendable, Equatable {
    /// The contracts run, in `Contract.known` order; nil is every contract.
    package let contracts: [ContractID]?
    /// Contracts the project file left out of a live verb, for the one line that says so.
    package let leftOut: [ContractID]
    /// The project file that chose them, for that line.
    let projectName: String?

    /// `--contract all` runs every contract, whatever the project file says.
    package static let allValue = "all"

    /// `flag` is `--contract` (checked against the known contracts); `live` is true for verbs that call a server.
    package init(flag: String?, project: ProjectFile, live: Bool) throws(SelectionError) {
        if let flag {
            if flag == Self.allValue {
                self.init(contracts: nil)
                return
            }
            guard Contract.known.contains(ContractID(flag)) else {
                throw SelectionError(description: "--contract '\(flag)' is not a known contract (known: "
                                     + (Contract.known.map(\.rawValue) + [Self.allValue]).joined(separator: ", ") + ")")
            }
            self.init(contracts: [ContractID(flag)])
            return
        }
        guard live, let chosen = project.liveContracts else {
            self.init(contracts: nil)
            return
        }
        let contracts = Contract.known.filter(chosen.contains)
        self.init(contracts: contracts, leftOut: Contract.known.filter { !chosen.contains($0) }, projectName: project.name)
    }

    init(contracts: [ContractID]?, leftOut: [ContractID] = [], projectName: String? = nil) {
        self.contracts = contracts
        self.leftOut = leftOut
        self.projectName = projectName
    }

    /// Whether a fixture of `contract` runs.
    package func includes(contract: ContractID) -> Bool { contracts?.contains(contract) ?? true }

    /// The single contract selected, when there is one (plan entries record under it).
    package var single: ContractID? { contracts?.count == 1 ? contracts?.first : nil }

    /// `left out: seed (not in fsq-contract.json liveContracts; --contract seed to include it)`, or nil.
    package var leftOutLine: String? {
        guard !leftOut.isEmpty, let projectName else { return nil }
        let names = leftOut.map(\.rawValue).joined(separator: ", ")
        let include = leftOut.count == 1 ? "--contract \(leftOut[0])" : "--contract all"
        return "left out: \(names) (not in \(projectName) liveContracts; \(include) to include \(leftOut.count == 1 ? "it" : "them"))"
    }

    /// `leftOutLine` naming only the contracts left out that the fixtures folder holds (`present`): a version the
    /// project has no fixtures of is not named every night.
    package func leftOutLine(among present: Set<ContractID>) -> String? {
        ContractSelection(contracts: contracts, leftOut: leftOut.filter(present.contains), projectName: projectName).leftOutLine
    }

    /// A `--contract` value that is not a contract.
    package struct SelectionError: Error, Sendable, CustomStringConvertible {
        package let description: String
    }
}
