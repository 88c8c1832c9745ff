import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessDrift
import Testing

/// Drift grades the contract, not the data: one change is one line at its schema pointer with the fixtures it
/// touched, and a difference the document allows (two different optional members) is no rename.
@Suite struct DriftGroupingTests {
    func fixture(_ path: String, _ endpoint: EndpointID, contract: ContractID = .seed, _ body: String) -> Fixture {
        Fixture(relativePath: path, endpoint: endpoint, contract: contract, request: RecordedRequest(path: "/places/x"),
                response: RecordedResponse(status: 200, headers: ["content-type": "application/json"], body: .json(Data(body.utf8))),
                recorded: .authored)
    }

    func drift(_ fixture: Fixture, live: String) -> DriftResult {
        DriftResult(fixture: fixture.relativePath, endpoint: fixture.endpoint.rawValue, contract: fixture.contract, auth: .bearer,
                    changes: DriftDiff.compare(fixture: fixture, status: 200, contentType: "application/json", body: Data(live.utf8)),
                    liveStatus: 200)
    }

    /// Where the recording had `distance` the shapes differ; where it had none the decoder stops at
    /// `$.results[0].distance`. Both are the one change `number → string`, graded once.
    @Test func aTypeChangeSeenByTheShapesAndByTheDecoderIsOneLineWithItsFixtures() throws {
        let withDistance = fixture("place-search/a.json", .placeSearch, #"{"results":[{"fsq_id":"a","name":"A","distance":5}]}"#)
        let without = fixture("place-search/b.json", .placeSearch, #"{"results":[{"fsq_id":"b","name":"B"}]}"#)
        let third = fixture("place-search/c.json", .placeSearch, #"{"results":[{"fsq_id":"c","name":"C","distance":9},{"fsq_id":"d","name":"D"}]}"#)
        let results = [
            drift(withDistance, live: #"{"results":[{"fsq_id":"a","name":"A","distance":"5"}]}"#),
            drift(without, live: #"{"results":[{"fsq_id":"b","name":"B","distance":"7"}]}"#),
            drift(third, live: #"{"results":[{"fsq_id":"c","name":"C","distance":"9"},{"fsq_id":"d","name":"D","distance":"2"}]}"#),
        ]
        for result in results {
            #expect(result.changes.map(\.path) == ["$.results[*].distance"], "\(result.fixture): \(result.changes.map(\.line))")
            #expect(result.changes.allSatisfy { $0.kind == .typeChanged && $0.grade == .err }, "\(result.changes.map(\.line))")
        }
        var run = DriftRun()
        run.results = results
        let summary = DriftSummary(run)
        let group = try #require(summary.groups.first)
        #expect(summary.groups.count == 1, "\(summary.groups.map(\.phrase))")
        #expect(group.grade == .err && group.fixtures.count == 3 && group.path == "$.results[*].distance")
        let lines = summary.terminal().split(separator: "\n").filter { $0.contains("distance") }
        #expect(lines.count == 1, "\(summary.terminal())")
        #expect(lines.first?.contains("$.results[*].distance: number → string") == true, "\(lines)")
        #expect(lines.first?.contains("(3 fixtures: place-search/a.json, place-search/b.json, …)") == true, "\(lines)")
        #expect(summary.headline.hasPrefix("drift: 1 breaking"), "\(summary.headline)")
        // One fingerprint for the change, whichever way each fixture saw it.
        #expect(Set(results.flatMap { DriftReport.findings($0, failOn: .err) }) == ["seed/place-search drift $.results[*].distance type-changed"])
    }

    /// `distance` in search results, geotagging candidates and autocomplete places turning a string is one change,
    /// its pointers listed; another change to a field of that name, or another field, stays apart.
    @Test func oneFieldChangingTheSameWayAtSeveralPointersIsOneLine() throws {
        func typeChange(_ path: String, to type: String = "string") -> DriftChange {
            DriftChange(path: path, kind: .typeChanged, grade: .err, detail: "type changed from number to \(type); the model reads it as optional")
        }
        func call(_ fixture: String, _ changes: [DriftChange]) -> DriftResult {
            DriftResult(fixture: fixture, endpoint: String(fixture.split(separator: "/")[0]), contract: .v20250617, auth: .bearer,
                        changes: changes, liveStatus: 200)
        }
        var run = DriftRun()
        run.results = [
            call("place-search/2025-06-17/a.json", [typeChange("$.results[*].distance")]),
            call("place-search/2025-06-17/b.json", [typeChange("$.results[*].distance")]),
            call("geotagging-candidates/2025-06-17/a.json", [typeChange("$.candidates[*].distance"),
                                                               typeChange("$.candidates[*].rating", to: "boolean")]),
            call("place-details/2025-06-17/a.json", [typeChange("$.distance", to: "boolean")]),
        ]
        let summary = DriftSummary(run)
        #expect(summary.groups.count == 3, "\(summary.groups.map { "\($0.paths) \($0.phrase)" })")
        let group = try #require(summary.groups.first { $0.paths.count > 1 })
        #expect(group.paths == ["$.results[*].distance", "$.candidates[*].distance"] && group.fixtures.count == 3)
        let terminal = summary.terminal()
        #expect(terminal.contains("ERR  distance: number → string; the model reads it as optional (3 fixtures: place-search/2025-06-17/a.json, "
                                  + "place-search/2025-06-17/b.json, …; at $.results[*].distance, $.candidates[*].distance)"), "\(terminal)")
        #expect(terminal.contains("ERR  $.distance: number → boolean"), "\(terminal)")
        #expect(summary.headline.hasPrefix("drift: 3 breaking"), "\(summary.headline)")
    }

    /// The false "renamed `twitter` → `instagram`": two answers holding two different members the document lists.
    @Test func twoDifferentDocumentedOptionalMembersAreNoRenameAndNoWarning() {
        let recorded = fixture("place-details/2025-06-17/a.json", .placeDetails, contract: .v20250617,
                               #"{"fsq_place_id":"4b0","name":"A","social_media":{"twitter":"cafe_a"}}"#)
        for live in [#"{"fsq_place_id":"4b0","name":"A","social_media":{"instagram":"cafe_a"}}"#,
                     #"{"fsq_place_id":"4b0","name":"A","social_media":{"instagram":"cafe.a.official"}}"#] {
            let changes = drift(recorded, live: live).changes
            #expect(!changes.contains { $0.kind == .renamed }, "\(changes.map(\.line))")
            #expect(changes.allSatisfy { $0.grade == .info }, "\(changes.map(\.line))")
            #expect(changes.contains { $0.path == "$.social_media.twitter" && $0.detail.hasPrefix("absent") }, "\(changes.map(\.line))")
        }
    }

    /// A required member gone with one undocumented key of its type in its place is still a rename.
    @Test func aRequiredMemberReplacedByAnUndocumentedKeyIsARename() {
        let recorded = fixture("place-details/2025-06-17/a.json", .placeDetails, contract: .v20250617,
                               #"{"fsq_place_id":"4b0","name":"A"}"#)
        let changes = drift(recorded, live: #"{"place_id":"zz9","name":"A"}"#).changes
        #expect(changes.contains { $0.kind == .renamed && $0.grade == .err && $0.detail.hasPrefix("renamed `fsq_place_id` → `place_id`") },
                "\(changes.map(\.line))")
        // The same pair under an optional member is two keys, not a rename.
        let optional = fixture("place-details/2025-06-17/b.json", .placeDetails, contract: .v20250617,
                               #"{"fsq_place_id":"4b0","name":"A","website":"https://a.example"}"#)
        let other = drift(optional, live: #"{"fsq_place_id":"4b0","name":"A","homepage":"https://b.example"}"#).changes
        #expect(!other.contains { $0.kind == .renamed }, "\(other.map(\.line))")
        #expect(other.contains { $0.path == "$.website" && $0.kind == .removed && $0.grade == .info })
    }

    /// A rename seen where the recording had elements, and by the decoder where it had none (`results: []`), is one
    /// breaking change with both fixtures, not two.
    @Test func aRenameSeenByTheDecoderInAnEmptyRecordingIsTheSameChange() {
        let full = fixture("place-search/2025-06-17/a.json", .placeSearch, contract: .v20250617,
                           #"{"results":[{"fsq_place_id":"4b0","name":"A"}]}"#)
        let empty = fixture("place-search/2025-06-17/b.json", .placeSearch, contract: .v20250617, #"{"results":[]}"#)
        var run = DriftRun()
        run.results = [drift(full, live: #"{"results":[{"place_id":"4b0","name":"A"}]}"#),
                       drift(empty, live: #"{"results":[{"place_id":"4b1","name":"B"}]}"#)]
        #expect(run.results[1].changes.contains { $0.kind == .undecodable }, "\(run.results[1].changes.map(\.line))")
        let groups = DriftSummary(run).groups.filter { $0.grade == .err }
        #expect(groups.count == 1, "\(groups.map { "\($0.kind) \($0.paths)" })")
        #expect(groups.first?.kind == .renamed && groups.first?.fixtures.count == 2, "\(groups.map(\.fixtures))")
    }

    /// A baseline written when the decoder's stop was its own entry still matches the change at its schema pointer,
    /// is counted known (not fixed), and `--update-baseline` rewrites it in the new form with its reason.
    @Test func anEntryWrittenWithAnArrayIndexStillMatchesTheChangeAtItsSchemaPointer() {
        let old = Baseline.Entry(fingerprint: "seed/place-search drift $.results[0].distance undecodable", reason: "moving to strings", expires: "never")
        let baseline = Baseline(entries: [old])
        let now = "seed/place-search drift $.results[*].distance type-changed"
        #expect(baseline.entry(now) == old)
        #expect(baseline.entry("seed/place-search drift $.results[*].name removed") == nil)
        let use = BaselineUse(baseline)
        use.covered("seed/place-search")
        guard case .known = use.judge([now]) else { Issue.record("not known"); return }
        #expect(use.fixed.isEmpty && use.unchecked == 0)
        #expect(use.lines(path: "b.json").first == "baseline b.json: 1 entry: 1 known (not failing), 0 expired, 0 fixed, 0 not checked")
        let updated = baseline.updated(findings: [now], covered: ["seed/place-search"])
        #expect(updated.entries == [Baseline.Entry(fingerprint: now, reason: "moving to strings", expires: "never")])
    }
}
