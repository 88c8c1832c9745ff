import Foundation

extension FixtureLoader {
    static func jsonErrorReason(_ error: any Error) -> String {
        let nsError = error as NSError
        let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        return detail.replacingOccurrences(of: "\n", with: " ")
    }

    /// Reads a small JSON file (a plan, the drift config) as an untyped tree; errors name `file`.
    static func readJSON(_ url: URL, file: String) throws(FixtureError) -> Node {
        guard let data = try? Data(contentsOf: url) else { throw FixtureError(file: file, reason: "cannot be read") }
        do {
            return Node(value: try JSONSerialization.jsonObject(with: data), path: "$", file: file)
        } catch {
            throw FixtureError(file: file, reason: "malformed JSON: \(jsonErrorReason(error))")
        }
    }
}

/// A node of an untyped JSON tree that knows its path, for precise errors.
struct Node {
    let value: Any
    let path: String
    let file: String

    init(value: Any, path: String, file: String) {
        self.value = value
        self.path = path
        self.file = file
    }

    func fail(_ reason: String) -> FixtureError { FixtureError(file: file, jsonPath: path, reason: reason) }

    func mismatch(_ expected: String) -> FixtureError {
        fail("expected \(expected), found \(Node.kind(of: value))")
    }

    static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        case let number as NSNumber: return isBool(number) ? "boolean" : "number"
        default: return "\(type(of: value))"
        }
    }

    static func isBool(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    func object() throws(FixtureError) -> ObjectNode {
        guard let object = value as? [String: Any] else { throw mismatch("object") }
        return ObjectNode(object: object, path: path, file: file)
    }

    func string() throws(FixtureError) -> String {
        guard let string = value as? String else { throw mismatch("string") }
        return string
    }

    func integer() throws(FixtureError) -> Int {
        guard let number = value as? NSNumber, !Node.isBool(number), !(value is String) else { throw mismatch("integer") }
        let double = number.doubleValue
        guard double == double.rounded(), abs(double) < 1e15 else { throw fail("expected integer, found \(number)") }
        return Int(double)
    }

    func number() throws(FixtureError) -> Double {
        guard let number = value as? NSNumber, !Node.isBool(number), !(value is String) else { throw mismatch("number") }
        return number.doubleValue
    }

    func stringArray() throws(FixtureError) -> [String] {
        guard let array = value as? [Any] else { throw mismatch("array of strings") }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            result.append(try Node(value: element, path: "\(path)[\(index)]", file: file).string())
        }
        return result
    }

    func stringMap(lowercasingKeys: Bool = false) throws(FixtureError) -> [String: String] {
        let object = try self.object()
        var result: [String: String] = [:]
        for key in object.object.keys.sorted() {
            let child = Node(value: object.object[key]!, path: ObjectNode.childPath(path, key), file: file)
            // Numbers and booleans are accepted as query values and written back as text.
            let text: String
            if let string = child.value as? String {
                text = string
            } else if let number = child.value as? NSNumber {
                text = Node.isBool(number) ? (number.boolValue ? "true" : "false") : number.stringValue
            } else {
                throw child.mismatch("string")
            }
            result[lowercasingKeys ? key.lowercased() : key] = text
        }
        return result
    }
}

/// A JSON object node with required/optional member access.
struct ObjectNode {
    let object: [String: Any]
    let path: String
    let file: String

    static func childPath(_ path: String, _ key: String) -> String {
        key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
    }

    func required(_ key: String) throws(FixtureError) -> Node {
        guard let value = object[key] else {
            throw FixtureError(file: file, jsonPath: Self.childPath(path, key), reason: "required field is missing")
        }
        let node = Node(value: value, path: Self.childPath(path, key), file: file)
        if value is NSNull { throw node.fail("required field is null") }
        return node
    }

    func optional(_ key: String) -> Node? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return Node(value: value, path: Self.childPath(path, key), file: file)
    }
}
