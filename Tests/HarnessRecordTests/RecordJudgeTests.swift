import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessRecord
import Testing
import TestSupport

/// The recorder's content comparison and its refusals, without a server.
@Suite struct RecordJudgeTests {
    @Test func keyOrderSpacingVolatileHeadersAndTheRecordingBlockDoNotCount() {
        var a = TestSupport.fixture(query: ["query": "coffee"], requestHeaders: ["authorization": "<redacted>"], headers: ["content-type": "application/json", "date": "Mon"], body: .json(Data(#"{"results": [{"id": "1", "name": "A"}]}"#.utf8)), volatileHeaders: ["date"])
        var b = TestSupport.fixture(query: ["query": "coffee"], requestHeaders: ["authorization": "<redacted>"], headers: ["content-type": "application/json", "date": "Tue"], body: .json(Data(#"{"results":[{"name":"A","id":"1"}]}"#.utf8)), volatileHeaders: ["date"])
        b.recorded = RecordingInfo(source: "recorded", at: "2026-01-01T00:00:00Z", baseURL: "http://x", auth: .bearer,
                                   apiVersion: "v", toolVersion: "t")
        a.request.headers = ["authorization": "<redacted>", "user-agent": "x"]
        #expect(RecordJudge.sameContent(a, b))
    }

    @Test(arguments: [
        (#"{"results":[{"id":"1","name":"B"}]}"#, 200, ["content-type": "application/json"], ["query": "coffee"]),
        (#"{"results":[{"id":"1","name":"A"}]}"#, 203, ["content-type": "application/json"], ["query": "coffee"]),
        (#"{"results":[{"id":"1","name":"A"}]}"#, 200, ["content-type": "text/json"], ["query": "coffee"]),
        (#"{"results":[{"id":"1","name":"A"}]}"#, 200, ["content-type": "application/json"], ["query": "tea"]),
        (#"{"results":[{"id":1,"name":"A"}]}"#, 200, ["content-type": "application/json"], ["query": "coffee"]),
    ])
    func aValueStatusStableHeaderOrQueryThatDiffersCounts(body: String, status: Int, headers: [String: String], query: [String: String]) {
        let old = TestSupport.fixture(query: ["query": "coffee"], requestHeaders: ["authorization": "<redacted>"], body: .json(Data(#"{"results":[{"id":"1","name":"A"}]}"#.utf8)))
        #expect(!RecordJudge.sameContent(old, TestSupport.fixture(query: query, requestHeaders: ["authorization": "<redacted>"], status: status, headers: headers, body: .json(Data(body.utf8)))))
    }

    @Test func aFixtureWhoseBodyTheModelNoLongerDecodesIsFlagged() {
        let good = Fixture(relativePath: "chains/200-typical.json", endpoint: .chains,
                           request: RecordedRequest(path: "/places/chains", query: ["query": "coffee"]),
                           response: RecordedResponse(status: 200, body: .json(Data(#"{"results":[{"fsq_id":"c1","name":"Blue"}]}"#.utf8))),
                           recorded: .authored)
        var bad = good
        bad.response.body = .json(Data(#"{"results":[{"fsq_id":"c1","name":42}]}"#.utf8))
        #expect(!RecordJudge.modelRejects(good))
        #expect(RecordJudge.modelRejects(bad))
        bad.response.status = 404
        #expect(!RecordJudge.modelRejects(bad), "an error body is not the model's to decode")
    }

    func judge(_ recorded: Int?, _ status: Int, _ body: String = "{}", type: String = "application/json",
               accept: Bool = false) -> RecordJudge.Judgement {
        RecordJudge.judge(recordedStatus: recorded, response: HTTPResponse(status: status, headers: HTTPHeaders([("content-type", type)])),
                          body: Data(body.utf8), acceptStatusChange: accept)
    }

    @Test func answersThatAreNotRecordingsAreRefusedOrKept() {
        #expect(judge(200, 200) == .record)
        #expect(judge(nil, 401) == .refuse("not recorded: the server refused the key or the auth style (HTTP 401)"))
        #expect(judge(401, 401) == .record)
        #expect(judge(200, 429) != .record && judge(200, 503) != .record && judge(200, 500, "<html>", type: "text/html") != .record)
        #expect(judge(200, 200, "{\"results\": [") != .record)
        #expect(judge(404, 404, #"{"message": "No fixture matches GET /x"}"#)
                == .refuse("not recorded: the emulator answered with its own error (HTTP 404: No fixture matches GET /x)"))
        guard case .keep = judge(404, 200) else { Issue.record("a 404 answered 200 must be kept"); return }
        #expect(judge(404, 200, accept: true) == .record)
    }

    /// A fixture's status is its identity: an answer of another status in the same class is not a recording of it.
    @Test(arguments: [(403, 401), (401, 403), (404, 400), (400, 404), (500, 503), (503, 500), (429, 503), (200, 201)])
    func anAnswerOfAnotherStatusIsKeptEvenInTheSameClass(recorded: Int, answered: Int) {
        guard case let .keep(reason) = judge(recorded, answered) else {
            Issue.record("a \(recorded) fixture answered \(answered) must be kept, got \(judge(recorded, answered))")
            return
        }
        #expect(reason.hasPrefix("not reproducible live: kept"))
        #expect(reason.contains("the server answered \(answered)"))
        #expect(judge(recorded, answered, accept: true) == .record)
        #expect(judge(recorded, recorded) == .record)
    }
}
