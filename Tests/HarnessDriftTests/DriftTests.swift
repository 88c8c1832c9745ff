import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessDrift
import Testing

@Suite struct DriftTests {
    func json(_ text: String) -> Any { try! JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func modelReadsKnowRequiredFromOptional() {
        let body = Data(#"{"results":[{"fsq_id":"a","name":"A","location":{"address":"x"}}]}"#.utf8)
        let reads = ModelReads.trace(endpoint: .placeSearch, body: body)
        #expect(reads["$.results[*].fsq_id"] == FieldRead(required: true, type: "string"))
        #expect(reads["$.results[*].name"]?.required == true)
        #expect(reads["$.results[*].distance"] == FieldRead(required: false, type: "number"))
        #expect(reads["$.results[*].location.address"]?.required == false)
        #expect(reads["$.results[*].popularity"] == nil)
    }

    func grades(_ before: String, _ after: String, endpoint: EndpointID = .placeSearch) -> [String: DriftGrade] {
        let fixture = Fixture(relativePath: "x/y.json", endpoint: endpoint, request: RecordedRequest(path: "/places/search"),
                              response: RecordedResponse(status: 200, headers: ["content-type": "application/json"],
                                                         body: .json(Data(before.utf8))), recorded: .authored)
        let changes = DriftDiff.compare(fixture: fixture, status: 200, contentType: "application/json", body: Data(after.utf8))
        return Dictionary(changes.map { ($0.path, $0.grade) }, uniquingKeysWith: max)
    }

    @Test func gradesFollowWhatTheModelReads() {
        let before = #"{"results":[{"fsq_id":"a","name":"A","distance":5,"extra":1},{"fsq_id":"b","name":"B","distance":7,"extra":2}]}"#
        // Required field gone from one element of two: ERR, found across all elements, not just the first.
        #expect(grades(before, #"{"results":[{"fsq_id":"a","name":"A","distance":5,"extra":1},{"fsq_id":"b","distance":7,"extra":2}]}"#)
                == ["$.results[*].name": .err])
        // Optional read field removed: INFO (the document allows an optional member to be absent); turned null: WARN.
        #expect(grades(before, #"{"results":[{"fsq_id":"a","name":"A","extra":1},{"fsq_id":"b","name":"B","extra":2}]}"#)
                == ["$.results[*].distance": .info])
        #expect(grades(before, #"{"results":[{"fsq_id":"a","name":"A","distance":null,"extra":1},{"fsq_id":"b","name":"B","distance":7,"extra":2}]}"#)
                == ["$.results[*].distance": .warn])
        // A field the model does not read may do anything: INFO.
        #expect(grades(before, #"{"results":[{"fsq_id":"a","name":"A","distance":5,"extra":"x"},{"fsq_id":"b","name":"B","distance":7}]}"#)
                == ["$.results[*].extra": .info])
        // A read field changing type breaks decoding: ERR.
        #expect(grades(before, #"{"results":[{"fsq_id":"a","name":"A","distance":"5m","extra":1},{"fsq_id":"b","name":"B","distance":7,"extra":2}]}"#)
                == ["$.results[*].distance": .err])
        // An optional member with another type fails decoding as a required one does: drift says so, as the live
        // checks' "does not decode" does for the same answer, never "reads it as optional".
        let fixture = Fixture(relativePath: "x/y.json", endpoint: .placeSearch, request: RecordedRequest(path: "/places/search"),
                              response: RecordedResponse(status: 200, headers: ["content-type": "application/json"],
                                                         body: .json(Data(before.utf8))), recorded: .authored)
        let typed = DriftDiff.compare(fixture: fixture, status: 200, contentType: "application/json",
                                      body: Data(#"{"results":[{"fsq_id":"a","name":"A","distance":"5","extra":1}]}"#.utf8))
        #expect(typed.map(\.detail) == ["type changed from number to string; the model reads it, so the answer does not decode"])
        // Added fields: INFO. Empty live arrays say nothing about element shape.
        #expect(grades(before, #"{"results":[],"context":{"geo":1}}"#) == ["$.context": .info])
    }

    /// A shorter array live is data, not drift (the stand-in found "removed from -1 of 1 elements" here).
    @Test func fewerArrayElementsLiveIsNoChange() {
        let before = #"{"results":[{"fsq_id":"a","name":"A","categories":[{"id":1,"name":"x"},{"id":2,"name":"y"}]},{"fsq_id":"b","name":"B","categories":[{"id":3,"name":"z"}]}]}"#
        let after = #"{"results":[{"fsq_id":"a","name":"A","categories":[{"id":1,"name":"x"}]}]}"#
        #expect(grades(before, after) == [:])
        // Not vacuous: a key gone from the elements still is a change.
        #expect(grades(before, #"{"results":[{"fsq_id":"a","categories":[{"id":1,"name":"x"}]}]}"#) == ["$.results[*].name": .err])
    }

    @Test func statusAndContentTypeChanges() {
        let fixture = Fixture(relativePath: "x/y.json", endpoint: .chains, request: RecordedRequest(path: "/places/chains"),
                              response: RecordedResponse(status: 200, headers: ["content-type": "application/json"],
                                                         body: .json(Data(#"{"results":[]}"#.utf8))), recorded: .authored)
        let changes = DriftDiff.compare(fixture: fixture, status: 503, contentType: "text/html", body: Data("<html>".utf8))
        #expect(changes.contains { $0.path == "status" && $0.grade == .err })
        #expect(changes.contains { $0.path == "content-type" && $0.grade == .warn })
        let sameClass = DriftDiff.compare(fixture: fixture, status: 203, contentType: "application/json; charset=utf-8",
                                            body: Data(#"{"results":[]}"#.utf8))
        #expect(sameClass.map(\.grade) == [.warn])
    }

    @Test func configIgnoresAndOverrides() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"ignore":["$.results[*].distance"],"endpoints":{"chains":{"grades":{"$.results[*].*":"WARN"}}}}"#.utf8)
            .write(to: folder.appendingPathComponent("drift-config.json"))
        let config = try DriftConfig.load(fixturesRoot: folder)
        #expect(config.ignores("$.results[*].distance", endpoint: "place-search"))
        #expect(!config.ignores("$.results[*].name", endpoint: "place-search"))
        #expect(config.grade(for: "$.results[*].name", endpoint: "chains") == .warn)
        #expect(config.grade(for: "$.results[*].name", endpoint: "place-search") == nil)
        try Data(#"{"endpoints":{"venues":{}}}"#.utf8).write(to: folder.appendingPathComponent("drift-config.json"))
        #expect(throws: FixtureError.self) { try DriftConfig.load(fixturesRoot: folder) }
    }
}
