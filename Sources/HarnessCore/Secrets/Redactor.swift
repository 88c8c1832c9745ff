import Foundation
import FoursquarePlaces

/// Removes the key (and chosen headers) from everything `record` writes, then scans the final bytes.
package struct Redactor: Sendable {
    package static let marker = KeyScrubber.marker

    package let key: APIKey
    /// Finds and removes the key in each of its forms.
    package let scrubber: KeyScrubber
    /// Lower-case header names whose values are always replaced.
    package let headers: Set<String>
    /// Answer fields that carry a credential (`access_key_id`, …, every field the registry marks secret): their
    /// values are replaced wherever they appear in a JSON body.
    package static let secretFields = Set(Contract.catalog.flatMap(\.secretFields))

    package init(key: APIKey, extraHeaders: [String] = []) {
        self.key = key
        scrubber = KeyScrubber(key: key)
        headers = Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]
            + extraHeaders.map { $0.lowercased() })
    }

    package func text(_ value: String) -> String { scrubber.text(value) }

    package func headerMap(_ map: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in map {
            let lower = name.lowercased()
            result[lower] = headers.contains(lower) ? Self.marker : text(value)
        }
        return result
    }

    /// Replaces the key inside every string and object key of a JSON tree, and the value of every secret field.
    package func json(_ value: JSONValue) -> JSONValue {
        switch value.resolved {
        case let .string(string): return .string(text(string))
        case let .array(array): return .array(array.map(json))
        case let .object(members):
            return .object(members.map { name, child in
                if case .null = child.resolved { return (text(name), json(child)) }
                return (text(name), Self.secretFields.contains(name) ? .string(Self.marker) : json(child))
            })
        case let other: return other
        }
    }

    /// `json(_:)` for a caller holding a Foundation tree (`JSONSerialization`'s); a value that is not JSON comes back
    /// as it is.
    package func json(_ value: Any) -> Any {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]),
              let tree = JSONValue.parse(data),
              let redacted = try? JSONSerialization.jsonObject(with: json(tree).jsonData, options: [.fragmentsAllowed]) else { return value }
        return redacted
    }

    package func bytes(_ data: Data) -> Data { scrubber.bytes(data) }

    /// Throws when `data` still holds the key in any form, or a secret field with a value; `file` names the file.
    package func scan(_ data: Data, file: String) throws(RecordError) {
        if scrubber.found(in: data) {
            throw RecordError(file: file, reason: "refused to write: the final scan found the API key (or an encoding of it) in the bytes about to be written")
        }
        // Only the answer: a request parameter may share a secret field's name (autocomplete's `session_token` is
        // the user's typing session, not a credential), and the request is the client's own.
        if let value = JSONValue.parse(data), let field = AnswerSecrets.unredactedField(in: Self.answer(in: value)) {
            throw RecordError(file: file, reason: "refused to write: the final scan found a credential in '\(field)'")
        }
    }
}

extension Redactor {
    /// The answer's body of a fixture file (`response.body`); any other JSON as it is.
    static func answer(in value: JSONValue) -> JSONValue {
        guard case .object = value.resolved, let response = value.member("response"), case .object = response.resolved else {
            return value
        }
        return response.member("body") ?? .null
    }
}

/// The credentials an answer carries (the values of its secret fields), so that no line about it, on the
/// terminal or in a report, can repeat them.
package struct AnswerSecrets: Sendable {
    /// The values found, longest first.
    package let values: [String]

    /// The secret values in a JSON body; none for a body that is not JSON.
    package init(body: Data) {
        var found: Set<String> = []
        if let value = JSONValue.parse(body) { Self.collect(value, into: &found) }
        values = found.filter { !$0.isEmpty && $0 != Redactor.marker }.sorted { $0.count > $1.count }
    }

    /// `text` with every secret value replaced by the marker, and any cut-off start of one (a message shows a long
    /// string as its first characters and `…`).
    package func text(_ text: String) -> String {
        values.reduce(text) { text, secret in
            var text = text.replacingOccurrences(of: secret, with: Redactor.marker)
            guard secret.count > Self.shortestCut, text.contains("…") else { return text }
            for length in stride(from: secret.count - 1, through: Self.shortestCut, by: -1) {
                text = text.replacingOccurrences(of: String(secret.prefix(length)) + "…", with: Redactor.marker + "…")
            }
            return text
        }
    }

    /// The shortest start of a secret that counts as showing it.
    static let shortestCut = 8

    private static func collect(_ value: JSONValue, into found: inout Set<String>) {
        switch value.resolved {
        case let .array(array): array.forEach { collect($0, into: &found) }
        case .object:
            for (name, child) in value.uniqueMembers ?? [] {
                if Redactor.secretFields.contains(name), let text = child.string { found.insert(text) }
                else { collect(child, into: &found) }
            }
        default: break
        }
    }

    /// The first secret field in a JSON tree that holds anything but the marker (or null).
    static func unredactedField(in value: JSONValue) -> String? {
        switch value.resolved {
        case let .array(array): return array.lazy.compactMap(unredactedField).first
        case .object:
            for (name, child) in (value.uniqueMembers ?? []).sorted(by: { $0.key < $1.key }) {
                if Redactor.secretFields.contains(name) {
                    if case .null = child.resolved { continue }
                    if child.string != Redactor.marker { return name }
                } else if let inner = unredactedField(in: child) {
                    return inner
                }
            }
            return nil
        default: return nil
        }
    }
}

/// A recording problem that names the file and the reason.
package struct RecordError: Error, Sendable, CustomStringConvertible {
    package let file: String
    package let reason: String

    package init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    package var description: String { "\(file): \(reason)" }
}
