import Foundation
import Yams

/// An OpenAPI document read from disk as an untyped JSON tree, so overrides can patch it by JSON pointer before
/// OpenAPIKit decodes it. JSON and YAML are both read; YAML scalars resolve as JSON's do (no timestamps).
enum DocumentFile {
    static func tree(at path: String) throws(DocumentLoadError) -> Any {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DocumentLoadError("\(path): cannot read the file (\((error as NSError).localizedDescription))")
        }
        let firstByte = data.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        if firstByte == UInt8(ascii: "{") {
            do {
                return try JSONSerialization.jsonObject(with: data)
            } catch {
                throw DocumentLoadError("\(path): not valid JSON (\(oneLine(error)))")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DocumentLoadError("\(path): neither JSON nor UTF-8 YAML")
        }
        do {
            guard let tree = try Yams.load(yaml: text, Resolver.default.removing(.timestamp)) else {
                throw DocumentLoadError("\(path): the YAML document is empty")
            }
            return jsonCompatible(tree)
        } catch let error as DocumentLoadError {
            throw error
        } catch {
            throw DocumentLoadError("\(path): not valid JSON or YAML (\(oneLine(error)))")
        }
    }

    /// Yams gives Swift values (and `Data` for binary, non-string keys for odd YAML); JSONSerialization takes
    /// strings, numbers, booleans, null, arrays and string-keyed objects only.
    static func jsonCompatible(_ value: Any) -> Any {
        switch value {
        case let dictionary as [AnyHashable: Any]:
            var object: [String: Any] = [:]
            for (key, item) in dictionary { object["\(key.base)"] = jsonCompatible(item) }
            return object
        case let array as [Any]:
            return array.map(jsonCompatible)
        case let data as Data:
            return data.base64EncodedString()
        case is String, is Bool, is Int, is Double, is NSNull, is NSNumber:
            return value
        default:
            return "\(value)"
        }
    }

    static func oneLine(_ error: any Error) -> String {
        let nsError = error as NSError
        let text = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// A document or override file that cannot be used: one line naming the file and what to do.
struct DocumentLoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
