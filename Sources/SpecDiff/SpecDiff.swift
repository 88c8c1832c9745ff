import HarnessCore
import Foundation
import FoursquarePlaces
import OpenAPIConformance

/// Compares two documents operation by operation and grades each change by what it does to this client: the
/// registry says which operations it calls and which parameters it sends with which rules, and the response
/// models (`ModelReads.shape`) say which fields it reads, as required or optional, and as what type.
enum SpecDiff {
    static func compare(old: SpecDocument, new: SpecDocument, contract: Contract) -> [SpecChange] {
        var changes: [SpecChange] = []
        var claimed: Set<String> = []
        for endpoint in contract.endpoints {
            let key = SpecDocument.key(method: endpoint.method, path: endpoint.pathTemplate)
            claimed.insert(key)
            let reads = ModelReads.shape(endpoint: endpoint.id, contract: contract.id)
            changes += compare(endpoint: endpoint, contract: contract, old: old.operations[key], new: new.operations[key], in: new, reads: reads)
        }
        for key in Set(old.operations.keys).union(new.operations.keys).subtracting(claimed).sorted() {
            switch (old.operations[key], new.operations[key]) {
            case let (nil, added?):
                let id = added.operationID.map { " (operationId \($0))" } ?? ""
                changes.append(SpecChange(grade: .info, operation: added.label, pointer: "\(added.pointer)", kind: "operation-added",
                                          message: "new operation\(id); the client has no registry entry for it, so it cannot call it yet"))
            case let (removed?, nil):
                let id = removed.operationID.map { " (operationId \($0))" } ?? ""
                changes.append(SpecChange(grade: .info, operation: removed.label, pointer: "\(removed.pointer)", kind: "operation-removed",
                                          message: "operation\(id) removed; the client does not call it"))
            default:
                break
            }
        }
        return changes.sorted { ($0.operation, $0.grade, $0.pointer, $0.kind) < ($1.operation, $1.grade, $1.pointer, $1.kind) }
    }

    /// The changes to one operation the client calls.
    static func compare(endpoint: Endpoint, contract: Contract, old: SpecDocument.Operation?, new: SpecDocument.Operation?,
                        in document: SpecDocument, reads: [String: FieldRead]) -> [SpecChange] {
        let id = endpoint.id.rawValue
        func change(_ grade: SpecChange.Grade, _ operation: String, _ pointer: JSONPointer, _ kind: String, _ message: String) -> SpecChange {
            SpecChange(grade: grade, operation: operation, endpoint: id, pointer: "\(pointer)", kind: kind, message: message)
        }
        switch (old, new) {
        case (nil, nil):
            // Neither document describes it (a departure the client declares): nothing to compare.
            return []
        case let (nil, new?):
            return [change(.info, new.label, new.pointer, "operation-documented", "the new document describes an operation the client already calls (\(id))")]
        case let (old?, nil):
            if let operationID = old.operationID,
               let moved = document.operations.values.first(where: { $0.operationID == operationID }) {
                return [change(.breaking, old.label, old.pointer, "operation-moved",
                               "operation \(operationID) moved to \(moved.label); the client calls \(endpoint.method) \(endpoint.pathTemplate) (\(id))")]
            }
            return [change(.breaking, old.label, old.pointer, "operation-removed", "operation removed; the client calls it (\(id))")]
        case let (old?, new?):
            var changes: [SpecChange] = []
            let label = new.label
            if new.deprecated, !old.deprecated {
                changes.append(change(.warning, label, new.pointer.appending("deprecated"), "operation-deprecated",
                                      "the operation is deprecated; the client calls it (\(id))"))
            }
            if let sunset = new.sunset, sunset != old.sunset {
                changes.append(change(.warning, label, new.pointer, "operation-sunset", "the operation has a sunset date, \(sunset); the client calls it (\(id))"))
            }
            changes += parameters(endpoint: endpoint, old: old, new: new, change: change)
            changes += HeaderChange.changes(contract: contract, old: old, new: new, newDocument: document.source, change: change)
            changes += responses(endpoint: endpoint, old: old, new: new, reads: reads, change: change)
            return changes
        }
    }

    typealias MakeChange = (SpecChange.Grade, String, JSONPointer, String, String) -> SpecChange

    static func parameters(endpoint: Endpoint, old: SpecDocument.Operation, new: SpecDocument.Operation, change: MakeChange) -> [SpecChange] {
        var changes: [SpecChange] = []
        let label = new.label
        let sent = Set(endpoint.parameters.map(\.name))
        for parameter in endpoint.parameters {
            let before = old.parameter("query", parameter.name)
            guard let after = new.parameter("query", parameter.name) else {
                if let before {
                    changes.append(change(.breaking, label, before.pointer, "parameter-removed",
                                          "query parameter \(parameter.name) removed; the client sends it (\(parameter.rule))"))
                }
                continue
            }
            let refused = ParameterRefusal.refusal(after.schema, rule: parameter.rule)
            if let refused, refused != before.flatMap({ ParameterRefusal.refusal($0.schema, rule: parameter.rule) }) {
                changes.append(change(.breaking, label, after.pointer.appending("schema"), "parameter-refuses",
                                      "query parameter \(parameter.name): \(refused) (the client allows \(parameter.rule))"))
            } else if let before, let narrower = ParameterRefusal.narrowing(old: before.schema, new: after.schema) {
                changes.append(change(.warning, label, after.pointer.appending("schema"), "parameter-bound-narrowed",
                                      "query parameter \(parameter.name): \(narrower), within what the client sends (\(parameter.rule))"))
            } else if let before, before.schema != after.schema {
                let what = ParameterRefusal.changes(old: before.schema, new: after.schema) ?? "its schema changed"
                changes.append(change(.info, label, after.pointer.appending("schema"), "parameter-schema-changed",
                                      "query parameter \(parameter.name): \(what), and still accepts what the client sends (\(parameter.rule))"))
            }
            if after.required, !(before?.required ?? false), !parameter.required {
                changes.append(change(.breaking, label, after.pointer.appending("required"), "parameter-now-required",
                                      "query parameter \(parameter.name) is now required; the client may send requests without it"))
            }
            if after.deprecated, !(before?.deprecated ?? false) {
                changes.append(change(.warning, label, after.pointer.appending("deprecated"), "parameter-deprecated",
                                      "query parameter \(parameter.name) is deprecated; the client sends it"))
            }
        }
        for after in new.parameters.values.sorted(by: { $0.pointer < $1.pointer }) where !(after.location == "query" && sent.contains(after.name)) {
            let before = old.parameter(after.location, after.name)
            if after.location == "path" { continue }
            if after.required, !(before?.required ?? false), !isVersionHeader(after) {
                changes.append(change(.breaking, label, after.pointer, "parameter-new-required",
                                      "new required \(after.location) parameter \(after.name); the client does not send it"))
            } else if before == nil {
                changes.append(change(.info, label, after.pointer, "parameter-added",
                                      "new \(after.location) parameter \(after.name); the request type has no property for it yet, so the client could add it"))
            }
        }
        for before in old.parameters.values.sorted(by: { $0.pointer < $1.pointer })
        where before.location != "path" && !(before.location == "query" && sent.contains(before.name)) && new.parameter(before.location, before.name) == nil {
            changes.append(change(.info, label, before.pointer, "parameter-removed",
                                  "\(before.location) parameter \(before.name) removed; the client does not send it"))
        }
        return changes
    }

    /// The client sends the version header on every call.
    static func isVersionHeader(_ parameter: SpecDocument.Parameter) -> Bool {
        parameter.location == "header" && parameter.name.lowercased() == "x-places-api-version"
    }

    static func responses(endpoint: Endpoint, old: SpecDocument.Operation, new: SpecDocument.Operation,
                          reads: [String: FieldRead], change: MakeChange) -> [SpecChange] {
        var changes: [SpecChange] = []
        let label = new.label
        let model = endpoint.responseType
        for status in Set(old.responses.keys).union(new.responses.keys).sorted() {
            let code = Int(status)
            switch (old.responses[status], new.responses[status]) {
            case let (before?, nil):
                if let code, (200...299).contains(code) {
                    changes.append(change(.breaking, label, before.pointer, "status-removed",
                                          "success status \(status) removed; the client decodes it into \(model)"))
                } else if let code, FoursquareError.Code(status: code) != .unexpectedStatus {
                    changes.append(change(.breaking, label, before.pointer, "status-removed",
                                          "status \(status) removed; the client maps it to .\(FoursquareError.Code(status: code).rawValue)"))
                } else {
                    changes.append(change(.info, label, before.pointer, "status-removed", "response \(status) removed"))
                }
            case let (nil, after?):
                if let code, (200...299).contains(code) {
                    changes.append(change(.warning, label, after.pointer, "status-added",
                                          "new success status \(status); the client decodes every 2xx into \(model)"))
                } else if let code, code >= 400, FoursquareError.Code(status: code) == .unexpectedStatus {
                    changes.append(change(.breaking, label, after.pointer, "status-unmapped",
                                          "new error status \(status); the client has no mapping for it (.unexpectedStatus)"))
                } else if let code, code >= 400 {
                    changes.append(change(.info, label, after.pointer, "status-added",
                                          "new error status \(status); the client maps it to .\(FoursquareError.Code(status: code).rawValue)"))
                } else {
                    changes.append(change(.info, label, after.pointer, "status-added", "new response \(status)"))
                }
            case let (before?, after?):
                guard let code, (200...299).contains(code) else { continue }
                switch (before.fields, after.fields) {
                case let (oldFields?, nil):
                    _ = oldFields
                    changes.append(change(.breaking, label, after.pointer, "body-removed",
                                          "the \(status) response no longer documents a JSON body; the client decodes it into \(model)"))
                case let (oldFields?, newFields?):
                    changes += fields(old: oldFields, new: newFields, reads: reads, model: model, label: label, change: change)
                default:
                    break
                }
            default:
                break
            }
        }
        return changes
    }

    /// `$.results[*].location` for `$.results[*].location.address`; `$.results` for `$.results[*]`.
    static func parent(of path: String) -> String? {
        if path.hasSuffix("[*]") { return String(path.dropLast(3)) }
        if path.hasSuffix("\"]"), let open = path.range(of: "[\"", options: .backwards) { return String(path[..<open.lowerBound]) }
        guard let dot = path.lastIndex(of: ".") else { return nil }
        return String(path[..<dot])
    }

    /// The JSON types a model's read accepts.
    static func accepted(_ read: FieldRead) -> Set<String>? {
        switch read.type {
        case "integer": return ["integer"]
        case "number": return ["integer", "number"]
        case "string": return ["string"]
        case "boolean": return ["boolean"]
        case "object": return ["object"]
        case "array": return ["array"]
        case "any": return ["string", "integer", "number", "boolean", "object", "array", "null"]
        default: return nil
        }
    }

    /// Fields removed and added under one parent with the same type, one of each type there: each pair is likely one
    /// field renamed, by the removed field's path.
    static func renames(old: [String: SpecDocument.Field], new: [String: SpecDocument.Field]) -> [String: String] {
        func outermost(_ paths: [String], in fields: [String: SpecDocument.Field], absentFrom other: [String: SpecDocument.Field]) -> [String] {
            paths.filter { path in other[path] == nil && !(parent(of: path).map { fields[$0] != nil && other[$0] == nil } ?? false) }
        }
        let removed = outermost(Array(old.keys), in: old, absentFrom: new), added = outermost(Array(new.keys), in: new, absentFrom: old)
        var pairs: [String: String] = [:]
        for (parent, gone) in Dictionary(grouping: removed, by: { parent(of: $0) ?? "" }) {
            let came = added.filter { (SpecDiff.parent(of: $0) ?? "") == parent }
            for path in gone where !(old[path]?.schema.types.isEmpty ?? true) {
                let types = old[path]!.schema.types
                let sameGone = gone.filter { old[$0]?.schema.types == types }, sameCame = came.filter { new[$0]?.schema.types == types }
                guard sameCame.count == 1 else { continue }
                if sameGone.count == 1 {
                    pairs[path] = sameCame[0]
                } else if sameGone.filter({ sharesStem($0, sameCame[0]) }) == [path] {
                    // Several removed of that type: the one whose name the added one extends (`website` → `website_url`).
                    pairs[path] = sameCame[0]
                }
            }
        }
        return pairs
    }

    /// Whether one field's last key begins with the other's, as a rename that adds a word does (`website_url`).
    static func sharesStem(_ a: String, _ b: String) -> Bool {
        let first = a.split(separator: ".").last.map(String.init) ?? a, second = b.split(separator: ".").last.map(String.init) ?? b
        return first.hasPrefix(second) || second.hasPrefix(first)
    }

    static func fields(old: [String: SpecDocument.Field], new: [String: SpecDocument.Field], reads: [String: FieldRead],
                       model: String, label: String, change: MakeChange) -> [SpecChange] {
        var changes: [SpecChange] = []
        let renamed = renames(old: old, new: new)
        let renamedTo = Set(renamed.values)
        for path in Set(old.keys).union(new.keys).sorted() {
            // One subject for the field wherever the document repeats its schema: the path cut to its last key.
            let start = changes.count
            defer {
                for index in start..<changes.count { changes[index].subject = SpecChange.subject(of: changes[index].message, path: path) }
            }
            let read = reads[path]
            let how = read.map { "\(model) reads it as \($0.required ? "a required" : "an optional") \($0.type == "any" ? "JSON value of any type" : $0.type)" }
                ?? "\(model) does not read it"
            switch (old[path], new[path]) {
            case let (before?, nil):
                // Only the outermost field removed: its children go with it.
                if let parent = parent(of: path), old[parent] != nil, new[parent] == nil { continue }
                // A field added beside it with the same type is likely the same field renamed: one line for both.
                let removed = renamed[path].map { "renamed? response field \(path) removed and \($0) added beside it with the same type" }
                    ?? "response field \(path) removed"
                if let read, read.required {
                    changes.append(change(.breaking, label, before.pointer, "field-removed",
                                          "\(removed); \(how), so the answer no longer decodes"))
                } else if read != nil {
                    changes.append(change(.warning, label, before.pointer, "field-removed",
                                          "\(removed); \(how), so it will be nil"))
                } else {
                    changes.append(change(.info, label, before.pointer, "field-removed", "\(removed); \(how)"))
                }
            case let (nil, after?):
                if let parent = parent(of: path), new[parent] != nil, old[parent] == nil { continue }
                if renamedTo.contains(path) { continue }
                let optional = after.required ? "required" : "optional"
                if read != nil {
                    changes.append(change(.info, label, after.pointer, "field-documented",
                                          "new \(optional) response field \(path); \(how) already"))
                } else {
                    changes.append(change(.info, label, after.pointer, "field-added",
                                          "new \(optional) response field \(path); \(how) yet, so the client could use it"))
                }
            case let (before?, after?):
                changes += field(path, before: before, after: after, read: read, how: how, label: label, change: change)
            default:
                break
            }
        }
        return changes
    }

    static func field(_ path: String, before: SpecDocument.Field, after: SpecDocument.Field, read: FieldRead?, how: String,
                      label: String, change: MakeChange) -> [SpecChange] {
        var changes: [SpecChange] = []
        let old = before.schema, new = after.schema
        func types(_ set: Set<String>) -> String { set.isEmpty ? "any type" : set.sorted().joined(separator: "|") }
        if old.types != new.types {
            let message = "response field \(path): type \(types(old.types)) → \(types(new.types)); \(how)"
            if let read {
                if read.type == "any" {
                    changes.append(change(.info, label, after.pointer, "field-type-changed", message + ", which still decodes"))
                } else if new.types.isEmpty {
                    changes.append(change(.warning, label, after.pointer, "field-untyped", message + ", and the document no longer says what it is"))
                } else if let accepted = accepted(read), !new.types.isSubset(of: accepted) {
                    changes.append(change(.breaking, label, after.pointer, "field-type-changed", message + ", so the answer no longer decodes"))
                } else if accepted(read) == nil, !new.types.isSubset(of: old.types) {
                    changes.append(change(.breaking, label, after.pointer, "field-type-changed", message + ", so the answer may no longer decode"))
                } else {
                    changes.append(change(.info, label, after.pointer, "field-type-changed", message + ", which still decodes"))
                }
            } else {
                changes.append(change(.info, label, after.pointer, "field-type-changed", message))
            }
        }
        if new.nullable, !old.nullable {
            let grade: SpecChange.Grade = read?.required == true ? .breaking : .info
            changes.append(change(grade, label, after.pointer, "field-nullable",
                                  "response field \(path) may now be null; \(how)" + (grade == .breaking ? ", so a null does not decode" : "")))
        }
        if before.required, !after.required {
            let grade: SpecChange.Grade = read?.required == true ? .breaking : .info
            changes.append(change(grade, label, after.pointer, "field-optional",
                                  "response field \(path) is no longer required; \(how)" + (grade == .breaking ? ", so an answer without it does not decode" : "")))
        }
        if old.enumValues != new.enumValues, let values = new.enumValues {
            let added = values.filter { !(old.enumValues ?? []).contains($0) }
            let asString = read.map { $0.type == "string" ? "; \(how), so new values decode" : "; \(how)" } ?? "; \(how)"
            if old.enumValues == nil {
                changes.append(change(.info, label, after.pointer, "enum-added", "response field \(path) now lists its values (\(values.joined(separator: ", ")))\(asString)"))
            } else if !added.isEmpty {
                let removed = (old.enumValues ?? []).filter { !values.contains($0) }
                let dropped = removed.isEmpty ? "" : " and no longer lists \(removed.joined(separator: ", "))"
                changes.append(change(.info, label, after.pointer, "enum-value-added",
                                      "response field \(path) has new values \(added.joined(separator: ", "))\(dropped)\(asString)"))
            } else {
                let removed = (old.enumValues ?? []).filter { !values.contains($0) }
                changes.append(change(.info, label, after.pointer, "enum-value-removed",
                                      "response field \(path) no longer lists \(removed.joined(separator: ", "))\(asString)"))
            }
        } else if old.enumValues != nil, new.enumValues == nil {
            changes.append(change(.info, label, after.pointer, "enum-removed", "response field \(path) no longer lists its values; \(how)"))
        }
        // A format that changes with the type is part of the type change.
        if old.format != new.format, old.types == new.types {
            changes.append(change(.info, label, after.pointer, "field-format-changed",
                                  "response field \(path): format \(old.format ?? "none") → \(new.format ?? "none"); \(how)"))
        }
        return changes
    }
}
