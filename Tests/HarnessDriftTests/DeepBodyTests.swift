import FixtureFormat
import Foundation
import HarnessDrift
import HarnessReplay
import Testing

/// A body at the loader's nesting limit still goes through replay's checks and drift's comparison: the
/// walkers past the loader must not recurse into a crash either.
@Suite struct DeepBodyTests {
    static func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }

    static func fixture(body: String) -> Data {
        Data((#"{"endpoint": "place-details", "request": {"method": "GET", "path": "/places/abc"}, "#
            + #""response": {"status": 200, "body": "# + body + #"}, "recorded": {"source": "test"}}"#).utf8)
    }

    @Test func aBodyAtTheLimitLoadsAndItsChecksAndDriftRunWithoutCrashing() async throws {
        // 509 levels in the body, which is 3 levels down: the file is exactly 512 deep.
        let fixture = try FixtureLoader.parse(Self.fixture(body: Self.nested(509)), relativePath: "place-details/deep.json")
        let results = await ReplayRunner().cases(for: .fixture(fixture))
        let decoding = try #require(results.first { $0.check == .decoding })
        #expect(decoding.verdict.isProblem, "an array of arrays is no PlaceDetails")
        // Drift parses both bodies with Foundation (limit 512) and walks them; a live body far deeper is refused.
        for live in [Self.nested(509), Self.nested(512), Self.nested(100_000)] {
            let changes = DriftDiff.compare(fixture: fixture, status: 200, contentType: "application/json", body: Data(live.utf8))
            #expect(!changes.isEmpty || live == Self.nested(509))
        }
    }
}
