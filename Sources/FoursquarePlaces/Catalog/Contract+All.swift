// The line of contracts: the seed contract, then each version its own folder declares as the successor of the one
// before (`ContractLineage`). Scaffolding a version changes nothing here; ContractIDTests checks that every folder
// under Contracts/ is one contract of the line.

extension Contract {
    /// Every contract the library speaks, oldest first.
    public static let all: [Contract] = SeedContract.lineage
}

extension Contract {
    /// The version the untyped client and the harness send when none is given (`--api-version`'s default): moved
    /// here by hand when a new version becomes the one to call, so scaffolding a version changes no default.
    package static let preferred: Contract = .v20250617
}
