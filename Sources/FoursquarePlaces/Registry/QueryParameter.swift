import Foundation

/// One query parameter of one request type, declared once in the registry: its wire name, its rule, and the
/// key path of the property that holds it. The query items a request sends, the client's validation, the
/// registry's rules (replay, emulator, OpenAPI check, `list`) and the rebuild of a request from a recorded
/// query all come from this one value.
package struct QueryParameter<R: EndpointRequest>: Sendable {
    /// The registry's view: name, rule, whether required (a location group declares several).
    package let declared: [Endpoint.Parameter]
    /// Appends what `request` sends for this parameter (nothing when unset).
    let write: @Sendable (R, inout [(name: String, value: String)]) -> Void
    /// Sets the property from a recorded query.
    let read: @Sendable (inout R, inout QueryValues) throws(ParameterProblem) -> Void

    /// An optional parameter: sent when the property is set. `source` says whether the document states `rule`.
    package static func field<V: QueryValue>(
        _ name: String, _ keyPath: WritableKeyPath<R, V?>, _ rule: Endpoint.Rule = V.defaultRule,
        source: Endpoint.RuleSource = .document
    ) -> Self {
        // A key path to a stored property of a value type holds no mutable state.
        nonisolated(unsafe) let path = keyPath
        return QueryParameter(
            declared: [Endpoint.Parameter(name, rule, source: source)],
            write: { request, items in
                if let text = request[keyPath: path]?.queryText { items.append((name, text)) }
            },
            read: { (request: inout R, query: inout QueryValues) throws(ParameterProblem) in
                guard let text = query.string(name) else { return }
                request[keyPath: path] = try V(queryText: text, parameter: name)
            })
    }

    /// A `fields` projection that always keeps `id`: the model cannot do without the id (a place without it cannot
    /// be fetched again), so the client adds it, first, when the caller's list leaves it out.
    package static func projection(_ name: String, _ keyPath: WritableKeyPath<R, [String]?>, keeping id: String) -> Self {
        nonisolated(unsafe) let path = keyPath
        return QueryParameter(
            declared: [Endpoint.Parameter(name, [String].defaultRule, keeps: id)],
            write: { request, items in
                guard let fields = request[keyPath: path], !fields.isEmpty else { return }
                let sent = fields.contains(id) ? fields : [id] + fields
                if let text = sent.queryText { items.append((name, text)) }
            },
            read: { (request: inout R, query: inout QueryValues) throws(ParameterProblem) in
                guard let text = query.string(name) else { return }
                request[keyPath: path] = try [String](queryText: text, parameter: name)
            })
    }

    /// A required parameter: always sent; a recorded query without it does not rebuild.
    package static func required<V: QueryValue>(
        _ name: String, _ keyPath: WritableKeyPath<R, V>, _ rule: Endpoint.Rule = V.defaultRule,
        source: Endpoint.RuleSource = .document
    ) -> Self {
        nonisolated(unsafe) let path = keyPath
        return QueryParameter(
            declared: [Endpoint.Parameter(name, rule, required: true, source: source)],
            write: { request, items in
                if let text = request[keyPath: path].queryText { items.append((name, text)) }
            },
            read: { (request: inout R, query: inout QueryValues) throws(ParameterProblem) in
                request[keyPath: path] = try V(queryText: try query.required(name), parameter: name)
            })
    }

    /// The optional location strategy of a search: `ll` (with `radius`), `near`, or `ne` with `sw`.
    package static func location(_ keyPath: WritableKeyPath<R, SearchLocation?>, radius: Endpoint.Rule) -> Self {
        nonisolated(unsafe) let path = keyPath
        return QueryParameter(
            declared: SearchLocation.parameters(radius: radius),
            write: { request, items in items += request[keyPath: path]?.queryItems ?? [] },
            read: { (request: inout R, query: inout QueryValues) throws(ParameterProblem) in
                request[keyPath: path] = try SearchLocation.read(&query)
            })
    }

    /// A location strategy the request cannot go without (the seed contract's search).
    package static func location(_ keyPath: WritableKeyPath<R, SearchLocation>, radius: Endpoint.Rule) -> Self {
        nonisolated(unsafe) let path = keyPath
        return QueryParameter(
            declared: SearchLocation.parameters(radius: radius),
            write: { request, items in items += request[keyPath: path].queryItems },
            read: { (request: inout R, query: inout QueryValues) throws(ParameterProblem) in
                guard let location = try SearchLocation.read(&query) else {
                    throw ParameterProblem("ll/near/ne+sw", "exactly one location strategy is required; none was given")
                }
                request[keyPath: path] = location
            })
    }
}

/// A Swift type a query parameter's value is written in: how it is sent, how a recorded value is read
/// back (only its shape; ranges are the rule's to check), and the rule it gets when the registry names none.
package protocol QueryValue: Sendable {
    /// The value as sent, not yet percent-encoded; nil sends nothing (an empty list).
    var queryText: String? { get }
    /// Reads a recorded value; throws naming `parameter` when it has the wrong shape.
    init(queryText: String, parameter: String) throws(ParameterProblem)
    /// The rule a declaration gets when it names none.
    static var defaultRule: Endpoint.Rule { get }
}

/// A type whose values can also be items of a comma-separated list parameter.
package protocol QueryListItem {
    var queryText: String? { get }
    init(queryText: String, parameter: String) throws(ParameterProblem)
    /// The rule of a list of these.
    static var listRule: Endpoint.Rule { get }
}

/// A string enum sent by its raw value; the rule lists its cases.
package protocol QueryEnum: QueryValue, QueryListItem, RawRepresentable, CaseIterable where RawValue == String {}

extension QueryEnum {
    package var queryText: String? { rawValue }

    package init(queryText: String, parameter: String) throws(ParameterProblem) {
        guard let value = Self(rawValue: queryText) else {
            throw ParameterProblem(parameter, "'\(queryText)' is not one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = value
    }

    package static var defaultRule: Endpoint.Rule { .oneOf(allCases.map(\.rawValue)) }
    package static var listRule: Endpoint.Rule { .listOf(allCases.map(\.rawValue)) }
}

extension String: QueryValue, QueryListItem {
    package var queryText: String? { self }
    package init(queryText: String, parameter: String) { self = queryText }
    package static var defaultRule: Endpoint.Rule { .text }
    package static var listRule: Endpoint.Rule { .list }
}

extension Int: QueryValue, QueryListItem {
    package var queryText: String? { String(self) }

    package init(queryText: String, parameter: String) throws(ParameterProblem) {
        guard let value = Int(queryText) else { throw ParameterProblem(parameter, "'\(queryText)' is not an integer") }
        self = value
    }

    package static var defaultRule: Endpoint.Rule { .integer(Int.min...Int.max) }
    package static var listRule: Endpoint.Rule { .integerList }
}

extension Double: QueryValue {
    package var queryText: String? { Coordinate.format(self) }

    package init(queryText: String, parameter: String) throws(ParameterProblem) {
        guard let value = Double(queryText) else { throw ParameterProblem(parameter, "'\(queryText)' is not a number") }
        self = value
    }

    package static var defaultRule: Endpoint.Rule { .number }
}

extension Bool: QueryValue {
    package var queryText: String? { self ? "true" : "false" }

    package init(queryText: String, parameter: String) throws(ParameterProblem) {
        switch queryText {
        case "true": self = true
        case "false": self = false
        default: throw ParameterProblem(parameter, "'\(queryText)' is not true or false")
        }
    }

    package static var defaultRule: Endpoint.Rule { .boolean }
}

extension Coordinate: QueryValue {
    package var queryText: String? { queryValue }

    package init(queryText: String, parameter: String) throws(ParameterProblem) {
        // Only the shape must parse here; the range is the client's to report.
        let parts = queryText.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0]), let lng = Double(parts[1]) else {
            throw ParameterProblem(parameter, "'\(queryText)' is not 'latitude,longitude'")
        }
        self.init(latitude: lat, longitude: lng)
    }

    package static var defaultRule: Endpoint.Rule { .coordinate }
}

extension Array: QueryValue where Element: QueryListItem {
    package var queryText: String? {
        isEmpty ? nil : compactMap(\.queryText).joined(separator: ",")
    }

    package init(queryText: String, parameter: String) throws(ParameterProblem) {
        var values: [Element] = []
        for item in queryText.split(separator: ",", omittingEmptySubsequences: false) {
            values.append(try Element(queryText: String(item), parameter: parameter))
        }
        self = values
    }

    package static var defaultRule: Endpoint.Rule { Element.listRule }
}

extension AutocompleteType: QueryEnum {}
