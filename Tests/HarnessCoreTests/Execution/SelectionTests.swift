import Foundation
import FoursquarePlaces
@testable import HarnessCore
import Testing
import TestSupport

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
            == "--contract 2019-01-01 is unknown (known: \(Contract.knownList))")
    }

    @Test func apiVersionAppliesOnlyWhereTheFixturesOwnVersionAllowsIt() {
        let seed = TestSupport.fixture("chains/200-seed.json", requestHeaders: [:], headers: [:])
        let dated = TestSupport.fixture("autocomplete/200-2025-06-17.json", endpoint: .autocomplete, contract: "2025-06-17", path: "/autocomplete",
                                       requestHeaders: ["x-places-api-version": "2025-06-17"], headers: [:])
        let datedWithout = TestSupport.fixture("autocomplete/200-2025-06-17.json", endpoint: .autocomplete, contract: "2025-06-17", path: "/autocomplete",
                                       requestHeaders: [:], headers: [:])
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
