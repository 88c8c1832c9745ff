@testable import HarnessCore
import Testing

/// A change every operation shows in the same way is the whole API's, or something other than the API answering:
/// `--update-baseline` writes it only when a flag names it.
@Suite struct BaselineUniformChangeTests {
    static let covered: Set<String> = ["2025-06-17/place-details", "2025-06-17/place-search", "2025-06-17/place-tips"]

    @Test func aNewChangeOnEveryOperationIsUniformAndOnSomeIsNot() {
        let statusChange = Set(Self.covered.map { "\($0) drift status 200 -> 400" })
        let oneRemoval: Set<String> = ["2025-06-17/place-search drift $.results[*].geocodes removed"]
        let uniform = Baseline().uniformChanges(findings: statusChange.union(oneRemoval), covered: Self.covered)
        #expect(uniform == ["drift status 200 -> 400": statusChange])
    }

    @Test func aChangeAlreadyInTheFileOrARunOfOneOperationIsNotHeld() {
        let findings = Set(Self.covered.map { "\($0) drift status 200 -> 400" })
        let known = Baseline(entries: findings.map { Baseline.Entry(fingerprint: $0, reason: "accepted", expires: Baseline.never) })
        #expect(known.uniformChanges(findings: findings, covered: Self.covered).isEmpty)
        #expect(Baseline().uniformChanges(findings: ["2025-06-17/place-tips drift status 200 -> 400"],
                                          covered: ["2025-06-17/place-tips"]).isEmpty)
    }
}
