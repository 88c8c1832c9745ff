import Foundation
import FoursquarePlaces
@testable import HarnessCore
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
        result.findings = violations.map { "breaks the OpenAPI document: " + $0 }
        return result
    }

    static func entry(_ message: String, expires: String = "2999-01-01") -> Baseline.Entry {
        Baseline.Entry(fingerprint: Baseline.fingerprint(contract: "2025-06-17", endpoint: "place-search", check: "live-openapi",
                                                         message: "breaks the OpenAPI document: " + message),
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

    /// One known finding at every place of an answer is one entry: the line counts entries, as the file holds them.
    @Test func theKnownCountBesideANewFindingCountsEntriesNotPlaces() throws {
        let use = BaselineUse(Baseline(entries: [Self.entry(Self.known)]), today: "2026-11-26")
        let everyPlace = (0..<5).map { Self.known.replacingOccurrences(of: "[0]", with: "[\($0)]") }
        let newTwice = [Self.new, Self.new.replacingOccurrences(of: "[0]", with: "[3]")]
        var results = [Self.openapiCase(everyPlace + newTwice)]
        use.apply(to: &results, contract: "2025-06-17", endpoint: "place-search")
        guard case let .fail(message, _) = results[0].verdict else { Issue.record("passed: \(results[0].verdict)"); return }
        #expect(message == "new finding beside 1 known in the baseline: breaks the OpenAPI document: \(Self.new)", "\(message)")
    }

    @Test func anAnswerWhoseEveryViolationIsKnownPasses() {
        let use = BaselineUse(Baseline(entries: [Self.entry(Self.known), Self.entry(Self.new)]), today: "2026-11-26")
        var results = [Self.openapiCase([Self.known, Self.new])]
        use.apply(to: &results, contract: "2025-06-17", endpoint: "place-search")
        #expect(results[0].verdict == .pass)
        #expect(use.findings.count == 2)
    }

    @Test func entriesWrittenBeforeFindingsWereOneViolationStillMatch() throws {
        // What the run wrote before: the case's message, its first violation and "(and N more)", fingerprinted.
        func legacy(_ violations: [String]) -> Baseline.Entry {
            let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
            let message = "breaks the OpenAPI document: \(violations[0])\(more)"
            return Baseline.Entry(fingerprint: Baseline.fingerprint(contract: "2025-06-17", endpoint: "place-search", check: "live-openapi",
                                                                    message: message), reason: "accepted in May", expires: "2027-01-01")
        }
        // A case of one violation: its old entry is its new fingerprint, so it passes as known.
        let single = BaselineUse(Baseline(entries: [legacy([Self.known])]), today: "2026-11-26")
        var one = [Self.openapiCase([Self.known])]
        single.apply(to: &one, contract: "2025-06-17", endpoint: "place-search")
        #expect(one[0].verdict == .pass, "\(one[0].verdict)")
        // A case of two: the old entry stands for the violation it named first; the other is new and named.
        let entry = legacy([Self.known, Self.new])
        #expect(entry.fingerprint.hasSuffix(" (and N more)"))
        let several = BaselineUse(Baseline(entries: [entry]), today: "2026-11-26")
        var two = [Self.openapiCase([Self.known, Self.new])]
        several.apply(to: &two, contract: "2025-06-17", endpoint: "place-search")
        guard case let .fail(message, _) = two[0].verdict else { Issue.record("passed: \(two[0].verdict)"); return }
        #expect(message.contains("tips") && !message.contains("geocodes"), "\(message)")
        // --update-baseline writes it again as that violation, keeping its reason and date.
        let updated = Baseline(entries: [entry]).updated(findings: several.findings, covered: ["2025-06-17/place-search"], today: "2026-11-26")
        let first = try #require(updated.entries.first { $0.fingerprint.contains("geocodes") })
        #expect(!first.fingerprint.hasSuffix(" (and N more)"))
        #expect(first.reason == "accepted in May" && first.expires == "2027-01-01")
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
