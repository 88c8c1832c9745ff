import Foundation

/// A query parameter that does not fit the endpoint: the name and why.
package struct ParameterProblem: Error, Sendable, Hashable {
    package let name: String
    package let reason: String

    package init(_ name: String, _ reason: String) {
        self.name = name
        self.reason = reason
    }
}

/// Reads typed values out of a recorded query for a registry entry's builder, and notices
/// parameters nobody asked for. Range problems are left to the client's validation.
package struct QueryValues {
    package let query: [String: String]
    /// The decoded place id from the path, empty when the path has none.
    package let placeID: String
    let endpoint: Endpoint
    private var used: Set<String> = []

    init(query: [String: String], placeID: String, endpoint: Endpoint) {
        self.query = query
        self.placeID = placeID
        self.endpoint = endpoint
    }

    package mutating func string(_ name: String) -> String? {
        used.insert(name)
        return query[name]
    }

    package mutating func required(_ name: String) throws(ParameterProblem) -> String {
        guard let value = string(name) else { throw ParameterProblem(name, "is required for \(endpoint.id)") }
        return value
    }

    package mutating func int(_ name: String) throws(ParameterProblem) -> Int? {
        try string(name).map { text throws(ParameterProblem) in try Int(queryText: text, parameter: name) }
    }

    package mutating func coordinate(_ name: String) throws(ParameterProblem) -> Coordinate? {
        try string(name).map { text throws(ParameterProblem) in try Coordinate(queryText: text, parameter: name) }
    }

    /// Throws for the first parameter the builder did not read.
    func finish() throws(ParameterProblem) {
        let unknown = Set(query.keys).subtracting(used).sorted()
        if let first = unknown.first {
            let known = endpoint.parameters.map(\.name).joined(separator: ", ")
            throw ParameterProblem(first, "is not a parameter of \(endpoint.id) (it takes \(known))")
        }
    }
}
