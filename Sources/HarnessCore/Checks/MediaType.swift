import Foundation

/// A `content-type` header's media type, as the checks, drift and the document check compare it.
package enum MediaType {
    /// `application/json; charset=utf-8` → `application/json`.
    package static func of(_ value: String?) -> String? {
        value?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// `application/json`, or any `+json` type.
    package static func isJSON(_ media: String?) -> Bool {
        guard let media else { return false }
        return media == "application/json" || media.hasSuffix("+json")
    }
}
