@testable import ContractHarness
import Foundation
import FoursquarePlaces
import Testing

/// The one-line usage errors for flags that select nothing to test.
@Suite struct SelectionTests {
    @Test func anAuthStyleTheContractDoesNotTakeSelectsNothing() {
        #expect(Selection.authProblem([.apiKey], contract: "2025-06-17")
            == "--auth apiKey selects nothing: 2025-06-17 takes bearer only; use --auth bearer or --contract seed")
        #expect(Selection.authProblem([.bearer], contract: "2025-06-17") == nil)
        #expect(Selection.authProblem(AuthStyle.allCases, contract: "2025-06-17") == nil)
        #expect(Selection.authProblem([.apiKey], contract: "seed") == nil)
        #expect(Selection.authProblem([.apiKey], contracts: ["seed", "2025-06-17"]) == nil)
        #expect(Selection.authProblem([.apiKey], contracts: ["2025-06-17"])?.hasPrefix("--auth apiKey selects nothing") == true)
        #expect(Selection.authProblem([.apiKey], contracts: []) == nil)
    }

    /// A contract the registry does not know takes no style, so it is named as unknown rather than trusted with all.
    @Test func anUnknownContractIsNamedAsUnknown() {
        #expect(Selection.authProblem([.bearer], contract: "2019-01-01")
            == "--contract 2019-01-01 is unknown (known: seed, 2025-06-17)")
    }

    static func fixture(contract: ContractID, version: String?) -> Fixture {
        let (endpoint, path): (EndpointID, String) = contract == "seed" ? (.chains, "/places/chains") : (.autocomplete, "/autocomplete")
        return Fixture(relativePath: "\(endpoint)/200-\(contract).json", endpoint: endpoint, contract: contract,
                       request: RecordedRequest(path: path, query: [:], headers: version.map { ["x-places-api-version": $0] } ?? [:]),
                       response: RecordedResponse(status: 200, headers: [:], body: .empty), recorded: .authored)
    }

    @Test func apiVersionAppliesOnlyWhereTheFixturesOwnVersionAllowsIt() {
        let seed = Self.fixture(contract: "seed", version: nil)
        let dated = Self.fixture(contract: "2025-06-17", version: "2025-06-17")
        let datedWithout = Self.fixture(contract: "2025-06-17", version: nil)
        #expect(Selection.apiVersionProblem("2026-01-01", styles: AuthStyle.allCases, fixtures: [seed]) == nil)
        #expect(Selection.apiVersionProblem("2025-06-17", styles: AuthStyle.allCases, fixtures: [seed, dated]) == nil)
        #expect(Selection.apiVersionProblem("2026-01-01", styles: AuthStyle.allCases, fixtures: [seed, dated, datedWithout])
            == "--api-version 2026-01-01 contradicts 2 fixtures recorded at X-Places-Api-Version 2025-06-17 "
            + "(e.g. autocomplete/200-2025-06-17.json); drop --api-version to replay each at its own version, "
            + "or --filter fixtures recorded without one")
        #expect(Selection.apiVersionProblem("2026-01-01", styles: [.apiKey], fixtures: [seed])?
            .hasPrefix("--api-version 2026-01-01 applies to nothing: --auth apiKey sends no X-Places-Api-Version") == true)
        #expect(Selection.apiVersionProblem("2026-01-01", styles: [.bearer], fixtures: [])?.contains("applies to no selected fixture") == true)
    }
}
