import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessRecord
import Testing
import TestSupport

/// `fixtures audit`: raw values fail under `keepValues: false`, and under `keepValues: true` once older than
/// `fixtureMaxAgeDays` or of unknown age; hand-written and synthetic fixtures never do; unreadable files fail.
@Suite struct FixtureAuditTests {
    static let now = ISO8601DateFormatter().date(from: "2026-11-26T00:00:00Z")!

    /// One `chains` fixture per kind of recording, by name.
    static let named: [(name: String, recorded: RecordingInfo)] = [
        ("authored", RecordingInfo(source: "authored")),
        ("synthetic", RecordingInfo(source: "recorded", at: "2026-11-20T00:00:00Z", values: .synthetic)),
        ("raw-young", RecordingInfo(source: "recorded", at: "2026-11-20T00:00:00Z", values: .raw)),
        ("raw-old", RecordingInfo(source: "recorded", at: "2026-01-01T00:00:00Z", values: .raw)),
        ("legacy-undated", RecordingInfo(source: "recorded")),
    ]

    static let corpus: [LoadedFixture] = named.map { .fixture(TestSupport.fixture("chains/\($0.name).json", headers: [:], recorded: $0.recorded)) }

    static func corpus(named name: String) -> [LoadedFixture] { corpus.filter { $0.relativePath == "chains/\(name).json" } }

    @Test func keepValuesFalseFailsEveryRawFixtureAndNoOther() {
        let audit = FixtureAudit(Self.corpus, keepValues: false, maxDays: nil, now: Self.now)
        #expect(!audit.passes)
        #expect(audit.entries.map(\.fixture) == ["chains/legacy-undated.json", "chains/raw-old.json", "chains/raw-young.json"])
        #expect(audit.entries.allSatisfy { $0.failure != nil })
        #expect(audit.entries.map(\.days) == [nil, 329, 6])
        #expect(audit.lines.last == "fixtures audit: 5 files, 3 holding recorded raw values, 3 failing (keepValues: false)")
    }

    @Test func keepValuesTrueFailsOnlyOldOrUndatedRawFixtures() {
        let audit = FixtureAudit(Self.corpus, keepValues: true, maxDays: 30, now: Self.now)
        #expect(!audit.passes)
        #expect(audit.entries.filter { $0.failure != nil }.map(\.fixture) == ["chains/legacy-undated.json", "chains/raw-old.json"])
        #expect(audit.lines.contains("RAW  chains/raw-young.json (recorded 6 days ago)"))
        let young = FixtureAudit(Self.corpus(named: "raw-young"), keepValues: true, maxDays: 30, now: Self.now)
        #expect(young.passes)
        #expect(FixtureAudit(Self.corpus(named: "raw-old"), keepValues: true, maxDays: nil, now: Self.now).passes)
    }

    @Test func handWrittenAndSyntheticFixturesPassAndUnreadableFilesFail() {
        #expect(FixtureAudit(Array(Self.corpus.prefix(2)), keepValues: false, maxDays: 1, now: Self.now).passes)
        let broken = LoadedFixture.broken(relativePath: "chains/bad.json", endpointHint: "chains",
                                          error: FixtureError(file: "chains/bad.json", reason: "not JSON"))
        let audit = FixtureAudit([broken], keepValues: false, maxDays: nil, now: Self.now)
        #expect(!audit.passes)
        #expect(audit.lines.first == "FAIL chains/bad.json: not JSON (cannot tell what it holds)")
    }
}
