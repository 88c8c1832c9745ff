import Foundation
import FoursquarePlaces
@testable import HarnessCore
@testable import HarnessLive
import Testing
import TestSupport

/// A live run's "the server does not speak this contract" line: a `fields` projection the model cannot read was
/// still answered in the contract, so it is that case's failure, not a refusal of the contract.
@Suite struct ContractRefusalsTests {
    static func results(_ fixture: Fixture, status: Verdict, decoding: Verdict) -> [CaseResult] {
        [CaseResult(endpoint: "place-search", fixture: fixture.relativePath, auth: .bearer, check: .liveStatus, verdict: status),
         CaseResult(endpoint: "place-search", fixture: fixture.relativePath, auth: .bearer, check: .liveDecoding, verdict: decoding)]
    }

    @Test func aProjectionTheModelCannotReadIsNotARefusal() {
        let refusals = ContractRefusals()
        let fixture = TestSupport.fixture("place-search/2025-06-17/200-projection.json", endpoint: .placeSearch, contract: .v20250617,
                                    path: "/places/search", query: ["fields": "name,tel"], headers: [:], body: .json(Data("{}".utf8)))
        refusals.note(fixture, Self.results(fixture, status: .pass, decoding: .fail(message: "fsq_place_id missing", detail: "")))
        #expect(refusals.refusedContracts.isEmpty)
        #expect(refusals.lines.isEmpty)
    }

    @Test func theSameFailureWithoutAProjectionStillIs() {
        let refusals = ContractRefusals()
        let fixture = TestSupport.fixture("place-search/2025-06-17/200-projection.json", endpoint: .placeSearch, contract: .v20250617,
                                    path: "/places/search", query: [:], headers: [:], body: .json(Data("{}".utf8)))
        refusals.note(fixture, Self.results(fixture, status: .pass, decoding: .fail(message: "fsq_place_id missing", detail: "")))
        #expect(refusals.refusedContracts == [.v20250617])
        #expect(refusals.lines.first?.hasSuffix("the server does not speak this contract; its cases fail (see the report)") == true)
    }

    @Test func aProjectionAnsweredWithAnotherStatusStillIs() {
        let refusals = ContractRefusals()
        let fixture = TestSupport.fixture("place-search/2025-06-17/200-projection.json", endpoint: .placeSearch, contract: .v20250617,
                                    path: "/places/search", query: ["fields": "name,tel"], headers: [:], body: .json(Data("{}".utf8)))
        refusals.note(fixture, Self.results(fixture, status: .fail(message: "expected 200, got 401", detail: ""), decoding: .pass))
        #expect(refusals.refusedContracts == [.v20250617])
    }
}
