import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// Every parameter the registry declares survives send → record → rebuild → send: the declaration's key path,
/// its encoding and its reading agree, so a parameter added in one line works in the client, replay and record.
@Suite("Parameter round trip")
struct ParameterRoundTripTests {
    /// One registered parameter of one entry.
    struct Case: Sendable, CustomTestStringConvertible {
        let endpoint: Endpoint
        let parameter: Endpoint.Parameter
        var testDescription: String { "\(endpoint.contract) \(endpoint.id) \(parameter.name)" }
    }

    static let cases: [Case] = Contract.all.flatMap { contract in
        contract.endpoints.flatMap { entry in entry.parameters.map { Case(endpoint: entry, parameter: $0) } }
    }

    /// A value the parameter's rule accepts, different from any blank default.
    static func sample(_ rule: Endpoint.Rule) -> String {
        switch rule {
        case .text, .nonEmpty: return "café & bar+1"
        case let .minLength(count): return String(repeating: "q", count: count + 1)
        case let .integer(range, _): return String(range.upperBound == Int.max ? 7 : max(range.lowerBound, min(range.upperBound, 3)))
        case .number: return "12.5"
        case .boolean: return "true"
        case .coordinate: return "40.7484,-73.9857"
        case .list: return "a,b c"
        case .integerList: return "13034,13035"
        case let .oneOf(values): return values.last!
        case let .listOf(values): return values.suffix(2).joined(separator: ",")
        }
    }

    /// Parameters that only mean something with another one.
    static let companions: [String: [String]] = [
        "radius": ["ll"], "ne": ["sw"], "sw": ["ne"], "latitude": ["longitude"], "longitude": ["latitude"],
    ]

    static let location: Set<String> = ["ll", "radius", "near", "ne", "sw"]

    /// The path id and query a request sent, as `record` writes them into a fixture.
    static func recorded(_ request: HTTPRequest, _ endpoint: Endpoint) -> (placeID: String?, query: [String: String]) {
        (endpoint.placeID(in: request.path), request.queryParameters)
    }

    static func send<R: EndpointRequest>(_ request: R, _ transport: CapturingTransport) async throws -> HTTPRequest {
        let client = FoursquareClient(apiKey: APIKey("fsq3-round-trip-key"), contract: Contract.named(R.endpoint.contract)!,
                                      transport: transport)
        try request.validate()
        _ = try? await client.response(to: request)
        return try #require(transport.lastRequest)
    }

    static func same(_ a: any EndpointRequest, _ b: any EndpointRequest) -> Bool {
        guard let a = a as? any Hashable, let b = b as? any Hashable else { return false }
        return AnyHashable(a) == AnyHashable(b)
    }

    @Test("send → record → rebuild → send keeps each parameter", arguments: cases)
    func roundTrip(_ c: Case) async throws {
        var query: [String: String] = [:]
        for parameter in c.endpoint.parameters where parameter.required { query[parameter.name] = Self.sample(parameter.rule) }
        // The seed search needs a location strategy whatever else it carries.
        if c.endpoint.contract == "seed", c.endpoint.id == .placeSearch, !Self.location.contains(c.parameter.name) {
            query["near"] = "Chicago, IL"
        }
        for name in [c.parameter.name] + (Self.companions[c.parameter.name] ?? []) {
            query[name] = Self.sample(try #require(c.endpoint.parameter(named: name)).rule)
        }
        let placeID = c.endpoint.hasPlaceID ? "4b?x y" : nil
        let first = try c.endpoint.makeRequest(placeID: placeID, query: query)
        #expect(type(of: first) == c.endpoint.requestType)

        let transport = CapturingTransport(body: "{}")
        let sent = try await Self.send(first, transport)
        #expect(sent.method == c.endpoint.method)
        let record = Self.recorded(sent, c.endpoint)
        // A `fields` projection always carries the id the model needs: the client adds it when the list lacks it.
        var expected = query
        for parameter in c.endpoint.parameters {
            if let id = parameter.keeps, let list = expected[parameter.name], !list.split(separator: ",").contains(Substring(id)) {
                expected[parameter.name] = id + "," + list
            }
        }
        #expect(record.query == expected, "the request sent what the query said")
        #expect(record.placeID == placeID)

        let rebuilt = try c.endpoint.makeRequest(placeID: record.placeID, query: record.query)
        #expect(Self.same(rebuilt, try c.endpoint.makeRequest(placeID: placeID, query: expected)), "the rebuilt request equals the first")
        let again = try await Self.send(rebuilt, transport)
        #expect(again.url == sent.url)
    }

    @Test("a parameter no declaration names is refused by the client and by the rebuild")
    func undeclared() throws {
        let search = try #require(Contract.v20250617.endpoint(.placeSearch))
        #expect(throws: ParameterProblem.self) { try search.makeRequest(placeID: nil, query: ["cursor_x": "1"]) }
        #expect(throws: FoursquareError.self) { try search.validate([("cursor_x", "1")]) }
    }
}
