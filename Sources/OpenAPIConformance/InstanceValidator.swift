import FixtureFormat
import Foundation

/// Validates a parsed JSON value against compiled schema nodes, as JSON Schema 2020-12 decides, and lists every
/// violation by JSON path.
///
/// Every keyword applies only to values of its kind (`properties` says nothing about a string), and keywords beside
/// a combinator apply too. The value is `JSONSpan`'s typed tree: walking `Any` from `JSONSerialization` cost a
/// dynamic cast per value.
///
/// Schemas can be recursive now (`$ref` to an ancestor), so two guards stop a walk: `maxDepth` levels of the
/// value's nesting, and `maxCalls` schemas applied in place to one value (a `$ref` cycle that never descends).
struct InstanceValidator {
    let table: SchemaTable
    static let maxDepth = 200
    static let maxCalls = 400

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

    /// The walk's state: the path, the dynamic scope (`$dynamicRef`), how many schemas apply in place right now,
    /// and whether the first violation is enough (a branch of `anyOf` needs only a yes or a no).
    struct Walk {
        var steps: [Step] = []
        var scope: [Int] = []
        var calls = 0
        var firstOnly = false
    }

    /// Every violation, ordered by path so reports are stable whatever the dictionary order.
    func validate(_ value: JSONValue, against root: Int, path: String = "$") -> [Violation] {
        var violations: [Violation] = []
        var walk = Walk()
        walk.steps.reserveCapacity(32)
        check(value, root, root: path, &walk, into: &violations)
        return violations.sorted { $0.path < $1.path }
    }

    /// Whether `value` keeps the schema at `root` (the JSON Schema Test Suite's question).
    func isValid(_ value: JSONValue, against root: Int) -> Bool {
        var walk = Walk()
        walk.firstOnly = true
        var violations: [Violation] = []
        check(value, root, root: "$", &walk, into: &violations)
        return violations.isEmpty
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

    private func check(_ value: JSONValue, _ index: Int, root: String, _ walk: inout Walk, into violations: inout [Violation]) {
        let node = table.nodes[index]
        func add(_ expected: String, _ found: String, at extra: Step? = nil) {
            if let extra { walk.steps.append(extra) }
            violations.append(Violation(path: Self.render(root, walk.steps), expected: expected, found: found, node: node))
            if extra != nil { walk.steps.removeLast() }
        }
        func descend(_ child: JSONValue, _ schema: Int, _ step: Step) {
            walk.steps.append(step)
            let calls = walk.calls
            walk.calls = 0
            check(child, schema, root: root, &walk, into: &violations)
            walk.calls = calls
            walk.steps.removeLast()
        }
        func inPlace(_ schema: Int) {
            walk.calls += 1
            check(value, schema, root: root, &walk, into: &violations)
            walk.calls -= 1
        }
        var stop: Bool { walk.firstOnly && !violations.isEmpty }

        guard walk.steps.count < Self.maxDepth else {
            add("at most \(Self.maxDepth) levels of nesting", "deeper")
            return
        }
        guard walk.calls < Self.maxCalls else {
            add("a schema that ends (more than \(Self.maxCalls) $refs applied in place: a cycle)", JSONKind.describe(value))
            return
        }
        if node.rejectsAll {
            add("nothing (the schema is false)", JSONKind.describe(value))
            return
        }
        let entered = walk.scope.last != node.resource
        if entered { walk.scope.append(node.resource) }
        defer { if entered { walk.scope.removeLast() } }

        if !node.types.isEmpty, !Self.matches(value, node.types) {
            add(node.types.names.joined(separator: " or "), JSONKind.describe(value))
            return
        }
        if let constant = node.constValue, ComparableJSON(value) != constant.value {
            add("the value \(constant.shown)", JSONKind.describe(value))
        }
        if let allowed = node.enumValues, !allowed.values.contains(ComparableJSON(value)) {
            let shown = allowed.shown.prefix(8).joined(separator: ", ") + (allowed.shown.count > 8 ? ", …" : "")
            add("one of \(shown)", JSONKind.describe(value))
        }
        if stop { return }

        switch value {
        case let .number(text):
            checkNumber(text, node) { add($0, $1, at: $2) }
        case let .string(string):
            if let format = node.format, !FormatCheck.isValid(string, format) {
                add("a \(FormatCheck.name(format)) string", JSONKind.describe(value))
            }
            if node.minLength != nil || node.maxLength != nil {
                let length = string.unicodeScalars.count
                if let minimum = node.minLength, length < minimum { add("at least \(minimum) characters", "\(length): \(JSONKind.describe(value))") }
                if let maximum = node.maxLength, length > maximum { add("at most \(maximum) characters", "\(length): \(JSONKind.describe(value))") }
            }
            if let pattern = node.pattern, !pattern.matches(string) {
                add("a string matching /\(pattern.source)/", JSONKind.describe(value))
            }
        case let .array(elements):
            guard node.hasArrayKeywords else { break }
            if let minimum = node.minItems, elements.count < minimum { add("at least \(minimum) items", "\(elements.count)") }
            if let maximum = node.maxItems, elements.count > maximum { add("at most \(maximum) items", "\(elements.count)") }
            for (offset, element) in elements.enumerated() {
                if offset < node.prefixItems.count {
                    descend(element, node.prefixItems[offset], .index(offset))
                } else if let items = node.items {
                    descend(element, items, .index(offset))
                }
                if stop { return }
            }
            if let contains = node.contains {
                var matching = 0
                for element in elements where passes(element, contains, walk, depth: 1) { matching += 1 }
                if matching < node.minContains {
                    add("at least \(node.minContains) item\(node.minContains == 1 ? "" : "s") matching \"contains\"", "\(matching)")
                }
                if let maximum = node.maxContains, matching > maximum {
                    add("at most \(maximum) items matching \"contains\"", "\(matching)")
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
            if let unevaluated = node.unevaluatedItems {
                let evaluated = self.evaluated(value, index, walk, own: false)
                for (offset, element) in elements.enumerated() where !evaluated.coversItem(offset) {
                    descend(element, unevaluated, .index(offset))
                    if stop { return }
                }
            }
        case let .object(members):
            checkObject(members, node, add: { add($0, $1, at: $2) }, descend: descend)
            for (property, schema) in node.dependentSchemas where members.contains(where: { $0.key == property }) { inPlace(schema) }
            if stop { return }
            if let unevaluated = node.unevaluatedProperties {
                let evaluated = self.evaluated(value, index, walk, own: false)
                for member in members where !evaluated.coversKey(member.key) {
                    if table.nodes[unevaluated].rejectsAll {
                        add("no property \"\(member.key)\" (unevaluatedProperties: false)", JSONKind.describe(member.value), at: .key(member.key))
                    } else {
                        descend(member.value, unevaluated, .key(member.key))
                    }
                    if stop { return }
                }
            }
        default:
            break
        }
        if stop { return }

        if let reference = node.ref { inPlace(reference) }
        if let target = dynamicTarget(node, walk) { inPlace(target) }
        for part in node.allOf {
            inPlace(part)
            if stop { return }
        }
        if case let (condition, then, otherwise)? = node.ifThenElse {
            if passes(value, condition, walk) {
                if let then { inPlace(then) }
            } else if let otherwise {
                inPlace(otherwise)
            }
        }
        if let discriminator = node.discriminator, case let .object(members) = value, !(node.oneOf.isEmpty && node.anyOf.isEmpty) {
            // OpenAPI: the property's value names the branch the answer is held to.
            guard let named = members.last(where: { $0.key == discriminator.property })?.value else {
                add("a \"\(discriminator.property)\" property (the discriminator)", "none", at: .key(discriminator.property))
                return
            }
            if case let .string(name) = named, let branch = discriminator.mapping[name] ?? table.component(named: name) {
                inPlace(branch)
            } else {
                let names = discriminator.mapping.keys.sorted()
                add("a \"\(discriminator.property)\" naming one of the schemas\(names.isEmpty ? "" : " (\(names.joined(separator: ", ")))")",
                    JSONKind.describe(named), at: .key(discriminator.property))
            }
            return
        }
        if !node.anyOf.isEmpty, !node.anyOf.contains(where: { passes(value, $0, walk) }) {
            add("a match for one of \(node.anyOf.count) anyOf schemas", "\(JSONKind.describe(value)) matching none")
        }
        if !node.oneOf.isEmpty {
            var matching = 0
            for branch in node.oneOf where passes(value, branch, walk) {
                matching += 1
                if matching > 1 { break }
            }
            if matching != 1 {
                add("a match for exactly one of \(node.oneOf.count) oneOf schemas", "\(JSONKind.describe(value)) matching \(matching == 0 ? "none" : "more than one")")
            }
        }
        if let not = node.not, passes(value, not, walk) {
            add("a value the \"not\" schema rejects", JSONKind.describe(value))
        }
    }

    private func checkNumber(_ text: String, _ node: SchemaNode, _ add: (String, String, Step?) -> Void) {
        guard node.minimum != nil || node.maximum != nil || node.multipleOf != nil || node.format == .int32 || node.format == .int64,
              let number = JSONDecimal(text) else { return }
        if let minimum = node.minimum, minimum.exclusive ? !(number > minimum.value) : number < minimum.value {
            add("a number \(minimum.exclusive ? ">" : "≥") \(minimum.value.description)", "number \(text)", nil)
        }
        if let maximum = node.maximum, maximum.exclusive ? !(number < maximum.value) : number > maximum.value {
            add("a number \(maximum.exclusive ? "<" : "≤") \(maximum.value.description)", "number \(text)", nil)
        }
        if let divisor = node.multipleOf, !number.isMultiple(of: divisor) {
            add("a multiple of \(divisor.description)", "number \(text)", nil)
        }
        if let format = node.format, !FormatCheck.isValid(number: number, format) {
            add("an \(FormatCheck.name(format)) number", "number \(text)", nil)
        }
    }

    private func checkObject(_ members: [(key: String, value: JSONValue)], _ node: SchemaNode,
                             add: (String, String, Step?) -> Void, descend: (JSONValue, Int, Step) -> Void) {
        func has(_ key: String) -> Bool { members.contains { $0.key == key } }
        for key in node.required where !has(key) {
            guard node.requiredByUs.contains(key) else {
                add("a required property", "none", .key(key))
                continue
            }
            // Say whose rule it is: the project's overrides require it, not the provider's document.
            let document = node.documentRequired.isEmpty ? "the document marks nothing required"
                : "the document requires only \(node.documentRequired.joined(separator: ", "))"
            add("a required property (our departure: \(key) required; \(document))", "none", .key(key))
        }
        for (property, needed) in node.dependentRequired where has(property) {
            for key in needed where !has(key) { add("a property required when \"\(property)\" is present", "none", .key(key)) }
        }
        if let minimum = node.minProperties, members.count < minimum { add("at least \(minimum) properties", "\(members.count)", nil) }
        if let maximum = node.maxProperties, members.count > maximum { add("at most \(maximum) properties", "\(members.count)", nil) }
        for (key, child) in members {
            var matched = false
            if let property = node.properties[key] {
                matched = true
                descend(child, property, .key(key))
            }
            for entry in node.patternProperties where entry.pattern.matches(key) {
                matched = true
                descend(child, entry.schema, .key(key))
            }
            if !matched, let extra = node.additionalProperties {
                if table.nodes[extra].rejectsAll {
                    add("no property \"\(key)\" (additionalProperties: false)", JSONKind.describe(child), .key(key))
                } else {
                    descend(child, extra, .key(key))
                }
            }
            if let names = node.propertyNames {
                // The key is checked as a string value at the object's own path.
                descend(.string(key), names, .key(key))
            }
        }
    }

    /// Whether `value` keeps the schema at `index`, judged at the same depth (combinators add no nesting).
    private func passes(_ value: JSONValue, _ index: Int, _ walk: Walk, depth: Int = 0) -> Bool {
        var violations: [Violation] = []
        var inner = walk
        inner.firstOnly = true
        inner.calls += 1
        for _ in 0..<depth { inner.steps.append(.index(0)) }
        check(value, index, root: "$", &inner, into: &violations)
        return violations.isEmpty
    }

    private func dynamicTarget(_ node: SchemaNode, _ walk: Walk) -> Int? {
        guard let dynamic = node.dynamicRef else { return nil }
        let (target, anchor) = (dynamic.target, dynamic.anchor)
        guard let anchor else { return target }
        // The outermost resource in the dynamic scope that declares the anchor wins.
        for resource in walk.scope {
            if let found = table.dynamicAnchors[resource][anchor] { return found }
        }
        return target
    }

    // MARK: Annotations, for unevaluatedProperties and unevaluatedItems

    struct Evaluated {
        var keys: Set<String> = []
        var allKeys = false
        var prefix = 0
        var allItems = false
        var indices: Set<Int> = []

        func coversKey(_ key: String) -> Bool { allKeys || keys.contains(key) }
        func coversItem(_ offset: Int) -> Bool { allItems || offset < prefix || indices.contains(offset) }

        mutating func merge(_ other: Evaluated) {
            keys.formUnion(other.keys)
            allKeys = allKeys || other.allKeys
            prefix = max(prefix, other.prefix)
            allItems = allItems || other.allItems
            indices.formUnion(other.indices)
        }
    }

    /// The properties and items the schema at `index` and its passing in-place subschemas evaluated.
    private func evaluated(_ value: JSONValue, _ index: Int, _ walk: Walk, own: Bool) -> Evaluated {
        let node = table.nodes[index]
        var result = Evaluated()
        guard walk.calls < Self.maxCalls else { return result }
        var walk = walk
        walk.calls += 1
        if walk.scope.last != node.resource { walk.scope.append(node.resource) }
        switch value {
        case let .object(members):
            for member in members {
                if node.properties[member.key] != nil || node.patternProperties.contains(where: { $0.pattern.matches(member.key) }) {
                    result.keys.insert(member.key)
                }
            }
            if node.additionalProperties != nil || (own && node.unevaluatedProperties != nil) { result.allKeys = true }
        case let .array(elements):
            result.prefix = min(node.prefixItems.count, elements.count)
            if node.items != nil || (own && node.unevaluatedItems != nil) { result.allItems = true }
            if let contains = node.contains {
                for (offset, element) in elements.enumerated() where passes(element, contains, walk, depth: 1) { result.indices.insert(offset) }
            }
        default:
            return result
        }
        func include(_ child: Int) {
            if passes(value, child, walk) { result.merge(evaluated(value, child, walk, own: true)) }
        }
        if let reference = node.ref { include(reference) }
        if let target = dynamicTarget(node, walk) { include(target) }
        node.allOf.forEach(include)
        node.anyOf.forEach(include)
        node.oneOf.forEach(include)
        if case let (condition, then, otherwise)? = node.ifThenElse {
            if passes(value, condition, walk) {
                result.merge(evaluated(value, condition, walk, own: true))
                if let then { include(then) }
            } else if let otherwise {
                include(otherwise)
            }
        }
        if case let .object(members) = value {
            for (property, schema) in node.dependentSchemas where members.contains(where: { $0.key == property }) { include(schema) }
        }
        return result
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

    /// `3`, `-0`, `1e3` and `1.0` are integers (JSON Schema counts the value, not the spelling); `1.5` and
    /// `1.0000000000000001` are not.
    static func isIntegral(_ text: String) -> Bool {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) { return true }
        return JSONDecimal(text)?.isInteger ?? false
    }
}
