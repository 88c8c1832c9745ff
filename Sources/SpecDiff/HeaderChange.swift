import FoursquarePlaces
import OpenAPIConformance

/// Changes to the `enum` and `default` of an operation's header parameters. The version header
/// (`X-Places-Api-Version`) is the one that moves: a new version's document lists the new date and makes it the
/// default. The client sends its own contract's version on every call, so such a move breaks nothing, but it is the
/// sign that a version exists which this package does not have yet, so it is a warning that says how to add it.
enum HeaderChange {
    /// The header changes of one operation the client calls, one change per header and per kind (`enum`, `default`).
    static func changes(contract: Contract, old: SpecDocument.Operation, new: SpecDocument.Operation, newDocument: String,
                        change: SpecDiff.MakeChange) -> [SpecChange] {
        var changes: [SpecChange] = []
        let label = new.label
        for after in new.parameters.values.sorted(by: { $0.pointer < $1.pointer }) where after.location == "header" {
            guard let before = old.parameter("header", after.name) else { continue }
            let version = SpecDiff.isVersionHeader(after)
            let oldValues = (before.schema.enumValues ?? []).map(text), newValues = (after.schema.enumValues ?? []).map(text)
            if oldValues != newValues {
                let added = newValues.filter { !oldValues.contains($0) }, removed = oldValues.filter { !newValues.contains($0) }
                var what = "header \(after.name): enum \(list(oldValues)) → \(list(newValues))"
                if !added.isEmpty { what += ", added \(added.joined(separator: ", "))" }
                if !removed.isEmpty { what += ", removed \(removed.joined(separator: ", "))" }
                let sent = contract.apiVersion
                let grade: SpecChange.Grade
                let consequence: String
                if version, !newValues.isEmpty, !newValues.contains(sent) {
                    // Warning, not breaking: dated versions are served side by side, and a version's document lists
                    // its own date; the client keeps calling the version it pins.
                    grade = .warning
                    consequence = "the document no longer lists \(sent), which the client sends (contract \(contract.id))"
                        + advice(for: added, contract: contract, document: newDocument)
                } else if version {
                    grade = .info
                    consequence = "the client sends \(sent), which the document still accepts" + advice(for: added, contract: contract, document: newDocument)
                } else {
                    grade = .info
                    consequence = "the client does not send it"
                }
                changes.append(change(grade, label, after.pointer.appending("schema").appending("enum"), "header-enum-changed",
                                      "\(what); \(consequence)"))
            }
            if before.defaultValue != after.defaultValue {
                let oldDefault = before.defaultValue.map(text) ?? "none", newDefault = after.defaultValue.map(text) ?? "none"
                let what = "header \(after.name): default \(oldDefault) → \(newDefault)"
                let grade: SpecChange.Grade
                let consequence: String
                if version {
                    let sent = contract.apiVersion
                    if newDefault == sent {
                        grade = .info
                        consequence = "the document's default is now \(sent), the version the client sends"
                    } else {
                        grade = .warning
                        consequence = "the document describes version \(newDefault), and the client sends \(sent) (contract \(contract.id)) "
                            + "on every call, so its calls do not change" + advice(for: [newDefault], contract: contract, document: newDocument)
                    }
                } else {
                    // The client does not send other headers, so the server applies the default to every call.
                    grade = .warning
                    consequence = "the client does not send it, so the server now assumes \(newDefault)"
                }
                changes.append(change(grade, label, after.pointer.appending("schema").appending("default"), "header-default-changed",
                                      "\(what); \(consequence)"))
            }
        }
        return changes
    }

    /// The command that writes a version this package does not have yet from `document`, its OpenAPI document
    /// (`scripts/new-contract.sh FROM TO --document FILE`), for the first of `versions` that is a date later than the
    /// latest contract; for one it has, the flag that grades for it.
    static func advice(for versions: [String], contract: Contract, document: String) -> String {
        let dated = Contract.all.filter(\.isDated)
        for version in versions {
            if let known = dated.first(where: { $0.apiVersion == version }) {
                return "; the package has contract \(known.id): grade for it with --contract \(known.id)"
            }
            guard version.wholeMatch(of: #/\d{4}-\d{2}-\d{2}/#) != nil, let latest = dated.last, version > latest.apiVersion else { continue }
            // new-contract.sh copies a dated version's folder: the one graded, or the latest when the seed is.
            let from = contract.isDated ? contract.id.rawValue : latest.id.rawValue
            return "; to add \(version), run scripts/new-contract.sh \(from) \(version) --document \(document) (AddingAVersion)"
        }
        return ""
    }

    /// `2025-06-17` for the JSON text `"2025-06-17"`; other values as written.
    static func text(_ json: String) -> String {
        json.count >= 2 && json.hasPrefix("\"") && json.hasSuffix("\"") ? String(json.dropFirst().dropLast()) : json
    }

    /// `2025-06-17|2026-01-15`, or `none`.
    static func list(_ values: [String]) -> String { values.isEmpty ? "none" : values.joined(separator: "|") }
}
