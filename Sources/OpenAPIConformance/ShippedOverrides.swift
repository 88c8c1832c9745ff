import FixtureFormat
import Foundation
import FoursquarePlaces

/// The overrides this package ships for the providers' documents it knows (`Overrides/*.json`, embedded in the
/// binary), applied to Foursquare's own document (info.title `Places API`) when no `--openapi-overrides` is given
/// for its contract. Another document for the same contract is someone else's, with other flaws.
enum ShippedOverrides {
    static func forDocument(_ tree: JSONValue, contract: ContractID) -> DocumentOverrides? {
        var title: String?
        if case let .string(text)? = tree.member("info")?.member("title") { title = text }
        switch (contract, title) {
        case (.v20250617, "Places API"):
            // Shipped with the package and checked by its tests, so it always parses.
            return try! DocumentOverrides(data: Data(PackageResources.overrides_20250617_json),
                                          source: "shipped overrides-20250617.json")
        default:
            return nil
        }
    }
}
