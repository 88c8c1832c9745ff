import Foundation

/// Validates a parsed JSON value against compiled schema nodes and lists every violation by JSON path.
///
/// Recursion follows the schema, never the instance alone: a value is only entered where a schema describes it,
/// and `maxDepth` stops a pathological nesting with one violation instead of a crash.
struct InstanceValidator {
    let table: SchemaTable
    static let maxDepth = 200

    struct Violation {
        var path: String
        var expected: String
        var found: String
        var node: SchemaNode

        var message: String { "\(path): expected \(expected) (document: \(node.name)), found \(found)" }
    }

    func validate(_ value: Any, against root: Int, path: String = "$") -> [Violation] {
        var violations: [Violation] = []
        check(value, root, path, depth: 0, into: &violations)
        return violations
    }

    private func check(_ value: Any, _ index: Int, _ path: String, depth: Int, into violations: inout [Violation]) {
        let node = table.nodes[index]
        guard depth < Self.maxDepth else {
            violations.append(Violation(path: path, expected: "at most \(Self.maxDepth) levels of nesting", found: "deeper", node: node))
            return
        }
        if !node.types.isEmpty, !Self.matches(value, node.types) {
            violations.append(Violation(path: path, expected: node.types.names.joined(separator: " or "),
                                        found: JSONKind.describe(value), node: node))
            return
        }
        if let allowed = node.enumValues, !allowed.contains(JSONValue(value)) {
            let shown = allowed.prefix(8).map(Self.show).joined(separator: ", ") + (allowed.count > 8 ? ", …" : "")
            violations.append(Violation(path: path, expected: "one of \(shown)", found: JSONKind.describe(value), node: node))
        }
        if let format = node.format, let string = value as? String, !FormatCheck.isValid(string, format) {
            violations.append(Violation(path: path, expected: "a \(FormatCheck.name(format)) string", found: JSONKind.describe(value), node: node))
        }
        if let object = value as? [String: Any] {
            for key in node.required where object[key] == nil {
                violations.append(Violation(path: ObjectPath.child(path, key), expected: "a required property", found: "none", node: node))
            }
            for (key, child) in object.sorted(by: { $0.key < $1.key }) {
                if let property = node.properties[key] {
                    check(child, property, ObjectPath.child(path, key), depth: depth + 1, into: &violations)
                } else {
                    switch node.additional {
                    case .allowed: break
                    case .forbidden:
                        violations.append(Violation(path: ObjectPath.child(path, key), expected: "no property \"\(key)\" (additionalProperties: false)",
                                                    found: JSONKind.describe(child), node: node))
                    case let .schema(extra):
                        check(child, extra, ObjectPath.child(path, key), depth: depth + 1, into: &violations)
                    }
                }
            }
        }
        if let array = value as? [Any] {
            if let items = node.items {
                for (offset, element) in array.enumerated() {
                    check(element, items, "\(path)[\(offset)]", depth: depth + 1, into: &violations)
                }
            }
            if node.uniqueItems {
                var seen: [JSONValue: Int] = [:]
                for (offset, element) in array.enumerated() {
                    let key = JSONValue(element)
                    if let first = seen[key] {
                        violations.append(Violation(path: "\(path)[\(offset)]", expected: "unique items",
                                                    found: "a repeat of \(path)[\(first)]", node: node))
                    } else {
                        seen[key] = offset
                    }
                }
            }
        }
        for part in node.allOf { check(value, part, path, depth: depth + 1, into: &violations) }
        if !node.anyOf.isEmpty, !node.anyOf.contains(where: { passes(value, $0, path, depth) }) {
            violations.append(Violation(path: path, expected: "a match for one of \(node.anyOf.count) anyOf schemas",
                                        found: "\(JSONKind.describe(value)) matching none", node: node))
        }
        if !node.oneOf.isEmpty {
            let matching = node.oneOf.filter { passes(value, $0, path, depth) }.count
            if matching != 1 {
                violations.append(Violation(path: path, expected: "a match for exactly one of \(node.oneOf.count) oneOf schemas",
                                            found: "\(JSONKind.describe(value)) matching \(matching)", node: node))
            }
        }
        if let not = node.not, passes(value, not, path, depth) {
            violations.append(Violation(path: path, expected: "a value the \"not\" schema rejects", found: JSONKind.describe(value), node: node))
        }
    }

    private func passes(_ value: Any, _ index: Int, _ path: String, _ depth: Int) -> Bool {
        var violations: [Violation] = []
        check(value, index, path, depth: depth + 1, into: &violations)
        return violations.isEmpty
    }

    static func matches(_ value: Any, _ types: SchemaNode.Types) -> Bool {
        switch value {
        case is NSNull: return types.contains(.null)
        case is String: return types.contains(.string)
        case is [Any]: return types.contains(.array)
        case is [String: Any]: return types.contains(.object)
        case let number as NSNumber:
            if JSONKind.isBool(number) { return types.contains(.boolean) }
            if types.contains(.number) { return true }
            let double = number.doubleValue
            return types.contains(.integer) && double.isFinite && double.rounded() == double
        default: return false
        }
    }

    static func show(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(bool): return "\(bool)"
        case let .number(number): return number.rounded() == number && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        case let .string(string): return "\"\(string)\""
        case .array: return "[…]"
        case .object: return "{…}"
        }
    }
}

/// `$.a.b`, or `$.a["odd key"]` for a key that is not a plain identifier (as the rest of the harness prints paths).
enum ObjectPath {
    static func child(_ path: String, _ key: String) -> String {
        !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
    }
}
