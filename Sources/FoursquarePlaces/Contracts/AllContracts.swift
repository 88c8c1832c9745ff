// The one list of contracts: the only file outside a version's folder that names a version.
// `scripts/new-contract.sh` adds a scaffolded version here; ContractFolderTests keeps the rule.

extension Contract {
    /// Every contract the library speaks, oldest first.
    public static let all: [Contract] = [.seed, .v20250617]
}

extension Contract {
    /// The version the untyped client and the harness send when none is given (`--api-version`'s default): moved
    /// here by hand when a new version becomes the one to call, so scaffolding a version changes no default.
    package static let preferred: Contract = .v20250617
}
