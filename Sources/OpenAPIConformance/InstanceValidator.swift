import FixtureFormat
import Foundation

/// Validates a parsed JSON value against compiled schema nodes and lists every violation by JSON path.
///
/// The value is `JSONSpan`'s typed tree: walking `Any` from `JSONSerialization` cost a dynamic cast per value.
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
    func validate(_ value: JSONValue, against root: Int, path: String = "$") -> [Violation] {
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

    private func check(_ value: JSONValue, _ index: Int, root: String, _ steps: inout [Step], into violations: inout [Violation]) {
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
        if let allowed = node.enumValues, !allowed.contains(ComparableJSON(value)) {
            let shown = allowed.prefix(8).map(Self.show).joined(separator: ", ") + (allowed.count > 8 ? ", …" : "")
            add("one of \(shown)", JSONKind.describe(value))
        }
        switch value {
        case let .string(string):
            if let format = node.format, !FormatCheck.isValid(string, format) {
                add("a \(FormatCheck.name(format)) string", JSONKind.describe(value))
            }
        case let .object(members):
            for key in node.required where !members.contains(where: { $0.key == key }) {
                add("a required property", "none", at: .key(key))
            }
            for (key, child) in members {
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
        case let .array(elements):
            if let items = node.items {
                for (offset, element) in elements.enumerated() {
                    steps.append(.index(offset))
                    check(element, items, root: root, &steps, into: &violations)
                    steps.removeLast()
                }
            }
            if node.uniqueItems {
                var seen: [ComparableJSON: Int] = [:]
                for (offset, element) in elements.enumerated() {
                    let key = ComparableJSON(element)
                    if let first = seen[key] {
                        add("unique items", "a repeat of item \(first)", at: .index(offset))
                    } else {
                        seen[key] = offset
                    }
                }
            }
        default:
            break
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
    private func passes(_ value: JSONValue, _ index: Int, _ steps: [Step]) -> Bool {
        var violations: [Violation] = []
        var steps = steps
        check(value, index, root: "$", &steps, into: &violations)
        return violations.isEmpty
    }

    static func matches(_ value: JSONValue, _ types: SchemaNode.Types) -> Bool {
        switch value {
        case .object: return types.contains(.object)
        case .array: return types.contains(.array)
        case .string: return types.contains(.string)
        case .null: return types.contains(.null)
        case .bool: return types.contains(.boolean)
        case let .number(text):
            if types.contains(.number) { return true }
            return types.contains(.integer) && isIntegral(text)
        case .captured: return false
        }
    }

    /// `3`, `-0`, `1e3` and `1.0` are integers (JSON Schema counts the value, not the spelling); `1.5` is not.
    static func isIntegral(_ text: String) -> Bool {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) { return true }
        guard let number = Double(text), number.isFinite else { return false }
        return number.rounded() == number
    }

    static func show(_ value: ComparableJSON) -> String {
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
