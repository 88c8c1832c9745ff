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
            for (name, child) in object { result[text(name)] = json(child) }
            return result
        default: return value
        }
    }

    public func bytes(_ data: Data) -> Data { scrubber.bytes(data) }

    /// Throws when `data` still holds the key in any form; `file` names the file in the error.
    public func scan(_ data: Data, file: String) throws(RecordError) {
        if scrubber.found(in: data) {
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
