@testable import ContractCLI
import Foundation
import FoursquarePlaces
import HarnessCore
import Testing

/// `fuzz`'s printed counts are the JUnit report's: an error case (even one with no answers) is an error, not a
/// pass and not a skip.
@Suite("fuzz tally")
struct FuzzTallyTests {
    static func item(_ verdict: FuzzCase.Verdict, answers: Int, status: String) -> FuzzCase {
        FuzzCase(contract: .v20250617, operation: "GET /places/search", method: "GET", pathTemplate: "/places/search",
                 status: status, httpStatus: Int(status) ?? 500, endpoint: .placeSearch, model: "PlaceSearchResponse",
                 answers: answers, verdict: verdict)
    }

    static let failure = FuzzFailure(failing: 1, pointer: "/results/0", field: "fsq_place_id", expected: "a string", found: "null",
                                     minimalAnswer: Data("{}".utf8), seed: 1)

    @Test func thePrintedCountsAreTheReportsCounts() {
        let cases = [
            Self.item(.passed, answers: 5, status: "200"),
            Self.item(.failed(Self.failure), answers: 5, status: "400"),
            Self.item(.error("the generator made 0 of 5 answers"), answers: 0, status: "401"),
            Self.item(.error("the generator made 2 of 5 answers"), answers: 2, status: "403"),
            Self.item(.skipped("no JSON body"), answers: 0, status: "404"),
        ]
        let tally = FuzzCommand.Tally(cases)
        let report = FuzzCommand.report(cases, count: 5, seed: 1)
        #expect(tally.passed == report.tests - report.failures - report.errors - report.skipped)
        #expect(tally.failed == report.failures && tally.errors == report.errors && tally.skipped == report.skipped)
        #expect((tally.passed, tally.failed, tally.errors, tally.skipped, tally.answers) == (1, 1, 2, 1, 12))
        #expect(tally.description == "1 pass, 1 fail, 2 error, 1 skipped")
    }

    @Test func errorsAloneNeverCountNegativePasses() {
        let tally = FuzzCommand.Tally([Self.item(.error("nothing allowed"), answers: 0, status: "200"),
                                       Self.item(.error("nothing allowed"), answers: 0, status: "500")])
        #expect(tally.passed == 0 && tally.errors == 2 && tally.skipped == 0)
    }
}
