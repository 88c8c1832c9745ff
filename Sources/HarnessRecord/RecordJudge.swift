import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// Decides whether a live answer may become a fixture, and whether it differs from the one on disk.
package enum RecordJudge {
    /// Whether a live answer is a recording of the API at all.
    package enum Judgement: Sendable, Equatable {
        case record
        /// Not a recording (auth refusal, transient failure, emulator error): write nothing, fail the fixture.
        case refuse(String)
        /// An error fixture the server did not reproduce: leave the file alone and say so.
        case keep(String)
    }

    /// `recordedStatus` is the existing fixture's status, nil for a new request (which expects a 2xx).
    package static func judge(recordedStatus: Int?, response: HTTPResponse, body: Data, acceptStatusChange: Bool) -> Judgement {
        let status = response.status
        let expected = recordedStatus ?? 200
        if status == 401 || status == 403, expected != 401, expected != 403 {
            return .refuse("not recorded: the server refused the key or the auth style (HTTP \(status))")
        }
        if let message = EmulatorAnswer.errorMessage(status: status, body: body) {
            return .refuse("not recorded: the emulator answered with its own error (HTTP \(status): \(message))")
        }
        let declaresJSON = response.headers["content-type"]?.lowercased().contains("json") ?? false
        let expectedClass = expected / 100, gotClass = status / 100
        if !body.isEmpty, declaresJSON || (expectedClass == 2 && gotClass == 2), !isJSON(body) {
            return .refuse("not recorded: HTTP \(status) with a body that is not valid JSON (\(body.count) bytes)")
        }
        if expectedClass == 2 {
            if status == 429 || gotClass == 5 {
                return .refuse("not recorded: a transient failure (HTTP \(status)) is not a recording of a \(expected) answer")
            }
            if gotClass != 2 { return .refuse("not recorded: HTTP \(status) where the fixture recorded \(expected)") }
        }
        // A fixture's status is its identity (its file name says so): a 403 answered 401 is not a 403 recording.
        if let recordedStatus, status != recordedStatus, !acceptStatusChange {
            return .keep("not reproducible live: kept (the fixture recorded \(recordedStatus), the server answered \(status); "
                         + "--accept-status-change records it as a \(status) fixture)")
        }
        return .record
    }

    static func isJSON(_ body: Data) -> Bool {
        JSONValue.parse(body) != nil
    }

    /// True when the fixture's 2xx body no longer decodes with its contract's model (`--mode failed` re-records it).
    package static func modelRejects(_ fixture: Fixture) -> Bool {
        guard (200...299).contains(fixture.response.status) else { return false }
        return ModelReads.decodeFailure(endpoint: fixture.endpoint, contract: fixture.contract,
                                        body: fixture.response.body.data) != nil
    }

    /// Equal but for when and how it was recorded: the `recorded` block, request headers, and the values of
    /// volatile response headers. JSON bodies compare as values, so key order and spacing do not count.
    package static func sameContent(_ a: Fixture, _ b: Fixture) -> Bool {
        // Either side's list counts: a header the old file did not yet call volatile is volatile all the same.
        let volatile = Set(a.response.volatileHeaders + b.response.volatileHeaders)
        func normalized(_ fixture: Fixture) -> Fixture {
            var copy = fixture
            copy.recorded = .authored
            for name in volatile { copy.response.headers[name] = nil }
            copy.response.volatileHeaders = []
            copy.request.headers = [:]
            copy.response.body = .empty
            return copy
        }
        return sameBody(a.response.body, b.response.body) && normalized(a).response == normalized(b).response
            && a.request.path == b.request.path && a.request.query == b.request.query && a.contract == b.contract
    }

    static func sameBody(_ a: RecordedResponse.Body, _ b: RecordedResponse.Body) -> Bool {
        if let left = JSONValue.parse(a.data), let right = JSONValue.parse(b.data) { return left.sameValue(as: right) }
        return a.data == b.data
    }
}
