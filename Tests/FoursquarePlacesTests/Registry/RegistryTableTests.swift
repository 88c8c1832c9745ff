import Foundation
import FoursquarePlaces
import Testing

/// The registry is consistent, and the documentation's endpoint table says what it says.
@Suite("Registry")
struct RegistryTableTests {
    /// The documentation article that lists every operation.
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/FoursquarePlaces/FoursquarePlaces.docc/Operations.md")

    @Test("every id is registered, and each contract has each id and each route once")
    func consistent() {
        for id in EndpointID.all { #expect(!id.contracts.isEmpty, "\(id)") }
        for contract in Contract.all {
            #expect(Set(contract.endpoints.map(\.id)).count == contract.endpoints.count)
            #expect(Set(contract.endpoints.map { "\($0.method) \($0.pathTemplate)" }).count == contract.endpoints.count)
            #expect(contract.endpoints.allSatisfy { $0.contract == contract.id })
        }
    }

    /// A version's rows are the operations it added or reshaped: an entry with the same method, path and parameters as
    /// the version before it in the line is that version's row, so a scaffolded version adds none.
    @Test("the Operations article lists every operation a version added or reshaped, with its path and parameters")
    func readmeTable() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        var rows: [String] = []
        for (index, contract) in Contract.all.enumerated() {
            let previous = index > 0 ? Contract.all[index - 1] : nil
            for entry in contract.endpoints {
                let parameters = entry.parameters.map { $0.required ? "\($0.name)*" : $0.name }.joined(separator: ", ")
                if let kept = previous?.endpoint(entry.id), kept.method == entry.method, kept.pathTemplate == entry.pathTemplate,
                   kept.parameters == entry.parameters { continue }
                let request = "\(entry.method) `\(entry.pathTemplate)`" + (parameters.isEmpty ? "" : " (\(parameters))")
                rows.append("| \(contract.id) | `\(entry.id)` | \(request) | \(entry.specDocument) |")
            }
        }
        for row in rows { #expect(text.contains(row), "Operations.md lacks: \(row)") }
        let tableRows = text.split(separator: "\n").filter { line in
            Contract.all.contains { line.hasPrefix("| \($0.id) | `") }
        }
        #expect(tableRows.count == rows.count)
    }

    @Test("literal paths win over the place template; place ids are decoded")
    func routing() {
        #expect(RequestMatcher.route(method: "GET", path: "/places/search", in: .v20250617)?.endpoint.id == .placeSearch)
        let details = RequestMatcher.route(method: "GET", path: "/places/a%20b", in: .v20250617)
        #expect(details?.endpoint.id == .placeDetails && details?.placeID == "a b")
        #expect(RequestMatcher.route(method: "POST", path: "/places/search", in: .v20250617) == nil)
        // Today the old geotagging path is a place id, as the server reads it.
        #expect(RequestMatcher.route(path: "/places/geotagging", in: .v20250617)?.endpoint.id == .placeDetails)
        #expect(RequestMatcher.route(path: "/geotagging/candidates", in: .seed) == nil)
    }

    @Test("the matcher: order-insensitive query, percent-equivalent paths, every difference named")
    func matcher() {
        let recorded = (method: "GET", path: "/places/a%20b", query: ["a": "1", "b": "2"])
        #expect(RequestMatcher.differences(recorded: recorded, sent: ("GET", "/places/a b", ["b": "2", "a": "1"])).isEmpty)
        let diffs = RequestMatcher.differences(recorded: recorded, sent: ("POST", "/places/c", ["a": "9", "c": "3"]))
        #expect(diffs.count == 5)
    }

    @Test("fixture routes are validated against the contract", arguments: [
        ("seed", "geotagging-candidates", "GET", "/geotagging/candidates", "$.endpoint"),
        ("2025-06-17", "geotagging", "GET", "/places/geotagging", "$.endpoint"),
        ("2025-06-17", "place-search", "GET", "/places/geotagging", "$.request.path"),
        ("2025-06-17", "place-search", "POST", "/places/search", "$.request.method"),
        ("2019-01-01", "place-search", "GET", "/places/search", "$.contract"),
        ("seed", "venues", "GET", "/places/search", "$.endpoint"),
    ])
    func routeValidation(contract: ContractID, endpoint: String, method: String, path: String, jsonPath: String) {
        guard case let .failure(problem) = RequestMatcher.validate(contract: contract, endpoint: endpoint, method: method, path: path) else {
            Issue.record("accepted \(contract) \(endpoint) \(method) \(path)")
            return
        }
        #expect(problem.jsonPath == jsonPath)
    }

    @Test("a recorded query rebuilds the request; unknown or mixed parameters are named")
    func builders() throws {
        let search = try #require(Contract.v20250617.endpoint(.placeSearch))
        #expect(throws: ParameterProblem.self) { try search.makeRequest(placeID: nil, query: ["ll": "1,1", "near": "X"]) }
        #expect(throws: ParameterProblem.self) { try search.makeRequest(placeID: nil, query: ["venue": "X"]) }
        #expect(throws: ParameterProblem.self) { try search.makeRequest(placeID: nil, query: ["sort": "NEAREST"]) }
        let request = try search.makeRequest(placeID: nil, query: ["near": "Paris", "open_now": "true"])
        #expect(request as? Contract20250617.PlaceSearchRequest == Contract20250617.PlaceSearchRequest(location: .near("Paris"), openNow: true))
    }
}
