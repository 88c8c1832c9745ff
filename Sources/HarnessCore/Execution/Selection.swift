import FoursquarePlaces

/// Why a verb's flags select nothing to test: one line saying why and what would select something. A job that
/// could not test what it was asked to must not exit 0, so each of these is a usage error (exit 2).
package enum Selection {
    /// `--auth` asks only for styles `contract` does not take (`--contract 2025-06-17 --auth apiKey`).
    package static func authProblem(_ styles: [AuthStyle], contract: ContractID) -> String? {
        let accepted = contract.authStyles
        guard !styles.contains(where: accepted.contains) else { return nil }
        guard let preferred = accepted.first else { return "--contract \(contract) is unknown (known: \(Contract.knownList))" }
        let others = Contract.known.filter { other in styles.contains(where: other.authStyles.contains) }
        return "\(authFlag(styles)) selects nothing: \(contract) takes \(names(accepted)) only; use --auth \(preferred.rawValue)"
            + (others.isEmpty ? "" : " or --contract \(others.map(\.rawValue).joined(separator: " or --contract "))")
    }

    /// `--auth` asks only for styles that none of the selected fixtures' contracts take.
    package static func authProblem(_ styles: [AuthStyle], contracts: Set<ContractID>) -> String? {
        guard !contracts.isEmpty else { return nil }
        if contracts.count == 1, let contract = contracts.first { return authProblem(styles, contract: contract) }
        let accepted = Set(contracts.flatMap(\.authStyles))
        guard !styles.contains(where: accepted.contains) else { return nil }
        let usable = AuthStyle.allCases.filter(accepted.contains)
        return "\(authFlag(styles)) selects nothing: the selected fixtures' contracts (\(contracts.sorted().map(\.rawValue).joined(separator: ", "))) "
            + "take \(names(usable)) only; use --auth \(usable.first?.rawValue ?? "both")"
    }

    /// `--api-version` on a live call or drift: it only changes the bearer style's header.
    package static func apiVersionProblem(_ version: String, styles: [AuthStyle]) -> String? {
        guard !styles.contains(.bearer) else { return nil }
        return "--api-version \(version) applies to nothing: \(authFlag(styles)) sends no X-Places-Api-Version header; "
            + "use --auth bearer, or drop --api-version"
    }

    /// `--api-version` on replay: it applies only to a fixture replayed with bearer whose own version allows it
    /// (no recorded `X-Places-Api-Version`, or the same one; a dated contract fixes its version).
    package static func apiVersionProblem(_ version: String, styles: [AuthStyle], fixtures: [Fixture]) -> String? {
        if let problem = apiVersionProblem(version, styles: styles) { return problem }
        let replayed = fixtures.filter { Contracts.styles(for: $0, selected: styles).contains(.bearer) }
        let conflicting = replayed.filter { ownVersion(of: $0).map { $0 != version } ?? false }
        if let first = conflicting.first, let own = ownVersion(of: first) {
            return "--api-version \(version) contradicts \(conflicting.count) fixture\(conflicting.count == 1 ? "" : "s") "
                + "recorded at X-Places-Api-Version \(own) (e.g. \(first.relativePath)); drop --api-version to replay each at "
                + "its own version, or --filter fixtures recorded without one"
        }
        guard !replayed.isEmpty else {
            return "--api-version \(version) applies to no selected fixture: none is replayed with bearer; drop --api-version"
        }
        return nil
    }

    /// The version a fixture was recorded at, or that its dated contract fixes; nil when it has none of its own.
    static func ownVersion(of fixture: Fixture) -> String? {
        fixture.request.headers["x-places-api-version"] ?? fixture.contract.fixedAPIVersion
    }

    /// `--shard I/N` left nothing in this shard.
    package static func emptyShard(_ shard: String, fixtures: Int) -> String {
        "--shard \(shard) selects no fixture: the \(fixtures) selected fixture\(fixtures == 1 ? "" : "s") fill only "
            + "\(fixtures) shard\(fixtures == 1 ? "" : "s"); use at most \(max(fixtures, 1)) shards"
    }

    static func authFlag(_ styles: [AuthStyle]) -> String {
        styles.count == AuthStyle.allCases.count ? "--auth both" : "--auth \(names(styles))"
    }

    static func names(_ styles: [AuthStyle]) -> String { styles.map(\.rawValue).joined(separator: " and ") }
}
