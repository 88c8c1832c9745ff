import Foundation
import FoursquarePlaces

/// Removes the key (and chosen headers) from everything `record` writes, then scans the final bytes.
public struct Redactor: Sendable {
    public static let marker = "<redacted>"

    public let key: APIKey
    /// Lower-case header names whose values are always replaced.
    public let headers: Set<String>

    public init(key: APIKey, extraHeaders: [String] = []) {
        self.key = key
        headers = Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]
            + extraHeaders.map { $0.lowercased() })
    }

    public func text(_ value: String) -> String {
        guard !key.secret.isEmpty else { return value }
        var result = value
        for form in rawForms where result.contains(form) {
            result = result.replacingOccurrences(of: form, with: Self.marker)
        }
        return result
    }

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
            for (name, child) in object { result[text(name)] = json(child) }
            return result
        default: return value
        }
    }

    public func bytes(_ data: Data) -> Data {
        var result = data
        for form in rawForms {
            let needle = Data(form.utf8)
            while let range = result.range(of: needle) {
                result.replaceSubrange(range, with: Data(Self.marker.utf8))
            }
        }
        return result
    }

    /// The key as it would appear verbatim: raw and percent-encoded (the Bearer form contains the raw one).
    var rawForms: [String] {
        var forms = [key.secret]
        if let encoded = key.secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != key.secret {
            forms.append(encoded)
        }
        return forms
    }

    /// Every way the key could still hide in bytes about to be written: raw, percent-encoded,
    /// JSON-escaped and base64 at each of the three alignments.
    var scanForms: [Data] {
        var forms = rawForms.map { Data($0.utf8) }
        if let escaped = try? JSONSerialization.data(withJSONObject: [key.secret]),
           let text = String(data: escaped, encoding: .utf8) {
            let inner = String(text.dropFirst(2).dropLast(2))
            if inner != key.secret { forms.append(Data(inner.utf8)) }
        }
        let secret = Data(key.secret.utf8)
        for shift in 0..<3 {
            // Base64 of the key after `shift` bytes of anything: drop the characters the prefix affects.
            let encoded = (Data(repeating: 0, count: shift) + secret).base64EncodedString()
            let start = shift == 0 ? 0 : (shift == 1 ? 2 : 3)
            let usable = (shift + secret.count) / 3 * 4
            guard usable - start >= 8 else { continue }
            let core = encoded.dropFirst(start).prefix(usable - start)
            forms.append(Data(core.utf8))
        }
        return forms
    }

    /// Throws when `data` still holds the key in any form; `file` names the file in the error.
    public func scan(_ data: Data, file: String) throws(RecordError) {
        guard !key.secret.isEmpty else { return }
        for form in scanForms where data.range(of: form) != nil {
            throw RecordError(file: file, reason: "refused to write: the final scan found the API key (or an encoding of it) in the bytes about to be written")
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
