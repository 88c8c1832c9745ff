import FixtureFormat
import Foundation
import Yams

/// An OpenAPI document read from disk as a JSON tree, so overrides can patch it by JSON pointer before
/// OpenAPIKit decodes it. JSON and YAML are both read; YAML scalars resolve as JSON's do (no timestamps).
package enum DocumentFile {
    package static func tree(at path: String) throws(DocumentLoadError) -> JSONValue {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DocumentLoadError("\(path): cannot read the file (\((error as NSError).localizedDescription))")
        }
        let firstByte = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        if firstByte == UInt8(ascii: "{") {
            do {
                return try JSONSpan.parse(data)
            } catch {
                throw DocumentLoadError("\(path): not valid JSON (\(error.reason) at line \(error.line), column \(error.column))")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DocumentLoadError("\(path): neither JSON nor UTF-8 YAML")
        }
        do {
            guard let tree = try Yams.load(yaml: text, Resolver.default.removing(.timestamp)) else {
                throw DocumentLoadError("\(path): the YAML document is empty")
            }
            return jsonValue(tree)
        } catch let error as DocumentLoadError {
            throw error
        } catch {
            throw DocumentLoadError("\(path): not valid JSON or YAML (\(oneLine(error)))")
        }
    }

    /// Yams gives Swift values (and `Data` for binary, non-string keys for odd YAML) as JSON's: `Data` as base64,
    /// keys as their text, a number that JSON cannot spell (`.inf`) as a string.
    static func jsonValue(_ value: Any) -> JSONValue {
        switch value {
        case let dictionary as [AnyHashable: Any]:
            return .object(dictionary.map { (key: "\($0.key.base)", value: jsonValue($0.value)) }.sorted { $0.key < $1.key })
        case let array as [Any]:
            return .array(array.map(jsonValue))
        case let data as Data:
            return .string(data.base64EncodedString())
        case let string as String:
            return .string(string)
        case let bool as Bool:
            return .bool(bool)
        case let int as Int:
            return .number(String(int))
        case let double as Double:
            return double.isFinite ? .number("\(double)") : .string("\(double)")
        case is NSNull:
            return .null
        default:
            return .string("\(value)")
        }
    }

    package static func oneLine(_ error: any Error) -> String {
        let nsError = error as NSError
        let text = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// A document or override file that cannot be used: one line naming the file and what to do.
package struct DocumentLoadError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
