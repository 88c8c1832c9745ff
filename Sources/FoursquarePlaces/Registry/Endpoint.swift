import Foundation

/// One registry entry: an endpoint as one contract defines it — method, path template,
/// parameters with their rules, the request type a user writes and the model a 2xx decodes into.
public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint's stable id, the same in every contract that keeps its path.
    public let id: EndpointID
    /// The contract this entry belongs to.
    public private(set) var contract: ContractID
    /// The HTTP method, `GET` or `POST`.
    public let method: String
    /// The path, with `{name}` where the place id goes (`{fsq_id}` in seed, `{fsq_place_id}` since 2025-06-17).
    public let pathTemplate: String
    /// The query parameters it takes, with their rules, in the order they are sent.
    package let parameters: [Parameter]
    /// The document that defines it: a seed spec number, or the OpenAPI version.
    package private(set) var specDocument: String
    /// The Swift type a 2xx body decodes into.
    package let responseModel: any (Decodable & Sendable).Type
    /// The Swift type a user builds to call it.
    package let requestType: any EndpointRequest.Type
    /// Answer fields that carry a credential (`access_key_id`, …): redacted before a fixture is written.
    package let secretFields: [String]
    /// Rebuilds the typed request from a path id and a query (fixtures, recorder plans).
    let build: @Sendable (inout QueryValues) throws(ParameterProblem) -> any EndpointRequest
    /// The query items a request of `requestType` sends, from its declared parameters.
    let encode: @Sendable (any EndpointRequest) -> [(name: String, value: String)]

    /// An entry from its request type and the declaration of each query parameter, in the order they are sent.
    /// `request` makes an empty request for the id in the path (ignored when the path has none); the rebuild of a
    /// recorded query starts from it and sets each declared parameter.
    init<R: EndpointRequest>(
        _ id: EndpointID, contract: ContractID, method: String = "GET", _ pathTemplate: String, spec: String,
        request: @escaping @Sendable (String) -> R, secrets: [String] = [], _ query: [QueryParameter<R>]
    ) {
        self.secretFields = secrets
        self.id = id
        self.contract = contract
        self.method = method
        self.pathTemplate = pathTemplate
        self.specDocument = spec
        self.parameters = query.flatMap(\.declared)
        self.responseModel = R.Response.self
        self.requestType = R.self
        self.build = { (values: inout QueryValues) throws(ParameterProblem) -> any EndpointRequest in
            var request = request(values.placeID)
            for parameter in query { try parameter.read(&request, &values) }
            return request
        }
        self.encode = { request in
            guard let request = request as? R else { return [] }
            var items: [(name: String, value: String)] = []
            for parameter in query { parameter.write(request, &items) }
            return items
        }
    }

    /// This entry as a later contract serves it unchanged: the same request type, model and rules, under
    /// `contract`'s id and defined by `spec` (an operation a version added, which the next one keeps).
    package func reissued(for contract: ContractID, spec: String) -> Endpoint {
        var entry = self
        entry.contract = contract
        entry.specDocument = spec
        return entry
    }

    /// Every registry entry of every contract, contract by contract; `Contract.catalog`.
    package static var catalog: [Endpoint] { Contract.catalog }

    /// The response model's name, as checks and reports print it.
    package var responseType: String { ModelName.of(responseModel) }

    public var description: String { "\(method) \(pathTemplate) (\(id), \(contract))" }

    public static func == (lhs: Endpoint, rhs: Endpoint) -> Bool { lhs.id == rhs.id && lhs.contract == rhs.contract }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(contract)
    }

    /// The `{…}` segment of the template, when the path carries a place id.
    package var placeholder: String? {
        // Scanned as bytes: the client asks for it on every request.
        let utf8 = pathTemplate.utf8
        guard let open = utf8.firstIndex(of: UInt8(ascii: "{")),
              let close = utf8[open...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
        return String(pathTemplate[open...close])
    }

    /// Whether the path carries a place id.
    package var hasPlaceID: Bool { placeholder != nil }

    /// The parameter with the wire name `name`, if this endpoint takes one.
    package func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }

    /// The percent-encoded path for `placeID`; throws `invalidInput` for an id the path cannot carry.
    package func path(placeID: String?) throws(FoursquareError) -> String {
        guard let placeholder else { return pathTemplate }
        let name = String(placeholder.dropFirst().dropLast())
        guard let placeID else { throw .invalidInput(name, "is required") }
        return pathTemplate.replacingOccurrences(of: placeholder, with: try Validate.placeID(placeID, parameter: name))
    }

    /// Checks `items` against the declared parameters: no unknown names, required ones present, each rule met.
    package func validate(_ items: [(name: String, value: String)]) throws(FoursquareError) {
        for parameter in parameters where parameter.required && !items.contains(where: { $0.name == parameter.name }) {
            throw .invalidInput(parameter.name, "is required")
        }
        for item in items {
            guard let parameter = parameter(named: item.name) else {
                throw .invalidInput(item.name, "is not a parameter of \(method) \(pathTemplate)")
            }
            try parameter.rule.check(item.value, parameter: item.name)
        }
    }

    /// The typed request a path's place id and a query describe.
    package func makeRequest(placeID: String?, query: [String: String]) throws(ParameterProblem) -> any EndpointRequest {
        var values = QueryValues(query: query, placeID: placeID ?? "", endpoint: self)
        let request = try build(&values)
        try values.finish()
        return request
    }
}

extension Endpoint {
    /// One query parameter and the rule its value must meet.
    package struct Parameter: Sendable, Hashable, CustomStringConvertible {
        /// The parameter's name on the wire, e.g. `fsq_category_ids`.
        package let name: String
        /// Whether a request without it is rejected before it is sent.
        package let required: Bool
        /// What its value must be.
        package let rule: Rule
        /// Where `rule` (and `required`) comes from: the provider's document, or the client's own assumption.
        package let source: RuleSource
        /// A `fields` projection's id, which the client always sends in it (the model needs it).
        package let keeps: String?

        /// A parameter named `name` whose value meets `rule`; optional unless `required` is true.
        package init(_ name: String, _ rule: Rule = .text, required: Bool = false, source: RuleSource = .document, keeps: String? = nil) {
            self.name = name
            self.required = required
            self.rule = rule
            self.source = source
            self.keeps = keeps
        }

        package var description: String { required ? "\(name) (required, \(rule))" : "\(name) (\(rule))" }

        /// Whether the API reads the value as a set (`fields`, `types`, category ids): the same members in any order
        /// are the same request. Every comma-separated parameter is one so far.
        package var isSet: Bool {
            switch rule {
            case .list, .integerList, .listOf: return true
            default: return false
            }
        }
    }

    /// Where a parameter's rule comes from. Live mode reads it when a server accepts what the rule refuses: a
    /// documented rule the server does not keep is a finding about the server; an assumed one is a premise that
    /// did not hold, not a failure.
    package enum RuleSource: String, Sendable, Hashable {
        /// The provider's document states it: a `maximum`, `minimum`, `enum`, `required` or a documented format.
        case document
        /// The client's own validation, or what a recording showed; the document does not state it.
        case assumption
    }

    /// The parameter whose declared rule refuses `items` (a required one missing, or a value its rule refuses),
    /// with that rule's source; nil when every declared rule accepts them, so whatever refuses them is not the
    /// registry's: the client's own validation beyond it, or only what a recording showed.
    package func refusingRule(_ items: [(name: String, value: String)]) -> (parameter: String, source: RuleSource)? {
        for item in items {
            guard let parameter = parameter(named: item.name) else { continue }
            do throws(FoursquareError) { try parameter.rule.check(item.value, parameter: item.name) } catch {
                return (parameter.name, parameter.source)
            }
        }
        for parameter in parameters where parameter.required && !items.contains(where: { $0.name == parameter.name }) {
            return (parameter.name, parameter.source)
        }
        return nil
    }

    /// What a parameter's value must be, checked before anything is sent.
    package enum Rule: Sendable, Hashable, CustomStringConvertible {
        /// Any text.
        case text
        /// Text with something besides whitespace.
        case nonEmpty
        /// At least this many characters, whitespace trimmed.
        case minLength(Int)
        /// An integer within the range; `unit` is named in the message.
        case integer(ClosedRange<Int>, unit: String? = nil)
        /// A decimal number.
        case number
        /// `true` or `false`.
        case boolean
        /// `latitude,longitude` within ±90/±180.
        case coordinate
        /// Comma-separated values.
        case list
        /// Comma-separated integers.
        case integerList
        /// One of these values.
        case oneOf([String])
        /// Comma-separated values, each one of these.
        case listOf([String])

        package var description: String {
            switch self {
            case .text: return "text"
            case .nonEmpty: return "non-empty text"
            case let .minLength(count): return "at least \(count) characters"
            case let .integer(range, unit): return "\(range.lowerBound)-\(range.upperBound)" + (unit.map { " \($0)" } ?? "")
            case .number: return "number"
            case .boolean: return "true or false"
            case .coordinate: return "lat,lng"
            case .list: return "comma-separated"
            case .integerList: return "comma-separated integers"
            case let .oneOf(values): return "one of \(values.joined(separator: ", "))"
            case let .listOf(values): return "comma-separated: \(values.joined(separator: ", "))"
            }
        }

        func check(_ value: String, parameter: String) throws(FoursquareError) {
            switch self {
            case .text, .list:
                return
            case .nonEmpty:
                try Validate.required(value, parameter)
            case let .minLength(count):
                let length = value.trimmingCharacters(in: .whitespacesAndNewlines).count
                guard length >= count else {
                    throw .invalidInput(parameter, "must be at least \(count) characters, got \(length)")
                }
            case let .integer(range, unit):
                guard let number = Int(value) else { throw .invalidInput(parameter, "'\(value)' is not an integer") }
                guard range.contains(number) else {
                    throw .invalidInput(parameter, "\(number) is outside \(range.lowerBound)...\(range.upperBound)"
                        + (unit.map { " \($0)" } ?? ""))
                }
            case .number:
                guard let number = Double(value), number.isFinite else {
                    throw .invalidInput(parameter, "'\(value)' is not a number")
                }
            case .boolean:
                guard value == "true" || value == "false" else {
                    throw .invalidInput(parameter, "'\(value)' is not true or false")
                }
            case .coordinate:
                _ = try Coordinate(parsing: value, parameter: parameter)
            case .integerList:
                for item in value.split(separator: ",", omittingEmptySubsequences: false) where Int(item) == nil {
                    throw .invalidInput(parameter, "'\(item)' is not an integer")
                }
            case let .oneOf(values):
                guard values.contains(value) else {
                    throw .invalidInput(parameter, "'\(value)' is not one of \(values.joined(separator: ", "))")
                }
            case let .listOf(values):
                for item in value.split(separator: ",", omittingEmptySubsequences: false) where !values.contains(String(item)) {
                    throw .invalidInput(parameter, "'\(item)' is not one of \(values.joined(separator: ", "))")
                }
            }
        }
    }
}
