import FoursquarePlaces
import Testing

/// Every parameter of every endpoint of every contract, driven by the registry: the validation the client runs
/// before sending (`EndpointRequest.validate` calls `Endpoint.validate`) refuses a value its rule forbids, names
/// the parameter, and takes a value its rule allows.
@Suite("Parameter rules, every endpoint of every contract")
struct ParameterRuleTests {
    static var endpoints: [Endpoint] { Contract.catalog }

    /// A value the rule allows.
    static func good(_ rule: Endpoint.Rule) -> String {
        switch rule {
        case .text, .nonEmpty: return "x"
        case let .minLength(count): return String(repeating: "a", count: count)
        case let .integer(range, _): return String(range.lowerBound)
        case .number: return "1.5"
        case .boolean: return "true"
        case .coordinate: return "40.7484,-73.9857"
        case .list: return "a,b"
        case .integerList: return "1,2"
        case let .oneOf(values), let .listOf(values): return values[0]
        }
    }

    /// A value the rule forbids, if it forbids any.
    static func bad(_ rule: Endpoint.Rule) -> String? {
        switch rule {
        case .text, .list: return nil
        case .nonEmpty: return "  "
        case let .minLength(count): return String(repeating: "a", count: max(0, count - 1))
        case let .integer(range, _): return String(range.upperBound + 1)
        case .number: return "abc"
        case .boolean: return "maybe"
        case .coordinate: return "91,0"
        case .integerList: return "1,x"
        case .oneOf, .listOf: return "bogus"
        }
    }

    static func refusedParameter(_ endpoint: Endpoint, _ items: [(name: String, value: String)]) -> String? {
        do throws(FoursquareError) {
            try endpoint.validate(items)
            return nil
        } catch {
            guard case let .invalidInput(parameter, _) = error.details else { return "not invalidInput: \(error)" }
            return parameter
        }
    }

    /// Every required parameter with a good value.
    static func required(_ endpoint: Endpoint, except name: String? = nil) -> [(name: String, value: String)] {
        endpoint.parameters.filter { $0.required && $0.name != name }.map { ($0.name, good($0.rule)) }
    }

    @Test("a forbidden value is refused naming its parameter; an allowed one passes", arguments: endpoints)
    func eachParameter(endpoint: Endpoint) {
        #expect(Self.refusedParameter(endpoint, Self.required(endpoint)) == nil, "\(endpoint)")
        for parameter in endpoint.parameters {
            let others = Self.required(endpoint, except: parameter.name)
            #expect(Self.refusedParameter(endpoint, others + [(parameter.name, Self.good(parameter.rule))]) == nil,
                    "\(endpoint) \(parameter)")
            if let bad = Self.bad(parameter.rule) {
                #expect(Self.refusedParameter(endpoint, others + [(parameter.name, bad)]) == parameter.name,
                        "\(endpoint) \(parameter) took '\(bad)'")
            }
        }
    }

    @Test("a missing required parameter and an unknown one are refused by name", arguments: endpoints)
    func requiredAndUnknown(endpoint: Endpoint) {
        for parameter in endpoint.parameters where parameter.required {
            #expect(Self.refusedParameter(endpoint, Self.required(endpoint, except: parameter.name)) == parameter.name)
        }
        #expect(Self.refusedParameter(endpoint, Self.required(endpoint) + [("not_a_parameter", "1")]) == "not_a_parameter")
    }
}
