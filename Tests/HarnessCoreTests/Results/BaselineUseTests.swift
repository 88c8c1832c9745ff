import Foundation
import FoursquarePlaces
@testable import HarnessCore
import Testing

@Suite("baseline")
struct BaselineUnitTests {
    static let known = Baseline.Entry(fingerprint: "seed/chains drift $.results[*].id removed", reason: "next sprint", expires: "2999-01-01")
    static let old = Baseline.Entry(fingerprint: "seed/chains drift status status", reason: "waiting on Foursquare", expires: "2000-01-01")
    static let elsewhere = Baseline.Entry(fingerprint: "seed/categories drift status status", reason: "r", expires: "2999-01-01")

    @Test func aKnownFindingPassesAnExpiredOneFailsNamingItAndANewOneStaysNew() {
        let use = BaselineUse(Baseline(entries: [Self.known, Self.old]), today: "2026-11-25")
        guard case let .known(notes) = use.judge([Self.known.fingerprint]) else { Issue.record("not known"); return }
        #expect(notes.contains("next sprint"))
        guard case let .expired(message) = use.judge([Self.old.fingerprint]) else { Issue.record("not expired"); return }
        #expect(message.contains("'\(Self.old.fingerprint)' expired on 2000-01-01"))
        guard case .new = use.judge([Self.known.fingerprint, "seed/chains drift $.x added"]) else { Issue.record("a new finding hid"); return }
    }

    /// `--update-baseline` on a pass that judges as it reports (the nightly's live checks): a new finding is accepted,
    /// kept for the file, and not counted known; an expired entry still fails.
    @Test func anAcceptingUseKeepsANewFindingAndPassesIt() {
        let use = BaselineUse(Baseline(entries: [Self.known, Self.old]), today: "2026-11-25", accepts: true)
        let new = "2025-06-17/place-details live-decoding - the model no longer decodes"
        guard case let .known(notes) = use.judge([Self.known.fingerprint, new]) else { Issue.record("a new finding failed"); return }
        #expect(notes.contains("accepted into the baseline this run (--update-baseline): \(new)"), "\(notes)")
        #expect(use.findings.contains(new) && use.known == [Self.known.fingerprint])
        guard case .expired = use.judge([Self.old.fingerprint, new]) else { Issue.record("an expired entry passed"); return }
        // The same use without accepting fails the new finding.
        guard case .new = BaselineUse(Baseline(entries: [Self.known]), today: "2026-11-25").judge([new]) else { Issue.record("accepted"); return }
    }

    @Test func fixedEntriesArePrunedOnlyWhereTheRunCoveredTheirOperation() {
        let baseline = Baseline(entries: [Self.known, Self.old, Self.elsewhere])
        let use = BaselineUse(baseline, today: "2026-11-25")
        use.covered("seed/chains")
        _ = use.judge([Self.known.fingerprint])
        #expect(use.fixed == [Self.old])
        let updated = baseline.updated(findings: use.findings, covered: use.coveredOperations, today: "2026-11-25")
        #expect(Set(updated.entries) == [Self.known, Self.elsewhere])
    }

    @Test func aNewFindingGetsAReasonToFillAndAnEndDate() {
        let updated = Baseline().updated(findings: ["seed/chains drift status status"], covered: ["seed/chains"], today: "2026-11-25")
        #expect(updated.entries.count == 1)
        #expect(updated.entries[0].reason.contains("give the reason"))
        #expect(Baseline.isDate(updated.entries[0].expires) && updated.entries[0].expires > "2026-11-25")
    }

    @Test func aLiveOrOpenAPIFindingIsFingerprintedWithoutIndicesIdsOrNumbers() {
        let night1 = Baseline.fingerprint(contract: "2025-06-17", endpoint: "place-search", check: "live-openapi",
                                          message: "$.results[3].distance: 12.5 is not of type integer (place 4bf3c82cf964a52053874afa)")
        let night2 = Baseline.fingerprint(contract: "2025-06-17", endpoint: "place-search", check: "live-openapi",
                                          message: "$.results[0].distance: 7 is not of type integer (place 5a187743ccad6b307315e6fe)")
        #expect(night1 == night2)
        let use = BaselineUse(Baseline(entries: [.init(fingerprint: night1, reason: "the document is wrong", expires: "2999-01-01")]))
        var results = [CaseResult(endpoint: "place-search", fixture: "place-search/2025-06-17/200-typical.json", auth: .bearer,
                                  check: .liveOpenapi, verdict: .fail(message: "$.results[9].distance: 1 is not of type integer (place 4a5f2f39f964a52067bf1fe3)", detail: "")),
                       CaseResult(endpoint: "place-search", fixture: "place-search/2025-06-17/200-typical.json", auth: .bearer,
                                  check: .liveStatus, verdict: .fail(message: "expected 200, got 500", detail: ""))]
        use.apply(to: &results, contract: "2025-06-17", endpoint: "place-search")
        #expect(results[0].verdict == .pass)
        #expect(results[0].notes?.contains("the document is wrong") == true)
        #expect(results[1].verdict.isProblem)
    }
}
