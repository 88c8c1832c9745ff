import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessReplay
import Testing
import TestSupport

@Suite struct BoundsCheckTests {
    @Test func everyDocumentedEdgeIsTriedOnBothSidesAndTheClientKeepsThem() async {
        let results = await BoundsCheck.results(covering: Set(DocumentedBound.all.map { BoundsCheck.Covered($0.contract, $0.endpoint) }))
        let expected = DocumentedBound.all.reduce(0) { $0 + $1.cases.count }
        #expect(results.count == expected && expected >= 40, "\(results.count) cases for \(expected) edges")
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results.filter { $0.verdict != .pass })")
        let names = Set(results.map(\.name))
        for name in ["2025-06-17/place-search limit=0 bound", "2025-06-17/place-search limit=1 bound",
                     "2025-06-17/place-search limit=50 bound", "2025-06-17/place-search limit=51 bound",
                     "2025-06-17/place-search radius=-1 bound", "2025-06-17/place-search radius=100001 bound",
                     "2025-06-17/place-search min_price=5 bound", "2025-06-17/offline-jobs-initialize durationSeconds=899 bound",
                     "2025-06-17/offline-jobs-initialize durationSeconds=43201 bound", "seed/autocomplete limit=51 bound"] {
            #expect(names.contains(name), "no case \(name)")
        }
    }

    @Test func onlyTheEndpointsTheRunCoveredAreTried() async {
        #expect(await BoundsCheck.results(covering: []).isEmpty)
        let search = await BoundsCheck.results(covering: [BoundsCheck.Covered(.v20250617, .placeSearch), BoundsCheck.Covered(.seed, .placeSearch)])
        #expect(search.count == 16 && search.allSatisfy { $0.endpoint == "place-search" && $0.name.hasPrefix("2025-06-17/") })
        let all = Set(DocumentedBound.all.map { BoundsCheck.Covered($0.contract, $0.endpoint) })
        #expect(await BoundsCheck.results(covering: all, filter: FixtureFilter("place-*")).count == 16 + 4 + 2 + 4)
        #expect(await BoundsCheck.results(covering: all, filter: FixtureFilter("place-*/404*")).isEmpty)
    }

    /// A client that sends a value past the documented edge is red, naming the parameter, the bound and what it
    /// did. The client under test keeps 1...50, so a document that says 1...40 shows what limit=51 allowed looks like.
    @Test func aClientThatSendsAValueOutsideTheBoundIsRed() async {
        let bound = DocumentedBound(contract: .v20250617, endpoint: .placeSearch, path: "/places/search", parameter: "limit",
                                    minimum: 1, maximum: 40, source: "test document")
        let result = await BoundsCheck.result(bound, value: 41, inside: false)
        guard case let .fail(message, _) = result.verdict else { Issue.record("expected a failure, got \(result.verdict)"); return }
        #expect(message == "place-search limit=41 is outside the documented bound 1...40 (test document); the client sent it (limit=41) instead of refusing it")
    }

    @Test func aClientThatRefusesAValueInsideTheBoundIsRed() async {
        let bound = DocumentedBound(contract: .v20250617, endpoint: .placeTips, path: "/places/{fsq_place_id}/tips", parameter: "limit",
                                    minimum: 1, maximum: 60, source: "test document")
        let result = await BoundsCheck.result(bound, value: 51, inside: true)
        guard case let .fail(message, _) = result.verdict else { Issue.record("expected a failure, got \(result.verdict)"); return }
        #expect(message.hasPrefix("place-tips limit=51 is inside the documented bound 1...60 (test document); the client refused it: limit: 51 is outside 1...50"), "\(message)")
    }

    @Test func aParameterTheClientDoesNotKnowIsRedNotSkipped() async {
        let bound = DocumentedBound(contract: .v20250617, endpoint: .placeSearch, path: "/places/search", parameter: "page_size",
                                    minimum: 1, maximum: 50, source: "test document")
        let result = await BoundsCheck.result(bound, value: 1, inside: true)
        guard case let .fail(message, _) = result.verdict else { Issue.record("expected a failure, got \(result.verdict)"); return }
        #expect(message.hasPrefix("place-search page_size=1 is inside the documented bound 1...50 (test document); the client cannot make the request"), "\(message)")
    }
}
