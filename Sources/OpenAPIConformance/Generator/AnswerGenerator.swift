import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore

/// Answers a document allows, generated from its compiled schemas: seeded (the same seed gives the same answers)
/// and aimed at the edges a client trips on — optional properties absent, nullable nulls, empty arrays and arrays
/// of several, every enum value in turn, number and length boundaries, non-ASCII text, unknown extra properties.
///
/// It never judges its own output: the fuzzer keeps an answer only when the document's validator passes it, and a
/// differential test holds the answers to python's `jsonschema` as well.
struct AnswerGenerator {
    /// How one answer treats the optional properties of every object in it.
    enum Shape: CaseIterable {
        /// Only what `required` asks for: the smallest answers.
        case minimal
        /// Every documented property, and some unknown ones.
        case full
        /// Each optional property by a coin.
        case mixed
    }

    let table: SchemaTable
    private var random: SplitMix64
    private var shape: Shape = .mixed
    /// Per node, the next enum value, so `count` answers of a node with `count` values give every one.
    private var enumCursor: [Int: Int] = [:]
    /// Below this nesting objects keep only their required properties and arrays their fewest items, so a
    /// recursive schema ends.
    static let maxDepth = 8
    /// The most code points, items or properties one value gets: a larger `minLength`, `minItems` or
    /// `minProperties` is reported (`unmet`), never allocated.
    static let sizeLimit = 10_000
    /// Nesting at which a value is no longer drawn: a required member or item that refers back to its own schema
    /// never ends. The generator puts `null` there and notes the pointer (`cut`), so the validator drops the answer.
    static let hardDepth = 64
    /// The most values one answer holds (required members two to a level double at every level): past it, `null`s.
    static let valueBudget = 20_000

    /// A bound the generator will not meet, naming the schema's pointer: no answer it makes is decided.
    private(set) var unmet: String?
    /// Where the last answer was cut short (hard depth or value budget): it holds a `null` its schema did not ask for.
    private(set) var cut: String?
    private var budget = 0
    /// The nodes the value being drawn folds together (itself and its chosen `anyOf`/`oneOf` branch), so a refused
    /// bound names the schema that declares it.
    private var drawing: [Int] = []

    init(table: SchemaTable, seed: UInt64) {
        self.table = table
        random = SplitMix64(seed: seed)
    }

    /// One answer for the schema at `root`; the shapes take turns unless one is asked for.
    mutating func answer(for root: Int, shape: Shape? = nil) -> JSONValue {
        self.shape = shape ?? Shape.allCases[int(Shape.allCases.count)]
        cut = nil
        budget = Self.valueBudget
        return value(root, depth: 0)
    }

    // MARK: Values

    mutating func value(_ index: Int, depth: Int) -> JSONValue {
        budget -= 1
        guard depth < Self.hardDepth, budget >= 0 else {
            if cut == nil { cut = "\(table.nodes[index].pointer)" }
            return .null
        }
        var node = effective(index)
        drawing = [index]
        let branches = node.anyOf + node.oneOf
        if !branches.isEmpty {
            let branch = branches[int(branches.count)]
            merge(&node, with: effective(branch))
            drawing.append(branch)
        }
        if node.rejectsAll { return .null }
        if let constant = node.constJSON { return constant }
        if let values = node.enumJSON, !values.isEmpty {
            let cursor = enumCursor[index] ?? int(values.count)
            enumCursor[index] = cursor + 1
            return values[cursor % values.count]
        }
        var kinds = node.types.isEmpty ? [SchemaNode.Types.string, .number, .integer, .boolean, .object, .array] : kindsOf(node.types)
        if node.nullable, !kinds.contains(.null) { kinds.append(.null) }
        // A null now and then where the schema allows one; most answers carry values.
        let nonNull = kinds.filter { $0 != .null }
        let kind: SchemaNode.Types = kinds.contains(.null) && (nonNull.isEmpty || int(5) == 0) ? .null : nonNull[int(nonNull.count)]
        switch kind {
        case .null: return .null
        case .boolean: return .bool(int(2) == 0)
        case .integer: return .number(integer(node))
        case .number: return .number(number(node))
        case .string: return .string(string(node))
        case .array: return array(node, depth: depth)
        default: return object(node, depth: depth)
        }
    }

    private func kindsOf(_ types: SchemaNode.Types) -> [SchemaNode.Types] {
        [SchemaNode.Types.null, .boolean, .integer, .number, .string, .array, .object].filter { types.contains($0) }
    }

    private mutating func integer(_ node: SchemaNode) -> String {
        var low: Int64, high: Int64
        switch node.format {
        case .int32?: (low, high) = (Int64(Int32.min), Int64(Int32.max))
        // An integer without a format is read as int64: JSON has no bound, every client does.
        default: (low, high) = (Int64.min, Int64.max)
        }
        if let minimum = node.minimum, let value = Self.int64(minimum.value, roundingUp: true) {
            low = max(low, minimum.exclusive && value < Int64.max ? value + 1 : value)
        }
        if let maximum = node.maximum, let value = Self.int64(maximum.value, roundingUp: false) {
            high = min(high, maximum.exclusive && value > Int64.min ? value - 1 : value)
        }
        guard low <= high else { return "0" }
        var candidates = [low, high, 0, 1, -1, 42].filter { $0 >= low && $0 <= high }
        candidates.append(Int64.random(in: low...high, using: &random))
        var chosen = candidates[int(candidates.count)]
        if let step = node.multipleOf.flatMap({ Int64($0.description) }), step > 0 {
            chosen = (chosen / step) * step
            // Past Int64 the value stays below `low`, and the validator drops it.
            if chosen < low {
                let (next, overflow) = chosen.addingReportingOverflow(step)
                if !overflow { chosen = next }
            }
        }
        return String(chosen)
    }

    private static func int64(_ value: JSONDecimal, roundingUp: Bool) -> Int64? {
        guard let double = Double(value.description) else { return nil }
        let rounded = roundingUp ? double.rounded(.up) : double.rounded(.down)
        guard rounded > -9.2e18, rounded < 9.2e18 else { return nil }
        return Int64(rounded)
    }

    private mutating func number(_ node: SchemaNode) -> String {
        var candidates = ["0", "-0.5", "1.5", "42", "-73.98765", "40.7484405", "123456.789", "1e-7",
                          "1.7976931348623157e308", "-1.7976931348623157e308", "5e-324"]
        if let minimum = node.minimum { candidates.append(minimum.value.description) }
        if let maximum = node.maximum { candidates.append(maximum.value.description) }
        let fitting = candidates.filter { text in
            guard let value = Double(text) else { return false }
            if let minimum = node.minimum, let bound = Double(minimum.value.description),
               minimum.exclusive ? value <= bound : value < bound { return false }
            if let maximum = node.maximum, let bound = Double(maximum.value.description),
               maximum.exclusive ? value >= bound : value > bound { return false }
            if let step = node.multipleOf, let divisor = Double(step.description), divisor > 0 {
                let quotient = value / divisor
                if !quotient.isFinite || quotient.rounded() != quotient { return false }
            }
            return true
        }
        if fitting.isEmpty, let step = node.multipleOf { return step.description }
        return fitting.isEmpty ? "0" : fitting[int(fitting.count)]
    }

    /// Text from a palette of what breaks clients (empty, non-ASCII, escapes), or of the format's spelling.
    private mutating func string(_ node: SchemaNode) -> String {
        if let format = node.format {
            let examples: [String]
            switch format {
            case .dateTime: examples = ["2024-03-02T14:10:00.000Z", "1970-01-01T00:00:00Z", "2025-12-31T23:59:59+14:00"]
            case .date: examples = ["2024-02-29", "1970-01-01"]
            case .time: examples = ["23:59:59Z", "00:00:00+01:00"]
            case .duration: examples = ["P1D", "PT1H30M"]
            case .uri: examples = ["https://example.com/a?b=c", "urn:fsq:place"]
            case .uriReference: examples = ["/places/4a5f2f39", "https://example.com/x"]
            case .email: examples = ["someone@example.com"]
            case .uuid: examples = ["123e4567-e89b-12d3-a456-426614174000"]
            case .ipv4: examples = ["192.0.2.1"]
            case .ipv6: examples = ["2001:db8::1"]
            case .hostname: examples = ["example.com"]
            case .int32, .int64: examples = ["0"]
            }
            return examples[int(examples.count)]
        }
        let low = node.minLength ?? 0
        guard low <= Self.sizeLimit else {
            refuse("minLength", low) { $0.minLength }
            return ""
        }
        let high = max(low, node.maxLength ?? Int.max)
        if node.minLength != nil || node.maxLength != nil {
            // A length boundary: exactly the fewest or the most code points allowed (capped for size).
            let length = int(2) == 0 ? low : min(high, low + 64)
            return String(repeating: "é", count: length)
        }
        let palette = ["", "a", "Café Zürich", "東京タワー", "🍕 & ☕️", "مطعم الشام", "line\nbreak \"quoted\" \\ slash\t",
                       "Ünïcödé ßtraße", "5a187743ccad6b307315e6fe", String(repeating: "x", count: 300)]
        return palette[int(palette.count)]
    }

    private mutating func array(_ node: SchemaNode, depth: Int) -> JSONValue {
        let low = node.minItems ?? 0
        guard low <= Self.sizeLimit else {
            refuse("minItems", low) { $0.minItems }
            return .array([])
        }
        let high = max(low, min(node.maxItems ?? 4, low + 4))
        let count: Int
        if depth >= Self.maxDepth || shape == .minimal {
            count = low
        } else {
            // Empty, one, or several: the three lists a client must read.
            let choices = [low, min(high, max(low, 1)), high]
            count = choices[int(choices.count)]
        }
        var elements: [JSONValue] = []
        for position in 0..<count {
            let schema = position < node.prefixItems.count ? node.prefixItems[position] : node.items
            elements.append(schema.map { value($0, depth: depth + 1) } ?? scalar())
        }
        if node.uniqueItems {
            var seen = Set<ComparableJSON>()
            elements = elements.filter { seen.insert(ComparableJSON($0)).inserted }
        }
        return .array(elements)
    }

    private mutating func object(_ node: SchemaNode, depth: Int) -> JSONValue {
        if let fewest = node.minProperties, fewest > Self.sizeLimit {
            refuse("minProperties", fewest) { $0.minProperties }
            return .object([])
        }
        var members: [(key: String, value: JSONValue)] = []
        let required = Set(node.required)
        for name in node.properties.keys.sorted() {
            let include: Bool
            if required.contains(name) {
                include = true
            } else if depth >= Self.maxDepth {
                include = false
            } else {
                switch shape {
                case .minimal: include = false
                case .full: include = true
                case .mixed: include = int(2) == 0
                }
            }
            if include { members.append((name, value(node.properties[name]!, depth: depth + 1))) }
        }
        for name in node.required.sorted() where node.properties[name] == nil && !members.contains(where: { $0.key == name }) {
            members.append((name, node.additionalProperties.map { value($0, depth: depth + 1) } ?? scalar()))
        }
        // Unknown members, which an answer may carry ("not every field is documented"), unless the schema closes it.
        let open = node.patternProperties.isEmpty && node.propertyNames == nil && node.unevaluatedProperties == nil
            && node.additionalProperties.map { !table.nodes[$0].rejectsAll } ?? true
        if open, shape != .minimal, depth < Self.maxDepth, int(3) == 0 || members.count < node.minProperties ?? 0 {
            var extra = 0
            repeat {
                let unknown = node.additionalProperties.map { value($0, depth: depth + 1) } ?? unknownValue()
                members.append(("x_undocumented_\(extra)", unknown))
                extra += 1
            } while members.count < node.minProperties ?? 0
        }
        if let most = node.maxProperties, members.count > most {
            members = members.filter { required.contains($0.key) }
        }
        return .object(members)
    }

    /// Notes the first bound too large to meet; the caller returns a value short of it, which the validator drops.
    private mutating func refuse(_ keyword: String, _ bound: Int, _ declared: (SchemaNode) -> Int?) {
        if unmet == nil {
            var seen = Set(drawing)
            var pointer: JSONPointer?
            for index in drawing where pointer == nil { pointer = declaring(index, declared, seen: &seen) }
            unmet = "the schema at \(pointer ?? table.nodes[drawing[0]].pointer) asks for \(keyword) \(bound), more than the generator makes (\(Self.sizeLimit))"
        }
    }

    private mutating func scalar() -> JSONValue {
        switch int(4) {
        case 0: return .string(["", "ü", "value"][int(3)])
        case 1: return .number(["0", "-1.5", "9007199254740993"][int(3)])
        case 2: return .bool(int(2) == 0)
        default: return .null
        }
    }

    /// What an undocumented member might hold: a scalar or a small nested value.
    private mutating func unknownValue() -> JSONValue {
        switch int(3) {
        case 0: return .object([("nested", .array([.number("1"), .string("ž")]))])
        case 1: return .array([])
        default: return scalar()
        }
    }

    private mutating func int(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    // MARK: Folding `$ref` and `allOf`

    /// The node with its `$ref`, `$dynamicRef` and `allOf` folded in: one node to draw a value from.
    func effective(_ index: Int) -> SchemaNode {
        var seen: Set<Int> = [index]
        return effective(index, seen: &seen)
    }

    private func effective(_ index: Int, seen: inout Set<Int>) -> SchemaNode {
        var node = table.nodes[index]
        var parts = node.allOf
        if let ref = node.ref { parts.append(ref) }
        if let dynamic = node.dynamicRef { parts.append(dynamic.target) }
        for part in parts where seen.insert(part).inserted {
            merge(&node, with: effective(part, seen: &seen))
        }
        return node
    }

    /// The pointer of the schema `effective(index)` takes the keyword from: the first, in folding order, to declare it.
    private func declaring(_ index: Int, _ declared: (SchemaNode) -> Int?, seen: inout Set<Int>) -> JSONPointer? {
        let node = table.nodes[index]
        if declared(node) != nil { return node.pointer }
        var parts = node.allOf
        if let ref = node.ref { parts.append(ref) }
        if let dynamic = node.dynamicRef { parts.append(dynamic.target) }
        for part in parts where seen.insert(part).inserted {
            if let pointer = declaring(part, declared, seen: &seen) { return pointer }
        }
        return nil
    }

    private func merge(_ node: inout SchemaNode, with other: SchemaNode) {
        if node.types.isEmpty { node.types = other.types } else if !other.types.isEmpty { node.types.formIntersection(other.types) }
        node.nullable = node.nullable || other.nullable
        node.rejectsAll = node.rejectsAll || other.rejectsAll
        node.constJSON = node.constJSON ?? other.constJSON
        node.enumJSON = node.enumJSON ?? other.enumJSON
        node.format = node.format ?? other.format
        node.minimum = node.minimum ?? other.minimum
        node.maximum = node.maximum ?? other.maximum
        node.multipleOf = node.multipleOf ?? other.multipleOf
        node.minLength = node.minLength ?? other.minLength
        node.maxLength = node.maxLength ?? other.maxLength
        node.items = node.items ?? other.items
        if node.prefixItems.isEmpty { node.prefixItems = other.prefixItems }
        node.minItems = node.minItems ?? other.minItems
        node.maxItems = node.maxItems ?? other.maxItems
        node.uniqueItems = node.uniqueItems || other.uniqueItems
        node.properties.merge(other.properties) { mine, _ in mine }
        node.required += other.required.filter { !node.required.contains($0) }
        node.additionalProperties = node.additionalProperties ?? other.additionalProperties
        node.patternProperties += other.patternProperties
        node.propertyNames = node.propertyNames ?? other.propertyNames
        node.unevaluatedProperties = node.unevaluatedProperties ?? other.unevaluatedProperties
        node.minProperties = node.minProperties ?? other.minProperties
        node.maxProperties = node.maxProperties ?? other.maxProperties
        if node.anyOf.isEmpty { node.anyOf = other.anyOf }
        if node.oneOf.isEmpty { node.oneOf = other.oneOf }
    }
}
