import FoursquarePlaces

/// Which contracts' fixtures a verb runs: `--contract`, else (for verbs that call a server) the project file's
/// `liveContracts`, else every contract.
public struct ContractSelection: Sendable, Equatable {
    /// The contracts run, in `Contract.known` order; nil is every contract.
    public let contracts: [ContractID]?
    /// Contracts the project file left out of a live verb, for the one line that says so.
    public let leftOut: [ContractID]
    /// The project file that chose them, for that line.
    let projectName: String?

    /// `--contract all` runs every contract, whatever the project file says.
    public static let allValue = "all"

    /// `flag` is `--contract` (checked against the known contracts); `live` is true for verbs that call a server.
    public init(flag: String?, project: ProjectFile, live: Bool) throws(SelectionError) {
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
    public func includes(contract: ContractID) -> Bool { contracts?.contains(contract) ?? true }

    /// The single contract selected, when there is one (plan entries record under it).
    public var single: ContractID? { contracts?.count == 1 ? contracts?.first : nil }

    /// `left out: seed (not in fsq-contract.json liveContracts; --contract seed to include it)`, or nil.
    public var leftOutLine: String? {
        guard !leftOut.isEmpty, let projectName else { return nil }
        let names = leftOut.map(\.rawValue).joined(separator: ", ")
        let include = leftOut.count == 1 ? "--contract \(leftOut[0])" : "--contract all"
        return "left out: \(names) (not in \(projectName) liveContracts; \(include) to include \(leftOut.count == 1 ? "it" : "them"))"
    }

    /// A `--contract` value that is not a contract.
    public struct SelectionError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }
}
