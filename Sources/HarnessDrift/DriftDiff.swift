import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessReports

/// Every change between a fixture's recorded response and a live one, graded by what the model reads.
/// Drift reports them; record lists them for an updated fixture.
package enum DriftDiff {
    package static func compare(fixture: Fixture, status: Int, contentType: String?, body: Data) -> [DriftChange] {
        var changes: [DriftChange] = []
        let recordedStatus = fixture.response.status
        if recordedStatus / 100 != status / 100 {
            changes.append(DriftChange(path: "status", kind: .status, grade: .err,
                                       detail: "status class changed: recorded \(recordedStatus), live \(status)"))
        } else if recordedStatus != status {
            changes.append(DriftChange(path: "status", kind: .status, grade: .warn,
                                       detail: "status changed within its class: recorded \(recordedStatus), live \(status)"))
        }
        let before = MediaType.of(fixture.response.headers["content-type"])
        let after = MediaType.of(contentType)
        if before != after {
            changes.append(DriftChange(path: "content-type", kind: .contentType, grade: .warn,
                                       detail: "content type changed: recorded \(before ?? "none"), live \(after ?? "none")"))
        }
        let recordedBody = fixture.response.body.data
        guard let old = JSONValue.parse(recordedBody), let new = JSONValue.parse(body) else {
            if case .json = fixture.response.body, !body.isEmpty, JSONValue.parse(body) == nil {
                changes.append(DriftChange(path: "$", kind: .undecodable, grade: (200...299).contains(status) ? .err : .warn,
                                           detail: "the live body is not JSON (\(body.count) bytes)"))
            }
            return changes
        }
        let success = (200...299).contains(recordedStatus) && (200...299).contains(status)
        var reads: [String: FieldRead] = [:]
        if success {
            reads = ModelReads.trace(endpoint: fixture.endpoint, contract: fixture.contract, body: recordedBody)
            reads.merge(ModelReads.trace(endpoint: fixture.endpoint, contract: fixture.contract, body: body)) { first, second in
                FieldRead(required: first.required || second.required, type: first.type)
            }
        } else {
            reads = ModelReads.trace(ErrorBody.self, body: recordedBody)
        }
        changes += ShapeDiff.compare(recorded: old, live: new, reads: reads)
        // The model itself is the final judge: a body it cannot decode is breaking, whatever the diff said.
        if success, let failure = ModelReads.decodeFailure(endpoint: fixture.endpoint, contract: fixture.contract, body: body),
           !changes.contains(where: { $0.grade == .err }) {
            changes.append(DriftChange(path: failure.path, kind: .undecodable, grade: .err,
                                       detail: "the model no longer decodes: expected \(failure.expected), found \(failure.found)"))
        }
        return changes
    }
}
