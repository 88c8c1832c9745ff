import FixtureFormat
import Foundation

/// Validates a parsed JSON value against compiled schema nodes and lists every violation by JSON path.
///
/// Recursion follows the schema, never the instance alone: a value is only entered where a schema describes it
/// (the dereferenced schemas have no cycles), and `maxDepth` stops a pathological nesting with one violation.
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

    /// Where the walk is; rendered to `$.a[0].b` only when a violation is recorded, so a valid body costs no strings.
    enum Step {
        case key(String)
        case index(Int)
    }

    /// Every violation, ordered by path so reports are stable whatever the dictionary order.
    func validate(_ value: Any, against root: Int, path: String = "$") -> [Violation] {
        var violations: [Violation] = []
        var steps: [Step] = []
        steps.reserveCapacity(32)
        check(value, root, root: path, &steps, into: &violations)
        return violations.sorted { $0.path < $1.path }
    }

    static func render(_ root: String, _ steps: [Step]) -> String {
        var path = root
        for step in steps {
            switch step {
            case let .key(key): path = ObjectNode.childPath(path, key)
            case let .index(index): path += "[\(index)]"
            }
        }
        return path
    }

    private func check(_ value: Any, _ index: Int, root: String, _ steps: inout [Step], into violations: inout [Violation]) {
        let node = table.nodes[index]
        func add(_ expected: String, _ found: String, at extra: Step? = nil) {
            if let extra { steps.append(extra) }
            violations.append(Violation(path: Self.render(root, steps), expected: expected, found: found, node: node))
            if extra != nil { steps.removeLast() }
        }
        guard steps.count < Self.maxDepth else {
            add("at most \(Self.maxDepth) levels of nesting", "deeper")
            return
        }
        if !node.types.isEmpty, !Self.matches(value, node.types) {
            add(node.types.names.joined(separator: " or "), JSONKind.describe(value))
            return
        }
        if let allowed = node.enumValues, !allowed.contains(JSONValue(value)) {
            let shown = allowed.prefix(8).map(Self.show).joined(separator: ", ") + (allowed.count > 8 ? ", …" : "")
            add("one of \(shown)", JSONKind.describe(value))
        }
        if let format = node.format, let string = value as? String, !FormatCheck.isValid(string, format) {
            add("a \(FormatCheck.name(format)) string", JSONKind.describe(value))
        }
        if let object = value as? [String: Any] {
            for key in node.required where object[key] == nil {
                add("a required property", "none", at: .key(key))
            }
            for (key, child) in object {
                if let property = node.properties[key] {
                    steps.append(.key(key))
                    check(child, property, root: root, &steps, into: &violations)
                    steps.removeLast()
                } else {
                    switch node.additional {
                    case .allowed: break
                    case .forbidden:
                        add("no property \"\(key)\" (additionalProperties: false)", JSONKind.describe(child), at: .key(key))
                    case let .schema(extra):
                        steps.append(.key(key))
                        check(child, extra, root: root, &steps, into: &violations)
                        steps.removeLast()
                    }
                }
            }
        }
        if let array = value as? [Any] {
            if let items = node.items {
                for (offset, element) in array.enumerated() {
                    steps.append(.index(offset))
                    check(element, items, root: root, &steps, into: &violations)
                    steps.removeLast()
                }
            }
            if node.uniqueItems {
                var seen: [JSONValue: Int] = [:]
                for (offset, element) in array.enumerated() {
                    let key = JSONValue(element)
                    if let first = seen[key] {
                        add("unique items", "a repeat of item \(first)", at: .index(offset))
                    } else {
                        seen[key] = offset
                    }
                }
            }
        }
        for part in node.allOf { check(value, part, root: root, &steps, into: &violations) }
        if !node.anyOf.isEmpty, !node.anyOf.contains(where: { passes(value, $0, steps) }) {
            add("a match for one of \(node.anyOf.count) anyOf schemas", "\(JSONKind.describe(value)) matching none")
        }
        if !node.oneOf.isEmpty {
            let matching = node.oneOf.filter { passes(value, $0, steps) }.count
            if matching != 1 {
                add("a match for exactly one of \(node.oneOf.count) oneOf schemas", "\(JSONKind.describe(value)) matching \(matching)")
            }
        }
        if let not = node.not, passes(value, not, steps) {
            add("a value the \"not\" schema rejects", JSONKind.describe(value))
        }
    }

    /// Whether `value` keeps the schema at `index`, judged at the same depth (combinators add no nesting).
    private func passes(_ value: Any, _ index: Int, _ steps: [Step]) -> Bool {
        var violations: [Violation] = []
        var steps = steps
        check(value, index, root: "$", &steps, into: &violations)
        return violations.isEmpty
    }

    static func matches(_ value: Any, _ types: SchemaNode.Types) -> Bool {
        // Swift's own types first: casting a Swift dictionary to a class (`is NSNull`) bridges it to NSDictionary
        // first, which was 13% of a 10,000-fixture run.
        switch value {
        case is [String: Any]: return types.contains(.object)
        case is [Any]: return types.contains(.array)
        case is String: return types.contains(.string)
        case is NSNull: return types.contains(.null)
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
