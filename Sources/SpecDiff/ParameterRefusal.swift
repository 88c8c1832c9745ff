import Foundation
import FoursquarePlaces
import OpenAPIConformance

/// Whether a parameter's documented schema refuses a value the client's rule lets through: the registry's rule is
/// what the client sends, so a schema is graded against it, not against the old schema.
enum ParameterRefusal {
    /// What the schema refuses of the values `rule` allows, in words; nil when it accepts them all.
    static func refusal(_ schema: SpecDocument.Schema, rule: Endpoint.Rule) -> String? {
        let types = schema.types
        func typeRefuses(_ accepted: Set<String>, what: String) -> String? {
            guard !types.isEmpty, types.isDisjoint(with: accepted) else { return nil }
            return "type \(types.sorted().joined(separator: "|")) refuses \(what)"
        }
        func enumText(_ value: String) -> String { "\"\(value)\"" }
        switch rule {
        case let .integer(range, _):
            if let refused = typeRefuses(["integer", "number", "string"], what: "the integers the client sends") { return refused }
            if let minimum = schema.minimum, Double(range.lowerBound) < minimum {
                return "minimum \(number(minimum)) refuses \(range.lowerBound), which the client sends"
            }
            if let maximum = schema.maximum, Double(range.upperBound) > maximum {
                return "maximum \(number(maximum)) refuses \(range.upperBound), which the client sends"
            }
            if let values = schema.enumValues, let missing = range.prefix(1000).first(where: { !values.contains(String($0)) && !values.contains(enumText(String($0))) }) {
                return "enum \(values.joined(separator: ", ")) refuses \(missing), which the client sends"
            }
            return nil
        case .number:
            if types == ["integer"] { return "type integer refuses the decimals the client sends" }
            if let refused = typeRefuses(["number", "string"], what: "the numbers the client sends") { return refused }
            if let minimum = schema.minimum { return "minimum \(number(minimum)) refuses smaller numbers, which the client sends" }
            if let maximum = schema.maximum { return "maximum \(number(maximum)) refuses larger numbers, which the client sends" }
            return nil
        case .boolean:
            return typeRefuses(["boolean", "string"], what: "true and false")
        case let .oneOf(values):
            if let refused = typeRefuses(["string"], what: "the values the client sends") { return refused }
            if let allowed = schema.enumValues, let missing = values.first(where: { !allowed.contains(enumText($0)) }) {
                return "enum \(allowed.joined(separator: ", ")) refuses '\(missing)', which the client sends"
            }
            if let maximum = schema.maxLength, let long = values.first(where: { $0.count > maximum }) {
                return "maxLength \(maximum) refuses '\(long)', which the client sends"
            }
            return nil
        case let .listOf(values):
            if let refused = typeRefuses(["string", "array"], what: "the lists the client sends") { return refused }
            if let allowed = schema.itemEnum ?? schema.enumValues, let missing = values.first(where: { !allowed.contains(enumText($0)) }) {
                return "enum \(allowed.joined(separator: ", ")) refuses '\(missing)', which the client sends"
            }
            return nil
        case .text, .nonEmpty, .minLength, .list, .integerList, .coordinate:
            let accepted: Set<String>
            switch rule {
            case .list, .integerList: accepted = ["string", "array"]
            default: accepted = ["string"]
            }
            if let refused = typeRefuses(accepted, what: "the text the client sends") { return refused }
            if let values = schema.enumValues ?? schema.itemEnum {
                return "enum \(values.joined(separator: ", ")) refuses other values, which the client sends"
            }
            let clientMinimum: Int
            switch rule {
            case .nonEmpty: clientMinimum = 1
            case let .minLength(count): clientMinimum = count
            default: clientMinimum = 0
            }
            if let minimum = schema.minLength, minimum > clientMinimum {
                return "minLength \(minimum) refuses shorter text, which the client sends"
            }
            if let maximum = schema.maxLength { return "maxLength \(maximum) refuses longer text, which the client sends" }
            if let pattern = schema.pattern { return "pattern \(pattern) refuses text the client does not check against it" }
            return nil
        }
    }

    /// How the new schema's bounds are narrower than the old's (within what the client sends), in words; nil if not.
    static func narrowing(old: SpecDocument.Schema, new: SpecDocument.Schema) -> String? {
        if let minimum = new.minimum, minimum > old.minimum ?? -.infinity {
            return "minimum \(old.minimum.map(number) ?? "none") → \(number(minimum))"
        }
        if let maximum = new.maximum, maximum < old.maximum ?? .infinity {
            return "maximum \(old.maximum.map(number) ?? "none") → \(number(maximum))"
        }
        if let length = new.maxLength, length < old.maxLength ?? .max { return "maxLength \(old.maxLength.map(String.init) ?? "none") → \(length)" }
        if let length = new.minLength, length > old.minLength ?? 0 { return "minLength \(old.minLength.map(String.init) ?? "none") → \(length)" }
        if let values = new.enumValues, let before = old.enumValues, !Set(before).isSubset(of: Set(values)) {
            return "enum lost \(before.filter { !values.contains($0) }.joined(separator: ", "))"
        }
        return nil
    }

    /// What changed in a schema that still accepts what the client sends, by value: `maximum 50 → 100`, `enum adds
    /// "DISTANCE"`, `type integer → number, string`; nil when nothing it can name changed.
    static func changes(old: SpecDocument.Schema, new: SpecDocument.Schema) -> String? {
        func bound(_ name: String, _ before: Double?, _ after: Double?) -> String? {
            before == after ? nil : "\(name) \(before.map(number) ?? "none") → \(after.map(number) ?? "none")"
        }
        func length(_ name: String, _ before: Int?, _ after: Int?) -> String? {
            before == after ? nil : "\(name) \(before.map(String.init) ?? "none") → \(after.map(String.init) ?? "none")"
        }
        func values(_ name: String, _ before: [String]?, _ after: [String]?) -> [String] {
            guard before != after else { return [] }
            guard let before, let after else { return [after == nil ? "\(name) removed" : "\(name) added: \(after!.joined(separator: ", "))"] }
            let added = after.filter { !before.contains($0) }, removed = before.filter { !after.contains($0) }
            return (added.isEmpty ? [] : ["\(name) adds \(added.joined(separator: ", "))"])
                + (removed.isEmpty ? [] : ["\(name) drops \(removed.joined(separator: ", "))"])
        }
        var parts = [bound("minimum", old.minimum, new.minimum), bound("maximum", old.maximum, new.maximum),
                     length("minLength", old.minLength, new.minLength), length("maxLength", old.maxLength, new.maxLength)].compactMap { $0 }
        parts += values("enum", old.enumValues, new.enumValues) + values("items' enum", old.itemEnum, new.itemEnum)
        if old.types != new.types {
            parts.append("type \(old.types.sorted().joined(separator: ", ").nonEmptyOr("any")) → \(new.types.sorted().joined(separator: ", ").nonEmptyOr("any"))")
        }
        if old.format != new.format { parts.append("format \(old.format ?? "none") → \(new.format ?? "none")") }
        if old.pattern != new.pattern { parts.append("pattern \(old.pattern ?? "none") → \(new.pattern ?? "none")") }
        if old.nullable != new.nullable { parts.append(new.nullable ? "now nullable" : "no longer nullable") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// `50`, not `50.0`.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

private extension String {
    func nonEmptyOr(_ other: String) -> String { isEmpty ? other : self }
}
