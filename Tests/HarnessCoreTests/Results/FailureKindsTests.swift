@testable import HarnessCore
import Testing

/// A red run's last line says what it found: breaking changes apart from answers that break the document.
@Suite struct FailureKindsTests {
    @Test func eachKindIsCountedAndNamedInOrder() {
        var kinds = FailureKinds()
        for check in [CheckName.liveOpenapi, .liveOpenapi, .liveDecoding, .drift, .liveStatus] { kinds.add(check) }
        #expect(kinds.phrase == "2 answers break the document, 1 answer does not decode, 1 status changed")
        #expect(!kinds.contractChanged, "a document break is not a breaking change")
        kinds.breaking(3)
        #expect(kinds.phrase?.hasPrefix("3 breaking changes, 2 answers") == true)
        #expect(kinds.contractChanged)
        #expect(FailureKinds().phrase == nil)
    }

    @Test func twoPassesOverTheSameAnswersCountEachKindOnce() {
        var drift = FailureKinds(), live = FailureKinds()
        for _ in 0..<22 { drift.add(.openapi) }
        for _ in 0..<20 { live.add(.liveOpenapi) }
        live.add(.liveDecoding)
        #expect(drift.merged(with: live).phrase == "22 answers break the document, 1 answer does not decode")
    }

    @Test func theTallyCountsEveryFailureNotOnlyTheListedOnes() {
        var tally = RunTally(maxProblems: 1)
        for index in 0..<5 {
            tally.add([CaseResult(endpoint: "chains", fixture: "chains/\(index).json", auth: .bearer, check: .liveOpenapi,
                                  verdict: .fail(message: "breaks the document", detail: ""))], suite: "chains")
        }
        #expect(tally.problems.count == 1)
        #expect(tally.failures.phrase == "5 answers break the document")
    }
}
