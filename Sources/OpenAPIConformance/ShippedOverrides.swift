import Foundation

/// The overrides this package ships for the providers' documents it knows (`Overrides/*.json`, embedded in the
/// binary), applied when no `--openapi-overrides` is given for that contract.
enum ShippedOverrides {
    static func forContract(_ contract: String) -> DocumentOverrides? {
        switch contract {
        case "2025-06-17":
            // Shipped with the package and checked by its tests, so it always parses.
            return try! DocumentOverrides(data: Data(PackageResources.overrides_20250617_json),
                                          source: "shipped overrides-20250617.json")
        default:
            return nil
        }
    }
}
