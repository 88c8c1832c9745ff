import Foundation
import FoursquarePlaces

/// Removes the key (and chosen headers) from everything `record` writes, then scans the final bytes.
public struct Redactor: Sendable {
    public static let marker = KeyScrubber.marker

    public let key: APIKey
    /// Finds and removes the key in each of its forms.
    public let scrubber: KeyScrubber
    /// Lower-case header names whose values are always replaced.
    public let headers: Set<String>
    /// Answer fields that carry a credential (`access_key_id`, …, every field the registry marks secret): their
    /// values are replaced wherever they appear in a JSON body.
    public static let secretFields = Set(Contract.catalog.flatMap(\.secretFields))

    public init(key: APIKey, extraHeaders: [String] = []) {
        self.key = key
        scrubber = KeyScrubber(key: key)
        headers = Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]
            + extraHeaders.map { $0.lowercased() })
    }

    public func text(_ value: String) -> String { scrubber.text(value) }

    public func headerMap(_ map: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in map {
            let lower = name.lowercased()
            result[lower] = headers.contains(lower) ? Self.marker : text(value)
        }
        return result
    }

    /// Replaces the key inside every string and object key of a JSON tree.
    public func json(_ value: Any) -> Any {
        switch value {
        case let string as String: return text(string)
        case let array as [Any]: return array.map(json)
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (name, child) in object {
                result[text(name)] = Self.secretFields.contains(name) && !(child is NSNull) ? Self.marker : json(child)
            }
            return result
        default: return value
        }
    }

    public func bytes(_ data: Data) -> Data { scrubber.bytes(data) }

    /// Throws when `data` still holds the key in any form, or a secret field with a value; `file` names the file.
    public func scan(_ data: Data, file: String) throws(RecordError) {
        if scrubber.found(in: data) {
            throw RecordError(file: file, reason: "refused to write: the final scan found the API key (or an encoding of it) in the bytes about to be written")
        }
        // Only the answer: a request parameter may share a secret field's name (autocomplete's `session_token` is
        // the user's typing session, not a credential), and the request is the client's own.
        if let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
           let field = AnswerSecrets.unredactedField(in: Self.answer(in: value)) {
            throw RecordError(file: file, reason: "refused to write: the final scan found a credential in '\(field)'")
        }
    }
}

extension Redactor {
    /// The answer's body of a fixture file (`response.body`); any other JSON as it is.
    static func answer(in value: Any) -> Any {
        guard let fixture = value as? [String: Any], let response = fixture["response"] as? [String: Any] else { return value }
        return response["body"] ?? NSNull()
    }
}

/// The credentials an answer carries (the values of its secret fields), so that no line about it, on the
/// terminal or in a report, can repeat them.
public struct AnswerSecrets: Sendable {
    /// The values found, longest first.
    public let values: [String]

    /// The secret values in a JSON body; none for a body that is not JSON.
    public init(body: Data) {
        var found: Set<String> = []
        if let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) { Self.collect(value, into: &found) }
        values = found.filter { !$0.isEmpty && $0 != Redactor.marker }.sorted { $0.count > $1.count }
    }

    /// `text` with every secret value replaced by the marker, and any cut-off start of one (a message shows a long
    /// string as its first characters and `…`).
    public func text(_ text: String) -> String {
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

    private static func collect(_ value: Any, into found: inout Set<String>) {
        switch value {
        case let array as [Any]: array.forEach { collect($0, into: &found) }
        case let object as [String: Any]:
            for (name, child) in object {
                if Redactor.secretFields.contains(name), let text = child as? String { found.insert(text) }
                else { collect(child, into: &found) }
            }
        default: break
        }
    }

    /// The first secret field in a JSON tree that holds anything but the marker (or null).
    static func unredactedField(in value: Any) -> String? {
        switch value {
        case let array as [Any]: return array.lazy.compactMap(unredactedField).first
        case let object as [String: Any]:
            for (name, child) in object.sorted(by: { $0.key < $1.key }) {
                if Redactor.secretFields.contains(name) {
                    if !(child is NSNull), (child as? String) != Redactor.marker { return name }
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
public struct RecordError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
