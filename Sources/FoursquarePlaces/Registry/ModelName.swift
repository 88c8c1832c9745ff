/// A model type's name as checks and reports print it: without the module, and a type generic over its contract
/// (`SearchResponse<Contract20250617>`) spelled as an app writes it (`Contract20250617.SearchResponse`).
package enum ModelName {
    /// The name of `type`, e.g. `Contract20250617.Place`, `Array<Contract20250617.Tip>`.
    package static func of(_ type: Any.Type) -> String {
        String(reflecting: type).replacingOccurrences(of: "FoursquarePlaces.", with: "")
            .replacing(/(\w+)<(\w*Contract\w*)>/) { "\($0.2).\($0.1)" }
    }
}
