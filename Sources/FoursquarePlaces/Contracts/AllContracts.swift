// The one list of contracts: the only file outside a version's folder that names a version.
// `scripts/new-contract.sh` adds a scaffolded version here; ContractFolderTests keeps the rule.

extension Contract {
    /// Every contract the library speaks, oldest first.
    public static let all: [Contract] = [.seed, .v20250617]
}
