@testable import ContractHarness
import Foundation
import FoursquarePlaces
import Testing

/// A finding is one violation: a known violation cannot hide a new one in the same answer.
@Suite("baseline: one violation, one finding")
struct BaselineViolationTests {
    static let known = "$.results[0].geocodes: expected object (document: Place.geocodes), found string"
    static let new = "$.results[0].tips: expected array (document: Place.tips), found string"

    static func openapiCase(_ violations: [String]) -> CaseResult {
        var result = CaseResult(endpoint: "place-search", fixture: "place-search/2025-06-17/200.json", auth: .bearer,
                                check: .liveOpenapi, verdict: .fail(message: "breaks the OpenAPI document: \(violations[0]) (and \(violations.count - 1) more)",
                                                                    detail: violations.joined(separator: "\n")))
        result.findings = violations
        return result
    }

    static func entry(_ message: String, expires: String = "2999-01-01") -> Baseline.Entry {
        Baseline.Entry(fingerprint: Baseline.fingerprint(contract: "2025-06-17", endpoint: "place-search", check: "live-openapi", message: message),
                       reason: "vendor flaw", expires: expires)
    }

    @Test func aNewViolationBesideAKnownOneFailsAndIsTheOnlyOneNamed() throws {
        let use = BaselineUse(Baseline(entries: [Self.entry(Self.known)]), today: "2026-11-26")
        var results = [Self.openapiCase([Self.known, Self.new])]
        use.apply(to: &results, contract: "2025-06-17", endpoint: "place-search")
        guard case let .fail(message, _) = results[0].verdict else { Issue.record("passed: \(results[0].verdict)"); return }
        #expect(message.contains("new finding beside 1 known in the baseline"))
        #expect(message.contains("tips"))
        #expect(!message.contains("geocodes"), "\(message)")
    }

    @Test func anAnswerWhoseEveryViolationIsKnownPasses() {
        let use = BaselineUse(Baseline(entries: [Self.entry(Self.known), Self.entry(Self.new)]), today: "2026-11-26")
        var results = [Self.openapiCase([Self.known, Self.new])]
        use.apply(to: &results, contract: "2025-06-17", endpoint: "place-search")
        #expect(results[0].verdict == .pass)
        #expect(use.findings.count == 2)
    }

    @Test func anEntryWrittenBeforeFindingsWereOneViolationStandsForItsFirstAndIsRewritten() {
        let legacy = Baseline.fingerprint(contract: "2025-06-17", endpoint: "place-search", check: "live-openapi",
                                          message: "breaks the OpenAPI document: \(Self.known) (and 1 more)")
        #expect(legacy.hasSuffix(" (and N more)"))
        let first = Baseline.fingerprint(contract: "2025-06-17", endpoint: "place-search", check: "live-openapi", message: Self.known)
        let baseline = Baseline(entries: [Baseline.Entry(fingerprint: legacy.replacingOccurrences(of: "breaks the OpenAPI document: ", with: ""),
                                                         reason: "accepted in May", expires: "2027-01-01")])
        #expect(baseline.entry(first)?.reason == "accepted in May")
        let updated = baseline.updated(findings: [first], covered: ["2025-06-17/place-search"], today: "2026-11-26")
        #expect(updated.entries.map(\.fingerprint).contains(first))
        #expect(updated.entries.first { $0.fingerprint == first }?.expires == "2027-01-01")
    }

    @Test func anEntryCanNeverExpireAndNewEntriesTakeTheExpiryTheUserChose() throws {
        let forever = Self.entry(Self.known, expires: Baseline.never)
        #expect(!forever.isExpired(today: "9999-12-31"))
        let updated = Baseline().updated(findings: ["2025-06-17/place-search drift $.x removed"], covered: [], expires: Baseline.never)
        #expect(updated.entries.map(\.expires) == ["never"])
        #expect(Baseline.expiry(parsing: "never") == "never")
        #expect(Baseline.expiry(parsing: "2027-03-01") == "2027-03-01")
        #expect(Baseline.expiry(parsing: "90", from: Date(timeIntervalSince1970: 0)) == "1970-04-01")
        #expect(Baseline.expiry(parsing: "soon") == nil)
        #expect(Baseline.expiry(parsing: "0") == nil)
        // A file holding "never" loads.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Baseline(entries: [forever]).write(to: file)
        #expect(try Baseline.load(file).entries == [forever])
    }
}
