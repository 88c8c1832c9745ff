import Foundation
import FoursquarePlaces
import HarnessContractChecks
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
        let documented = success ? DocumentedMembers.of(endpoint: fixture.endpoint.rawValue, contract: fixture.contract) : nil
        changes += ShapeDiff.compare(recorded: old, live: new, reads: reads, documented: documented)
        // The model itself is the final judge: a body it cannot decode is breaking, whatever the diff said.
        if success, let failure = ModelReads.decodeFailure(endpoint: fixture.endpoint, contract: fixture.contract, body: body),
           !changes.contains(where: { $0.grade == .err }) {
            changes = decodingFailed(failure, changes: changes)
        }
        return changes
    }

    /// The decoder's failure as one change at its schema pointer: where the shapes already differ there, that change,
    /// graded breaking; a value of another JSON type is a type change (`number → string`), whichever answer held it.
    static func decodingFailed(_ failure: DecodingFailure, changes: [DriftChange]) -> [DriftChange] {
        let pointer = DriftChange.schemaPointer(failure.path)
        let expected = jsonType(failure.expected)
        let typed = expected != nil && ["string", "number", "boolean", "object", "array"].contains(failure.found)
        var changes = changes
        let at = changes.firstIndex { $0.path == pointer && [.added, .typeChanged, .becameValue].contains($0.kind) }
        if typed, let expected {
            let change = DriftChange(path: pointer, kind: .typeChanged, grade: .err,
                                     detail: "type changed from \(expected) to \(failure.found); the model no longer decodes it")
            if let at { changes[at] = change } else { changes.append(change) }
        } else if let at {
            changes[at].grade = .err
            changes[at].detail += "; the model no longer decodes it: expected \(failure.expected), found \(failure.found)"
        } else {
            changes.append(DriftChange(path: pointer, kind: .undecodable, grade: .err,
                                       detail: "the model no longer decodes: expected \(failure.expected), found \(failure.found)"))
        }
        return changes
    }

    /// `number` for the decoder's `number (Int)`; nil for what is no JSON type (`a value`, `valid JSON`).
    static func jsonType(_ expected: String) -> String? {
        let type = String(expected.prefix { $0 != " " })
        return ["string", "number", "boolean", "object", "array"].contains(type) ? type : nil
    }
}
