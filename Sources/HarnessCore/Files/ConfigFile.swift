import Foundation
import FoursquarePlaces

/// Reads a small JSON file a user writes by hand (a `--plan`, `drift-config.json`) into a Decodable type,
/// with errors that name the file, the JSON path and what was wrong.
package enum ConfigFile {
    /// `advice` ends every message but an unknown key's (for example how to do without the file).
    package static func decode<Value: Decodable>(_ type: Value.Type, from url: URL, file: String, advice: String? = nil) throws(FixtureError) -> Value {
        do {
            return try decodeReasons(type, from: url, file: file)
        } catch {
            guard let advice, !error.reason.hasSuffix("fix or remove it") else { throw error }
            throw FixtureError(file: error.file, jsonPath: error.jsonPath, reason: "\(error.reason); fix it, \(advice)")
        }
    }

    static func decodeReasons<Value: Decodable>(_ type: Value.Type, from url: URL, file: String) throws(FixtureError) -> Value {
        guard let data = try? Data(contentsOf: url) else { throw FixtureError(file: file, reason: "cannot be read") }
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch let error as UnknownKey {
            throw FixtureError(file: file, jsonPath: ObjectNode.childPath(DecodingFailure.path(error.codingPath), error.key),
                               reason: "unknown key '\(error.key)' (known here: \(error.known.joined(separator: ", "))); fix or remove it")
        } catch let error as InvalidValue {
            throw FixtureError(file: file, jsonPath: DecodingFailure.path(error.codingPath), reason: error.reason)
        } catch let error as DecodingError {
            if case let .dataCorrupted(context) = error, context.codingPath.isEmpty {
                throw FixtureError(file: file, reason: "malformed JSON: \(FixtureLoader.jsonErrorReason(context.underlyingError ?? error))")
            }
            let failure = DecodingFailure(error, body: data)
            throw FixtureError(file: file, jsonPath: failure.path, reason: "expected \(failure.expected), found \(failure.found)")
        } catch {
            throw FixtureError(file: file, reason: "\(error)")
        }
    }

    /// A key the type does not know: a misspelling would otherwise change nothing, silently.
    struct UnknownKey: Error {
        var codingPath: [any CodingKey]
        var key: String
        var known: [String]
    }

    /// A value of the right JSON type that is not allowed (an unknown endpoint id, a grade that is not one).
    package struct InvalidValue: Error {
        var codingPath: [any CodingKey]
        var reason: String

        package init(codingPath: [any CodingKey], reason: String) {
            self.codingPath = codingPath
            self.reason = reason
        }
    }

    package struct AnyKey: CodingKey {
        package var stringValue: String
        package var intValue: Int? { nil }
        package init(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
    }

    /// Throws `UnknownKey` for the first key (in sorted order) of the object at `decoder` that is not in `known`.
    package static func rejectUnknownKeys(_ decoder: any Decoder, known: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw UnknownKey(codingPath: decoder.codingPath, key: unknown, known: known)
        }
    }
}
