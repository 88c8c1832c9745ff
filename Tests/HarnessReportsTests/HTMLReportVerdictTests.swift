import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessReports
import Testing

/// The header is green only when something passed and nothing failed: a run that checked nothing never looks green.
@Suite("HTML report verdict")
struct HTMLReportVerdictTests {
    static func html(_ verdicts: [Verdict]) -> String {
        let now = Date()
        let cases = verdicts.enumerated().map { index, verdict in
            HumanReport.Case(CaseResult(endpoint: "chains", fixture: "chains/\(index).json", auth: .bearer, check: .liveStatus, verdict: verdict))
        }
        return HTMLReport(HumanReport(title: "run", mode: "live", junitPath: "Reports/junit.xml", fixturesFolder: "Fixtures",
                                      started: now, finished: now, cases: cases, facts: [:])).render()
    }

    @Test func everyCaseSkippedSaysNothingWasChecked() {
        let html = Self.html([.skip(reason: "no key"), .skip(reason: "no key"), .skip(reason: "no key")])
        #expect(html.contains("<header class=\"unchecked\">"))
        #expect(html.contains("0 passed, 3 skipped: nothing was checked"))
        #expect(!html.contains("All checks passed"))
    }

    @Test func noCaseAtAllSaysNothingWasChecked() {
        let html = Self.html([])
        #expect(html.contains("<header class=\"unchecked\">"))
        #expect(html.contains("0 passed, 0 skipped: nothing was checked"))
    }

    @Test func greenNeedsAPassAndNoFailure() {
        let passed = Self.html([.pass, .skip(reason: "no key")])
        #expect(passed.contains("<header class=\"ok\">"))
        #expect(passed.contains("All checks passed"))
        let failed = Self.html([.pass, .fail(message: "m", detail: "d"), .skip(reason: "no key")])
        #expect(failed.contains("<header class=\"bad\">"))
        #expect(failed.contains("1 case failed"))
    }
}
