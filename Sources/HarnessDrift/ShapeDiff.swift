import Foundation
import HarnessCore
import HarnessLive
import HarnessReports

/// How serious a drift is, judged by what the Swift model reads.
package enum DriftGrade: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case info = "INFO"
    case warn = "WARN"
    case err = "ERR"

    private var rank: Int { self == .info ? 0 : self == .warn ? 1 : 2 }
    package static func < (a: DriftGrade, b: DriftGrade) -> Bool { a.rank < b.rank }
}

/// One difference between the recorded and the live response.
package struct DriftChange: Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Hashable, Codable {
        case status, contentType = "content-type", added, removed, typeChanged = "type-changed"
        case becameNull = "became-null", becameValue = "null-to-value", undecodable, renamed
    }

    /// `$.results[*].location.address`; `status` and `content-type` for the head.
    package var path: String
    package var kind: Kind
    package var grade: DriftGrade
    package var detail: String

    package init(path: String, kind: Kind, grade: DriftGrade, detail: String) {
        self.path = path
        self.kind = kind
        self.grade = grade
        self.detail = detail
    }

    package var line: String { "\(grade.rawValue) \(path): \(detail)" }

    /// The schema pointer of a JSON path: every array index as `[*]`, so `$.results[0].distance` (where a decoder
    /// stopped) and `$.results[*].distance` (where the shapes differ) are one place.
    package static func schemaPointer(_ path: String) -> String {
        path.replacingOccurrences(of: #"\[\d+\]"#, with: "[*]", options: .regularExpression)
    }
}

/// Per-path statistics of a JSON tree: how often a path occurs and with which JSON types.
struct Shape {
    struct Stat {
        var count = 0
        var types: Set<String> = []
        /// The first scalar values seen, to tell a rename from a removal plus an unrelated addition.
        var values: [String] = []
    }

    var stats: [String: Stat] = [:]

    init(_ root: JSONValue) { walk(root, "$") }

    private mutating func walk(_ value: JSONValue, _ path: String) {
        let value = value.resolved
        stats[path, default: Stat()].count += 1
        stats[path, default: Stat()].types.insert(value.kind)
        if stats[path]!.values.count < 32 {
            switch value {
            case let .string(text): stats[path]!.values.append(text)
            // Numbers by value, as Foundation wrote them (`2.50` and `2.5` are one value).
            case let .number(text): stats[path]!.values.append(JSONValue.foundationNumber(text))
            case let .bool(bool): stats[path]!.values.append(bool ? "1" : "0")
            default: break
            }
        }
        if let object = value.uniqueMembers {
            for (key, child) in object { walk(child, ObjectNode.childPath(path, key)) }
        } else if let array = value.arrayElements {
            for element in array { walk(element, "\(path)[*]") }
        }
    }


    /// The path of the container that holds `path`, and how many containers of that kind there were.
    func parent(of path: String) -> String? {
        if path.hasSuffix("[*]") { return String(path.dropLast(3)) }
        if path.hasSuffix("\"]"), let range = path.range(of: "[\"", options: .backwards) { return String(path[..<range.lowerBound]) }
        guard let dot = path.lastIndex(of: "."), dot > path.startIndex else { return nil }
        return String(path[..<dot])
    }

    /// How many objects sat at the parent of `path` (the denominator for presence).
    func parentObjects(of path: String) -> Int {
        guard let parent = parent(of: path) else { return 1 }
        if path.hasSuffix("[*]") { return stats[parent]?.count ?? 0 }
        return stats[parent].map { $0.types.contains("object") ? $0.count : 0 } ?? 0
    }
}

/// Compares two JSON bodies by structure and grades each change by the model's reads.
package enum ShapeDiff {
    /// `documented`: the members the contract's document lets the answer carry (nil when it does not describe the
    /// operation); a key it lists is an optional member of its own, never the new name of another.
    package static func compare(
        recorded: JSONValue, live: JSONValue, reads: [String: FieldRead], documented: Set<String>? = nil
    ) -> [DriftChange] {
        let before = Shape(recorded)
        let after = Shape(live)
        var changes: [DriftChange] = []
        var reportedRoots: [String] = []

        func underReported(_ path: String) -> Bool {
            reportedRoots.contains { path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }
        }

        let paths = Set(before.stats.keys).union(after.stats.keys).sorted()
        for path in paths where path != "$" && !underReported(path) {
            let old = before.stats[path]
            let new = after.stats[path]
            let read = reads[path]
            // Without any parent object on one side there is nothing to compare (an empty array, say).
            let oldParents = before.parentObjects(of: path)
            let newParents = after.parentObjects(of: path)
            if oldParents == 0 || newParents == 0 { continue }
            let oldPresence = Double(old?.count ?? 0) / Double(oldParents)
            let newPresence = Double(new?.count ?? 0) / Double(newParents)

            // Element paths come and go with empty arrays: that is data, not structure.
            if path.hasSuffix("[*]"), old == nil || new == nil { continue }
            if old == nil, new != nil {
                changes.append(DriftChange(path: path, kind: .added, grade: .info,
                                           detail: "added (\(describe(new!.types)))\(read == nil ? "; the model does not read it" : "")"))
                reportedRoots.append(path)
                continue
            }
            // An array's length is data: fewer elements live is no removal (only a key's presence is structure).
            let fewer = !path.hasSuffix("[*]") && newPresence < oldPresence && oldPresence >= 1
            if let old, new == nil || fewer {
                // Only a member the model requires breaks by going: an optional one absent from an answer is what
                // the document allows (data, not contract).
                let required = read?.required == true
                let partial = new == nil ? "" : " from \(newParents - (new?.count ?? 0)) of \(newParents) elements"
                // "Removed" is the breaking word, for a member the model requires; an optional one is only absent.
                changes.append(DriftChange(path: path, kind: .removed, grade: required ? .err : .info,
                                           detail: "\(required ? "removed" : "absent")\(partial) (was \(describe(old.types)))\(readNote(read))"))
                if new == nil { reportedRoots.append(path) }
                continue
            }
            guard let old, let new else { continue }
            let oldTypes = old.types.subtracting(["null"])
            let newTypes = new.types.subtracting(["null"])
            if !newTypes.isEmpty, !oldTypes.isEmpty, !newTypes.isSubset(of: oldTypes) {
                let grade: DriftGrade = read == nil ? .info : .err
                changes.append(DriftChange(path: path, kind: .typeChanged, grade: grade,
                                           detail: "type changed from \(describe(old.types)) to \(describe(new.types))\(typeNote(read))"))
                reportedRoots.append(path)
                continue
            }
            if new.types.contains("null"), !old.types.contains("null") {
                let grade: DriftGrade = read == nil ? .info : (read!.required ? .err : .warn)
                changes.append(DriftChange(path: path, kind: .becameNull, grade: grade,
                                           detail: "value turned null (was \(describe(old.types)))\(readNote(read))"))
                continue
            }
            if oldTypes.isEmpty, !newTypes.isEmpty {
                var grade: DriftGrade = .info
                if let read, read.type != "value", read.type != "object" || !newTypes.contains("object"),
                   !newTypes.contains(read.type) {
                    grade = .err
                }
                changes.append(DriftChange(path: path, kind: .becameValue, grade: grade,
                                           detail: "null turned into \(describe(new.types))\(readNote(read))"))
            }
        }
        return renames(in: changes, before: before, after: after, reads: reads, documented: documented)
    }

    /// A key removed and another added under the same parent, with the same types, is one rename (`fsq_id` →
    /// `fsq_place_id`) only with evidence beyond two different keys: the same values, a name that keeps every part
    /// of the old one, or a required member gone with one lone key of its type in its place. A key the document
    /// lists is a member of its own: two answers holding two different optional members is data, not a rename.
    static func renames(in changes: [DriftChange], before: Shape, after: Shape, reads: [String: FieldRead] = [:],
                        documented: Set<String>? = nil) -> [DriftChange] {
        var replaced: [Int: DriftChange] = [:]
        var used: Set<Int> = []
        func candidates(_ kind: DriftChange.Kind, _ shape: Shape, parent: String?, types: Set<String>) -> [Int] {
            changes.indices.filter { index in
                changes[index].kind == kind && !used.contains(index) && shape.parent(of: changes[index].path) == parent
                    && shape.stats[changes[index].path]?.types == types
            }
        }
        for index in changes.indices where changes[index].kind == .removed {
            let removed = changes[index]
            guard let old = before.stats[removed.path], after.stats[removed.path] == nil else { continue }
            let parent = before.parent(of: removed.path)
            let added = candidates(.added, after, parent: parent, types: old.types)
                .filter { documented?.contains(changes[$0].path) != true }
            // Rivals are keys gone from every element; one missing from only some elements is data, not a rename.
            let peers = candidates(.removed, before, parent: parent, types: old.types).filter { after.stats[changes[$0].path] == nil }
            let sameValues = added.filter { !old.values.isEmpty && after.stats[changes[$0].path]?.values == old.values }
            // Without matching values, only a scalar: two objects of one parent are as often two kinds.
            let scalar = old.types.isDisjoint(with: ["object", "array"])
            let required = reads[removed.path]?.required == true
            // Or the one added key whose name keeps every part of the old one (`fsq_id` → `fsq_place_id`).
            let similar = added.filter { similarName(lastKey(removed.path), lastKey(changes[$0].path)) }
            guard let match = sameValues.first ?? (scalar && similar.count == 1 ? similar.first : nil)
                    ?? (scalar && required && added.count == 1 && peers.count == 1 ? added.first : nil) else { continue }
            used.formUnion([index, match])
            let note = removed.detail.range(of: "; the model").map { String(removed.detail[$0.lowerBound...]) } ?? ""
            replaced[index] = DriftChange(
                path: removed.path, kind: .renamed, grade: removed.grade,
                detail: "renamed `\(lastKey(removed.path))` → `\(lastKey(changes[match].path))` (\(describe(old.types)))\(note)")
        }
        return changes.indices.compactMap { index in
            if let rename = replaced[index] { return rename }
            return used.contains(index) ? nil : changes[index]
        }
    }

    /// Whether `new` holds every `_`-separated part of `old`, in order, and more (`fsq_id`, `fsq_place_id`).
    static func similarName(_ old: String, _ new: String) -> Bool {
        let parts = old.split(separator: "_"), candidate = new.split(separator: "_")
        guard candidate.count > parts.count else { return false }
        var rest = candidate[...]
        for part in parts {
            guard let at = rest.firstIndex(of: part) else { return false }
            rest = rest[rest.index(after: at)...]
        }
        return true
    }

    /// `fsq_id` for `$.results[*].fsq_id`.
    static func lastKey(_ path: String) -> String {
        if path.hasSuffix("\"]"), let range = path.range(of: "[\"", options: .backwards) {
            return String(path[range.upperBound...].dropLast(2))
        }
        return path.split(separator: ".").last.map(String.init) ?? path
    }

    static func describe(_ types: Set<String>) -> String { types.sorted().joined(separator: "|") }

    /// A member the model reads, optional or required, fails the whole answer's decoding when its type changes: the
    /// same verdict the live checks give the same answer.
    static func typeNote(_ read: FieldRead?) -> String {
        guard read != nil else { return "; the model does not read it" }
        return "; the model reads it, so the answer does not decode"
    }

    static func readNote(_ read: FieldRead?) -> String {
        guard let read else { return "; the model does not read it" }
        return read.required ? "; the model requires it" : "; the model reads it as optional"
    }
}
