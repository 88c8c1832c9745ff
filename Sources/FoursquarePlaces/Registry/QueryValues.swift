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

    package mutating func list(_ name: String) -> [String]? {
        string(name).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    package mutating func int(_ name: String) throws(ParameterProblem) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else { throw ParameterProblem(name, "'\(text)' is not an integer") }
        return value
    }

    package mutating func double(_ name: String) throws(ParameterProblem) -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text) else { throw ParameterProblem(name, "'\(text)' is not a number") }
        return value
    }

    package mutating func bool(_ name: String) throws(ParameterProblem) -> Bool? {
        guard let text = string(name) else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: throw ParameterProblem(name, "'\(text)' is not true or false")
        }
    }

    package mutating func intList(_ name: String) throws(ParameterProblem) -> [Int]? {
        guard let items = list(name) else { return nil }
        var values: [Int] = []
        for item in items {
            guard let value = Int(item) else { throw ParameterProblem(name, "'\(item)' is not an integer id") }
            values.append(value)
        }
        return values
    }

    package mutating func coordinate(_ name: String) throws(ParameterProblem) -> Coordinate? {
        guard let text = string(name) else { return nil }
        // Only the shape must parse here; the range is the client's to report.
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0]), let lng = Double(parts[1]) else {
            throw ParameterProblem(name, "'\(text)' is not 'latitude,longitude'")
        }
        return Coordinate(latitude: lat, longitude: lng)
    }

    package mutating func value<E: RawRepresentable & CaseIterable>(_ name: String, as type: E.Type) throws(ParameterProblem) -> E?
    where E.RawValue == String {
        guard let text = string(name) else { return nil }
        return try Self.parse(text, name, E.self)
    }

    package mutating func values<E: RawRepresentable & CaseIterable>(_ name: String, as type: E.Type) throws(ParameterProblem) -> [E]?
    where E.RawValue == String {
        guard let items = list(name) else { return nil }
        var values: [E] = []
        for item in items { values.append(try Self.parse(item, name, E.self)) }
        return values
    }

    private static func parse<E: RawRepresentable & CaseIterable>(_ text: String, _ name: String, _ type: E.Type) throws(ParameterProblem) -> E
    where E.RawValue == String {
        guard let value = E(rawValue: text) else {
            throw ParameterProblem(name, "'\(text)' is not one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
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
