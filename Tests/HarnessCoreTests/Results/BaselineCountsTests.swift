import Foundation
import FoursquarePlaces
@testable import HarnessCore
import Testing

/// Every line about the baseline counts the same entries; a fingerprint is never cut mid-word.
@Suite("baseline counts")
struct BaselineCountsTests {
    static let a = "2025-06-17/place-details live-openapi - $.tips: expected array, found string"
    static let b = "2025-06-17/place-details live-openapi - $.unresolved_flags: expected array, found string"
    static let c = "2025-06-17/place-search drift $.results[*].distance changed"

    @Test func knownFindingsBesideANewOneAreCountedKnown() {
        let use = BaselineUse(Baseline(entries: [.init(fingerprint: Self.b, reason: "r", expires: "never")]))
        guard case .new(let unknown) = use.judge([Self.a, Self.b]) else { Issue.record("not new"); return }
        #expect(unknown == [Self.a])
        #expect(use.known == [Self.b])
        #expect(use.lines(path: "b.json")[0] == "baseline b.json: 1 entry: 1 known (not failing), 0 expired, 0 fixed, 0 not checked")
    }

    @Test func findingsBesideAnExpiredOneAreCountedKnown() {
        let use = BaselineUse(Baseline(entries: [.init(fingerprint: Self.a, reason: "r", expires: "2000-01-01"),
                                                 .init(fingerprint: Self.b, reason: "r", expires: "never")]))
        use.covered("2025-06-17/place-details")
        guard case .expired = use.judge([Self.a, Self.b]) else { Issue.record("the expired entry passed"); return }
        #expect(use.known == [Self.b])
        #expect(use.lines(path: "b.json")[0] == "baseline b.json: 2 entries: 1 known (not failing), 1 expired, 0 fixed, 0 not checked")
    }

    @Test func anExpiredEntryBesideANewFindingIsCountedExpired() {
        let use = BaselineUse(Baseline(entries: [.init(fingerprint: Self.a, reason: "r", expires: "2000-01-01")]))
        guard case .new = use.judge([Self.a, Self.b]) else { Issue.record("the new finding passed"); return }
        #expect(use.lines(path: "b.json")[0] == "baseline b.json: 1 entry: 0 known (not failing), 1 expired, 0 fixed, 0 not checked")
    }

    @Test func everyEntryIsCountedOnceOnTheFirstLine() {
        let baseline = Baseline(entries: [
            .init(fingerprint: Self.a, reason: "r", expires: "never"),
            .init(fingerprint: Self.b, reason: "r", expires: "2000-01-01"),
            .init(fingerprint: Self.c, reason: "r", expires: "never"),
            .init(fingerprint: "seed/chains drift $.x removed", reason: "r", expires: "never"),
        ])
        let use = BaselineUse(baseline)
        use.covered("2025-06-17/place-details")
        use.covered("2025-06-17/place-search")
        _ = use.judge([Self.a])
        _ = use.judge([Self.b])
        #expect(use.lines(path: "b.json")[0] == "baseline b.json: 4 entries: 1 known (not failing), 1 expired, 1 fixed, 1 not checked")
    }

    @Test func twoPassesJudgeOneBaseline() {
        let baseline = Baseline(entries: [.init(fingerprint: Self.a, reason: "r", expires: "never"),
                                          .init(fingerprint: Self.c, reason: "r", expires: "never")])
        let drift = BaselineUse(baseline), live = BaselineUse(baseline)
        drift.covered("2025-06-17/place-search")
        _ = drift.judge([Self.c])
        // The live checks answered place-search too and did not see drift's finding: it is not fixed.
        live.covered("2025-06-17/place-search")
        live.covered("2025-06-17/place-details")
        _ = live.judge([Self.a])
        #expect(live.fixed.map(\.fingerprint) == [Self.c], "judged alone, the live pass would call drift's entry fixed")
        let night = BaselineUse(baseline)
        night.absorb(drift)
        night.absorb(live)
        #expect(night.fixed.isEmpty)
        #expect(night.known == [Self.a, Self.c])
        let updated = baseline.updated(findings: night.findings, covered: night.coveredOperations)
        #expect(updated.entries.map(\.fingerprint).sorted() == [Self.a, Self.c])
    }

    /// On a night that accepts drift's findings, the live checks judge against the file with them added: the night's
    /// line still counts against the file as read, so what it accepted is new, not "known through an older entry".
    @Test func findingsAcceptedThisNightAreNotCountedKnown() {
        let file = Baseline(entries: [])
        let drift = BaselineUse(file, accepts: true)
        _ = drift.judge([Self.c])
        let live = BaselineUse(file.updated(findings: drift.findings, covered: [], expires: "2999-01-01"), accepts: true)
        _ = live.judge([Self.c])
        _ = live.judge([Self.a])
        let night = BaselineUse(file)
        night.absorb(drift)
        night.absorb(live)
        #expect(night.known.isEmpty, "\(night.known)")
        #expect(night.lines(path: "b.json") == ["baseline b.json: 0 entries: 0 known (not failing), 0 expired, 0 fixed, 0 not checked"])
        #expect(night.findings == [Self.a, Self.c])
    }

    @Test func aLongFingerprintEndsAtAWordWithAHashOfTheWhole() {
        let words = (0..<60).map { "word\($0)" }.joined(separator: " ")
        let one = Baseline.fingerprint(contract: .v20250617, endpoint: "place-details", check: "live-openapi", message: words + " alpha")
        let two = Baseline.fingerprint(contract: .v20250617, endpoint: "place-details", check: "live-openapi", message: words + " beta")
        #expect(one != two, "messages that differ past the cut keep different fingerprints")
        let kept = try? #require(one.components(separatedBy: " - ").last)
        #expect(kept?.count ?? 999 <= Baseline.messageLimit)
        let beforeTag = kept?.components(separatedBy: " … #").first ?? ""
        // Numbers are masked (`wordN`); every word kept is whole.
        #expect(beforeTag.split(separator: " ").allSatisfy { $0 == "wordN" }, "\(beforeTag)")
        #expect(kept?.contains(" … #") == true)
    }
}
