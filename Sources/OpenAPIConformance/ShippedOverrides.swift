import FixtureFormat
import Foundation
import FoursquarePlaces

/// The overrides this package ships for the providers' documents it knows (`Overrides/overrides-<yyyymmdd>.json`,
/// embedded in the binary by `ShippedFilesPlugin`, so a version's file is found by its presence), applied to Foursquare's own document (info.title `Places API`) when no `--openapi-overrides` is given
/// for its contract. Another document for the same contract is someone else's, with other flaws. A version with no
/// file of its own takes the latest earlier version's, as it was scaffolded from it; an override that no longer
/// matches its document is reported as unmatched.
package enum ShippedOverrides {
    /// Each shipped file by the contract its name gives (`overrides-20250617.json` is 2025-06-17's).
    static let files = EmbeddedFiles.byContract(embedded, prefix: "overrides-")

    package static func forDocument(_ tree: JSONValue, contract: ContractID) -> DocumentOverrides? {
        var title: String?
        if case let .string(text)? = tree.member("info")?.member("title") { title = text }
        guard title == "Places API", let file = file(for: contract) else { return nil }
        // Shipped with the package and checked by its tests, so it always parses.
        return try! DocumentOverrides(data: Data(file.text.utf8), source: "shipped \(file.name)")
    }

    /// The file for `contract`, else the one of the latest version before it in the line that has one.
    static func file(for contract: ContractID) -> (text: String, name: String)? {
        guard let index = Contract.known.firstIndex(of: contract) else { return files[contract] }
        return Contract.known[...index].reversed().lazy.compactMap { files[$0] }.first
    }
}
