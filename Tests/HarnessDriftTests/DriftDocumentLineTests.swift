import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessDrift
import Testing

/// The OpenAPI line counts what it checked: cases, one per fixture and style, which can outnumber the calls made.
@Suite struct DriftDocumentLineTests {
    @Test func theDocumentLineCountsCasesAndSaysSo() {
        var a = DriftResult(fixture: "place-details/2025-06-17/200-typical.json", endpoint: "place-details", auth: .bearer)
        a.conformance = CaseResult(endpoint: "place-details", fixture: a.fixture, auth: .bearer, check: .liveOpenapi, verdict: .pass)
        var b = a
        b.auth = .apiKey
        b.conformance?.verdict = .fail(message: "breaks the OpenAPI document", detail: "")
        let line = DriftReport.documentLine(DriftRun(results: [a, b]))
        #expect(line?.hasPrefix("OpenAPI: the API breaks its own document in 1 of 2 cases checked (one per fixture and style;") == true, "\(line ?? "nil")")
        #expect(DriftReport.documentLine(DriftRun(results: [a]))?.hasPrefix("OpenAPI: all 1 cases checked keep") == true)
    }
}
