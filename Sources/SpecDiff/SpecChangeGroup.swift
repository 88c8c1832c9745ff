import Foundation
import OpenAPIConformance

/// One change as a reader counts it: every place a document makes the same change (a schema it repeats inline in
/// each operation), with the operations it touches, graded by the worst place.
struct SpecChangeGroup: Sendable, Hashable, Codable {
    /// `agree_count: type integer → string`.
    var subject: String
    var kind: String
    /// The worst grade of its places.
    var grade: SpecChange.Grade
    /// Every place, worst first.
    var places: [SpecChange]

    /// The operations it touches, in order, each once: `GET /places/search (place-search)`.
    var operations: [String] {
        var seen = Set<String>()
        return places.map(SpecDiffOutput.place).filter { seen.insert($0).inserted }
    }

    /// The place that sets the grade: its message says what the change does to the client.
    var worst: SpecChange { places[0] }

    /// Every breaking place is a known finding (and there is one): the baseline accepts the change.
    var known: String? {
        let breaking = places.filter { $0.grade == .breaking }
        guard !breaking.isEmpty, breaking.allSatisfy({ $0.known != nil }) else { return nil }
        return breaking[0].known
    }

    /// A breaking place not in the baseline: the change fails the run.
    var fails: Bool { places.contains(where: \.fails) }

    /// The changes grouped by kind and subject, operation-level ones (added, removed, moved, deprecated) first, then
    /// worst grade first, then the most places first.
    static func grouping(_ changes: [SpecChange]) -> [SpecChangeGroup] {
        var order: [String] = []
        var byKey: [String: [SpecChange]] = [:]
        for change in changes {
            // An operation-level change is its operation's own: two operations added are two changes.
            let key = change.isOperationLevel ? "\(change.kind)|\(change.operation)" : "\(change.kind)|\(change.subject)"
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(change)
        }
        return order.map { key in
            let places = byKey[key]!.enumerated()
                .sorted { ($0.element.grade, $0.element.operation, $0.offset) < ($1.element.grade, $1.element.operation, $1.offset) }
                .map(\.element)
            return SpecChangeGroup(subject: places[0].subject, kind: places[0].kind, grade: places[0].grade, places: places)
        }
        .enumerated()
        .sorted { a, b in
            let x = a.element, y = b.element
            if x.worst.isOperationLevel != y.worst.isOperationLevel { return x.worst.isOperationLevel }
            if x.grade != y.grade { return x.grade < y.grade }
            if x.places.count != y.places.count { return x.places.count > y.places.count }
            return a.offset < b.offset
        }
        .map(\.element)
    }
}
