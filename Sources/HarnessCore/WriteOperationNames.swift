import Foundation
import FoursquarePlaces

/// Operation names as `--allow-writes` and the project file's `allowWrites` take them: an endpoint id
/// (`geotagging-confirm`) or a path (`geotagging/confirm`, `/geotagging/confirm`, `POST /geotagging/confirm`),
/// repeatable or comma-separated.
package enum WriteOperationNames {
    /// The writes `names` name. A name that is not a write of any contract is an error, so a typo is never taken for
    /// permission or ignored.
    package static func parse(_ names: [String]) throws(WritePolicyError) -> Set<EndpointID> {
        var allowed: Set<EndpointID> = []
        let writes = Contract.catalog.filter(\.effect.writes)
        for name in names.flatMap({ $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }) where !name.isEmpty {
            let bare = name.hasPrefix("POST ") ? String(name.dropFirst(5)) : name
            let path = bare.hasPrefix("/") ? bare : "/" + bare
            guard let entry = writes.first(where: { $0.id.rawValue == name || $0.pathTemplate == path }) else {
                let known = writes.map(\.id.rawValue).joined(separator: ", ")
                throw WritePolicyError("'\(name)' is not an operation that writes (known: \(known))")
            }
            allowed.insert(entry.id)
        }
        return allowed
    }
}

/// An `--allow-writes` or `allowWrites` name that names no write.
package struct WritePolicyError: Error, Sendable, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
