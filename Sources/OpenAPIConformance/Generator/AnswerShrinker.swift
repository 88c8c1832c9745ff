import FixtureFormat
import Foundation

/// Shrinks a failing answer to a minimal one: the smallest JSON it finds that the document still allows and the
/// client still fails on the same way. Greedy: each round tries every one-step smaller answer (a member or an
/// element removed, a value replaced by a smaller one) and keeps the first that still fails, until none does.
struct AnswerShrinker {
    /// Tries before it settles for what it has: a bound on time, not on correctness (every kept step still fails).
    static let maxTries = 4_000

    /// `stillFails` is asked only about answers the document allows.
    static func shrink(_ answer: JSONValue, allowed: (JSONValue) -> Bool, stillFails: (JSONValue) -> Bool) -> JSONValue {
        var current = answer
        var tries = 0
        var improved = true
        while improved, tries < maxTries {
            improved = false
            let size = current.jsonData.count
            for candidate in smaller(current) where tries < maxTries {
                tries += 1
                guard candidate.jsonData.count < size, allowed(candidate), stillFails(candidate) else { continue }
                current = candidate
                improved = true
                break
            }
        }
        return current
    }

    /// Every answer one step smaller than `value`, the biggest cuts first.
    static func smaller(_ value: JSONValue) -> [JSONValue] {
        switch value {
        case let .object(members):
            var out: [JSONValue] = []
            for index in members.indices.reversed() {
                var fewer = members
                fewer.remove(at: index)
                out.append(.object(fewer))
            }
            for index in members.indices {
                for child in smaller(members[index].value) {
                    var changed = members
                    changed[index].value = child
                    out.append(.object(changed))
                }
            }
            return out
        case let .array(elements):
            var out: [JSONValue] = []
            if elements.count > 1 { out.append(.array([elements[0]])) }
            for index in elements.indices.reversed() {
                var fewer = elements
                fewer.remove(at: index)
                out.append(.array(fewer))
            }
            for index in elements.indices {
                for child in smaller(elements[index]) {
                    var changed = elements
                    changed[index] = child
                    out.append(.array(changed))
                }
            }
            return out
        case let .string(text):
            guard !text.isEmpty else { return [] }
            return ["", "a", String(text.prefix(text.count / 2))].filter { $0.utf8.count < text.utf8.count }.map { .string($0) }
        case let .number(text):
            return ["0", "1"].filter { $0.count < text.count }.map { .number($0) }
        default:
            return []
        }
    }
}
