import Foundation
import FoursquarePlaces
@testable import HarnessCore
@testable import HarnessLive
import Testing

/// What one answer shows of the whole night: a plan that leaves an operation out, a spent quota, a gateway's pages.
@Suite("call health: faults a team meets")
struct CallHealthFaultsTests {
    static func message(_ text: String, type: String = "application/json") -> ServerMessage {
        ServerMessage(body: Data(text.utf8), contentType: type, scrubber: nil)
    }

    static let plan = message(#"{"message":"Your plan does not include access to this endpoint."}"#)

    @Test func aPlansRefusalStopsItsOperationAndIsNamedWithTheServersMessage() {
        let health = CallHealth()
        health.attempted(operation: "place-search", status: 200, expected: 200)
        health.attempted(operation: "place-tips", status: 403, expected: 200, message: Self.plan)
        let line = "place-tips: the key's plan has no access (403 \"Your plan does not include access to this endpoint.\")"
        #expect(health.notJudged("place-tips") == line)
        #expect(health.notJudged("place-search") == nil)
        #expect(health.cause == nil, "the rest of the night is judged")
        #expect(health.operationsNotJudged == ["place-tips": line])
        #expect(health.refusedByPlan == ["place-tips"])
        #expect(CallHealth.notJudgedLine(health.operationsNotJudged) == line)
    }

    @Test func operationsThePlanRefusesWithOneMessageAreOneLine() {
        let health = CallHealth()
        let writes = ["place-flag", "place-suggest-edit", "place-suggest-remove", "places-suggest-place", "suggest-merge"]
        for operation in writes { health.attempted(operation: operation, status: 403, expected: 200, message: Self.plan) }
        let line = CallHealth.notJudgedLine(health.operationsNotJudged)
        #expect(line == "5 write operations: the key's plan has no access (403 \"Your plan does not include access to this endpoint.\")")
        health.attempted(operation: "place-tips", status: 403, expected: 200, message: Self.plan)
        #expect(CallHealth.notJudgedLine(health.operationsNotJudged)?.hasPrefix("6 operations: the key's plan has no access") == true)
    }

    @Test func aFewCutAnswersAreABlipAndEveryAnswerCutIsTheCauseNeverNothingAnswers() {
        let health = CallHealth()
        for _ in 0..<3 { health.cutShort("the connection closes mid-body", target: "http://127.0.0.1:9/places/search") }
        #expect(health.cause == nil, "three cuts of one request are its retries' business")
        health.answered(status: 200, provoked: false)
        for index in 0..<(CallHealth.cutLimit - 1) { health.cutShort("the connection closes mid-body", target: "/places/\(index)") }
        #expect(health.cause == nil, "an answer between starts the count again")
        health.cutShort("the connection closes mid-body", target: "/places/last")
        #expect(health.cause == "every answer is cut short: the head arrives, then the connection closes mid-body (6 calls in a row)")
    }

    @Test func callsWithNoAnswerAfterCutOnesAreAnswersThatStoppedNotNothingAnswers() {
        let health = CallHealth()
        health.cutShort("the connection closes mid-body", target: "/places/search")
        for _ in 0..<CallHealth.noAnswerLimit { health.noAnswer("cannot connect to http://127.0.0.1:9") }
        #expect(health.cause?.hasPrefix("answers stopped: cannot connect") == true, "\(health.cause ?? "nil")")
    }

    @Test func aForbiddenThatIsNotThePlansOrThatTheFixtureRecordedIsNoPlan() {
        let health = CallHealth()
        health.attempted(operation: "place-tips", status: 403, expected: 200, message: Self.message(#"{"message":"Forbidden."}"#))
        health.attempted(operation: "place-photos", status: 403, expected: 403, message: Self.plan)
        #expect(health.notJudged("place-tips") == nil && health.notJudged("place-photos") == nil)
    }

    @Test func anOperationDeclaredOutsideThePlanIsNotCheckedAndNotACause() {
        let health = CallHealth()
        health.declareOutsidePlan(["place-tips"])
        #expect(health.notJudged("place-tips")?.contains("outside the key's plan (outsidePlan): not checked") == true)
        health.attempted(operation: "place-tips", status: 403, expected: 200, message: Self.plan)
        #expect(health.operationsNotJudged.isEmpty && health.refusedByPlan.isEmpty)
        #expect(health.notCheckedLine == "not checked: place-tips (outside the key's plan: outsidePlan in the project file)")
    }

    @Test func a429WithNoRetryAfterAcrossOperationsIsASpentQuotaThatStopsTheNight() {
        let health = CallHealth()
        let spent = Self.message(#"{"message":"Monthly quota exceeded."}"#)
        health.attempted(operation: "autocomplete", status: 429, expected: 200, message: spent)
        health.attempted(operation: "autocomplete", status: 429, expected: 200, retry: true, message: spent)
        // A refusal the fixture asked for says nothing of the quota.
        health.attempted(operation: "autocomplete", status: 401, expected: 401)
        #expect(health.cause == nil)
        health.attempted(operation: "place-search", status: 429, expected: 200, message: spent)
        #expect(health.cause == "the quota is spent: every call answers 429 \"Monthly quota exceeded.\" with no Retry-After (3 in a row)")
    }

    @Test func a429WithRetryAfterOrAnAnswerBetweenIsNoSpentQuota() {
        let health = CallHealth()
        let limited = Self.message(#"{"message":"Quota exceeded."}"#)
        for operation in ["a", "b", "c", "d"] {
            health.attempted(operation: operation, status: 429, expected: 200, message: limited, retryAfter: true)
        }
        health.attempted(operation: "a", status: 429, expected: 200, message: limited)
        health.attempted(operation: "b", status: 200, expected: 200)
        health.attempted(operation: "c", status: 429, expected: 200, message: limited)
        health.attempted(operation: "d", status: 429, expected: 200, message: limited)
        #expect(health.cause == nil)
    }

    @Test func aGatewaysHTMLPagesOnEveryOperationAreOneShortCause() {
        let health = CallHealth()
        let page = Self.message("<html><head><title>502 Bad Gateway</title></head></html>", type: "text/html")
        #expect(page.isHTML && page.text == nil)
        for operation in ["place-search", "place-details", "place-tips"] {
            health.attempted(operation: operation, status: 502, expected: 200, message: page)
        }
        let cause = health.cause ?? ""
        #expect(cause == "every operation answers 502 with an HTML page, not the API's JSON (a gateway or proxy in front of it)")
        #expect(cause.count < 120)
        // The API's own JSON 5xx on some operation is the server failing there, not a gateway.
        let api = CallHealth()
        api.attempted(operation: "place-search", status: 200, expected: 200)
        for operation in ["place-details", "place-tips", "place-photos"] { api.attempted(operation: operation, status: 502, expected: 200, message: page) }
        #expect(api.cause == nil)
    }

    @Test func manyOperationsAnsweringOnly5xxAreCountedNotListed() {
        let lines = Dictionary(uniqueKeysWithValues: (1...14).map { ("op-\($0)", "op-\($0) answers only 5xx: 503 (3 of 3 calls)") })
        let line = CallHealth.notJudgedLine(lines) ?? ""
        #expect(line.hasPrefix("14 operations answer only 5xx: 503 (op-1, op-10, …)"), "\(line)")
        #expect(line.count < 120)
    }

    @Test func theServersMessageIsScrubbedOfTheKeyAndCut() {
        let key = APIKey("fsq-faults-sentinel-0123456789abcdef")
        let body = #"{"message":"Key fsq-faults-sentinel-0123456789abcdef is over its plan. "# + String(repeating: "x", count: 200) + #""}"#
        let message = ServerMessage(body: Data(body.utf8), contentType: "application/json", scrubber: KeyScrubber(key: key))
        #expect(message.text?.contains("fsq-faults-sentinel") == false)
        #expect((message.text?.count ?? 0) <= ServerMessage.maxLength)
        #expect(message.refusesByPlan)
    }
}
