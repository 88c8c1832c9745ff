import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import HarnessCore
import Testing
import TestSupport

/// Both members of an error body reach the typed error: `message` and `error_detail`.
@Suite struct ErrorBodyCheckTests {
    static let fixture = TestSupport.fixture(status: 400, body: .json(Data(#"{"message":"Invalid request","error_detail":"limit must be 1-50"}"#.utf8)),
                                             expect: ExpectedOutcome(error: .badRequest))

    @Test func bothMembersReachedPass() {
        let error = FoursquareError(code: .badRequest, status: 400, message: "Invalid request", errorDetail: "limit must be 1-50")
        #expect(Checks.errorMapping(fixture: Self.fixture, outcome: .failed(error)) == .pass)
    }

    @Test func aDetailThatDidNotArriveFails() {
        for detail in [nil, "Invalid request"] {
            let error = FoursquareError(code: .badRequest, status: 400, message: "Invalid request", errorDetail: detail)
            guard case let .fail(message, _) = Checks.errorMapping(fixture: Self.fixture, outcome: .failed(error)) else {
                Issue.record("passed with errorDetail \(detail ?? "nil")"); continue
            }
            #expect(message.hasPrefix("errorDetail: the answer's error_detail is 'limit must be 1-50'"))
        }
    }
}
