@_spi(Reflection) import Swift
import Foundation
import FixtureFormat
import FoursquarePlaces

/// Whether every member of a 2xx answer that the contract's document defines reached the decoded model with the
/// same value. The expectation is the recorded body and the document (`DocumentedOperation.members`); the model
/// is read by reflection and its properties named by the documents' convention (`ValueNaming`), so a model that
/// reads a member from the wrong key, or not at all, shows here even though it decodes.
enum ValueConformance {
    /// At most this many problems are listed for one answer; the count says how many there were.
    static let listed = 20

    /// One line per member that did not arrive: `$.results[0].location.formatted_address: in the answer and the
    /// document; the model holds nil`. Empty when every documented member arrived.
    package static func problems(body: Data, decoded: Any, operation: DocumentedOperation) -> [String] {
        check(body: body, decoded: decoded, operation: operation).problems
    }

    /// The problems, and the documented members the answer holds with a value (`MemberTree.paths` indices): what
    /// the run's coverage counts as exercised.
    static func check(body: Data, decoded: Any, operation: DocumentedOperation) -> (problems: [String], exercised: [Int]) {
        guard let root = JSONValue.parse(body) else { return ([], []) }
        var walker = Walker(contract: operation.contract)
        let tree = MemberTree.of(operation)
        if case .array = root, let wrapper = ValueDeparture.bareArrayWrapper(endpoint: operation.endpoint, contract: operation.contract),
           let node = tree.members[wrapper],
           let held = Mirror(reflecting: decoded).children.first(where: { $0.label == wrapper })?.value {
            // A declared bare-array answer: its elements are the wrapper's (`ValueDeparture.bareArrays`).
            walker.compare(root, Held(held), node: node)
        } else {
            walker.compare(root, Held(decoded), node: tree)
        }
        return (walker.problems, walker.exercised)
    }

    /// An operation's documented members as a tree: a member's node holds its own members and its elements',
    /// so the walk looks a key up without building its path. Departures are left out. Built once per operation.
    final class MemberTree: @unchecked Sendable {
        var members: [String: MemberTree] = [:]
        var elements: MemberTree?
        /// This node's place in its root's `paths`.
        var index = 0
        /// The root's: each node's member path (`$.results[*].name`), by index; `$` itself is 0.
        var paths: [String] = ["$"]
        /// The root's: documented members a departure cuts off, each with the departure's reason.
        var departed: [String: String] = [:]

        private func child(_ existing: MemberTree?, root: MemberTree, path: String) -> MemberTree {
            if let existing { return existing }
            let node = MemberTree()
            node.index = root.paths.count
            root.paths.append(path)
            return node
        }

        /// The node of `path` (`$.tips[*].photo`), when the tree holds it.
        func node(at path: String) -> MemberTree? {
            var node: MemberTree? = self
            var rest = path.dropFirst()  // "$"
            while let current = node, !rest.isEmpty {
                if rest.hasPrefix("[*]") {
                    node = current.elements
                    rest = rest.dropFirst(3)
                } else {
                    rest = rest.dropFirst()  // "."
                    let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                    node = current.members[String(rest[..<end])]
                    rest = rest[end...]
                }
            }
            return node
        }

        private static let cache = Locked<[String: MemberTree]>([:])

        static func of(_ operation: DocumentedOperation) -> MemberTree {
            let key = "\(operation.contract) \(operation.endpoint)"
            if let known = cache.withLock({ $0[key] }) { return known }
            let root = MemberTree()
            let departed = ValueDeparture.anywhere[operation.contract] ?? []
            let exact = ValueDeparture.exact[operation.contract] ?? []
            let longest = departed.map(\.count).max() ?? 0
            for member in operation.members.sorted() {
                // An exact departure leaves out its member and everything under it.
                if let cut = exact.first(where: { member == $0 || member.hasPrefix($0 + ".") || member.hasPrefix($0 + "[") }) {
                    root.departed[member] = ValueDeparture.reason(member: cut, contract: operation.contract)
                    continue
                }
                var node = root
                var names: [String] = []
                var rest = member.dropFirst()  // "$"
                walk: while !rest.isEmpty {
                    if rest.hasPrefix("[*]") {
                        let path = String(member[..<rest.index(rest.startIndex, offsetBy: 3)])
                        node.elements = node.child(node.elements, root: root, path: path)
                        node = node.elements!
                        rest = rest.dropFirst(3)
                    } else {
                        rest = rest.dropFirst()  // "."
                        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                        let name = String(rest[..<end])
                        names.append(name)
                        for length in 1...max(1, min(longest, names.count)) where departed.contains(Array(names.suffix(length))) {
                            root.departed[member] = ValueDeparture.reason(suffix: Array(names.suffix(length)), contract: operation.contract)
                            break walk
                        }
                        node.members[name] = node.child(node.members[name], root: root, path: String(member[..<end]))
                        node = node.members[name]!
                        rest = rest[end...]
                    }
                }
            }
            cache.withLock { $0[key] = root }
            return root
        }
    }

    /// A model type's stored properties as the check names them: snake_case of each label, to the field's byte
    /// offset and a reader of its type. Learnt once per type from the runtime's field records, so reading a
    /// property is a copy from memory; `Mirror` looked each field's type up by its mangled name for every value,
    /// which made the check cost more than the rest of replay on answers shaped like real ones (issue 58).
    private struct Layout: @unchecked Sendable {
        /// A struct is read field by field; anything else (a class, say) through `Mirror`, as before.
        let isStruct: Bool
        let fields: [String: Field]
        /// Calls its closure with the address of a struct's bytes (a copy of the value, held for the call).
        let withBytes: (Any, (UnsafeRawPointer) -> Void) -> Void
        /// The type's name without module or enclosing types, for `ValueNaming`'s owner-scoped exceptions.
        let name: String

        struct Field {
            let offset: Int
            let read: (UnsafeRawPointer) -> Held
        }

        private static let cache = Locked<[ObjectIdentifier: Layout]>([:])

        static func of(_ model: Any) -> Layout {
            let type = Swift.type(of: model)
            let key = ObjectIdentifier(type)
            if let known = cache.withLock({ $0[key] }) { return known }
            let style = Mirror(reflecting: model).displayStyle
            var fields: [String: Field] = [:]
            var isStruct = style == .struct
            if isStruct {
                isStruct = _forEachField(of: type) { label, offset, fieldType, _ in
                    // A boxed member is stored as `_name` (Indirect) and read as `name`.
                    let name = String(cString: label)
                    let property = name.hasPrefix("_") ? String(name.dropFirst()) : name
                    fields[ValueNaming.snakeCase(property)] = Field(offset: offset, read: _openExistential(fieldType, do: reader))
                    return true
                }
            }
            if !isStruct {
                fields = [:]
                for (offset, child) in Mirror(reflecting: model).children.enumerated() {
                    guard let label = child.label else { continue }
                    fields[ValueNaming.snakeCase(label)] = Field(offset: offset, read: { _ in .absent })
                }
            }
            let layout = Layout(isStruct: isStruct, fields: fields, withBytes: _openExistential(type, do: projector), name: "\(type)")
            cache.withLock { $0[key] = layout }
            return layout
        }

        /// Whether `model`'s type is one the check reads as an object (a struct or a class).
        static func isObject(_ model: Any) -> Bool {
            let style = Mirror(reflecting: model).displayStyle
            return style == .struct || style == .class
        }
    }

    /// One step of the pointer to a member, rendered only when a problem names it.
    private enum Step {
        case member(String)
        case index(Int)

        var name: String? { if case let .member(key) = self { return key } else { return nil } }
    }

    /// How many members and elements deep the check follows an answer: as deep as the client decodes one.
    static let deepest = AnswerNesting.deepest

    private struct Walker {
        let contract: String
        var problems: [String] = []
        /// The contract's naming exceptions, fetched once per answer.
        let naming: [String: [ValueNaming.Exception]]
        var steps: [Step] = []
        /// The `MemberTree` indices of the members the answer holds with a value.
        var exercised: [Int] = []
        /// Whether the walk already stopped at `ValueConformance.deepest`: said once per answer.
        var cutOff = false

        init(contract: String) {
            self.contract = contract
            naming = ValueNaming.exceptions(for: contract)
        }

        /// `$.results[0].location.formatted_address`, as the harness prints JSON paths.
        var pointer: String {
            steps.reduce(into: "$") { text, step in
                switch step {
                case let .member(key): text = ObjectNode.childPath(text, key)
                case let .index(index): text += "[\(index)]"
                }
            }
        }

        mutating func problem(_ text: String) { problems.append("\(pointer): \(text)") }

        mutating func compare(_ json: JSONValue, _ held: Held, node: MemberTree) {
            guard !tooDeep() else { return }
            switch json {
            case .null:
                if !held.isAbsent { problem("the answer holds null; the model holds \(shown(held.any!))") }
                return
            case .captured:
                return
            default:
                exercised.append(node.index)
            }
            // The common cases first, read without a cast: a string, a number or a flag property.
            switch (json, held) {
            case (_, .absent):
                problem("in the answer and the document; the model holds nil")
                return
            case let (.string(text), .text(got)):
                if got != text { problem("the answer holds \(quoted(text)); the model holds \(quoted(got))") }
                return
            case let (.number(text), .integer(got)):
                if Double(text).flatMap({ Int(exactly: $0) }) != got { problem("the answer holds \(text); the model holds \(got)") }
                return
            case let (.number(text), .decimal(got)):
                if !Self.sameNumber(text, got) { problem("the answer holds \(text); the model holds \(got)") }
                return
            case let (.bool(flag), .flag(got)):
                if got != flag { problem("the answer holds \(flag); the model holds \(got)") }
                return
            default:
                break
            }
            guard let value = held.any.flatMap(unwrapped) else {
                problem("in the answer and the document; the model holds nil")
                return
            }
            if let raw = value as? RawJSON {
                compareRaw(json, raw, node: node)
                return
            }
            switch json {
            case let .string(text):
                let got = Self.text(of: value)
                if got != text { problem("the answer holds \(quoted(text)); the model holds \(got.map(quoted) ?? shown(value))") }
            case let .number(text):
                if !Self.sameNumber(text, value) { problem("the answer holds \(text); the model holds \(shown(value))") }
            case let .bool(flag):
                if (value as? Bool) != flag { problem("the answer holds \(flag); the model holds \(shown(value))") }
            case let .array(elements):
                let mirror = Mirror(reflecting: value)
                guard mirror.displayStyle == .collection || mirror.displayStyle == .set else {
                    problem("the answer holds an array; the model holds \(shown(value))")
                    return
                }
                guard mirror.children.count == elements.count else {
                    problem("the answer holds \(elements.count) elements; the model holds \(mirror.children.count)")
                    return
                }
                // Elements the document does not describe are not judged, but their count is.
                guard let elementNode = node.elements else { return boundDepth(json) }
                for (index, (element, child)) in zip(elements, mirror.children).enumerated() {
                    steps.append(.index(index))
                    compare(element, Held(child.value), node: elementNode)
                    steps.removeLast()
                }
            case let .object(jsonMembers):
                object(jsonMembers, model: value, node: node)
            case .null, .captured:
                break
            }
        }

        mutating func object(_ jsonMembers: [(key: String, value: JSONValue)], model: Any, node: MemberTree) {
            guard !node.members.isEmpty else { return boundDepth(.object(jsonMembers)) }
            let layout = Layout.of(model)
            guard layout.isStruct || Layout.isObject(model) else {
                problem("the answer holds an object; the model holds \(shown(model))")
                return
            }
            if layout.isStruct {
                layout.withBytes(model) { base in
                    members(jsonMembers, node: node, layout: layout, model: model) { field in field.read(base + field.offset) }
                }
            } else {
                let children = Mirror(reflecting: model).children
                members(jsonMembers, node: node, layout: layout, model: model) { field in
                    Held(children[children.index(children.startIndex, offsetBy: field.offset)].value)
                }
            }
        }

        /// Each documented member of the answer's object against the property it names.
        mutating func members(_ jsonMembers: [(key: String, value: JSONValue)], node: MemberTree, layout: Layout, model: Any,
                              read: (Layout.Field) -> Held) {
            for (key, json) in jsonMembers {
                guard let memberNode = node.members[key] else {
                    steps.append(.member(key))
                    boundDepth(json)
                    steps.removeLast()
                    continue
                }
                steps.append(.member(key))
                defer { steps.removeLast() }
                let property = naming[key].map { ValueNaming.propertyKey(member: key, among: $0, owner: layout.name) } ?? key
                guard let field = layout.fields[property] else {
                    if case .null = json {} else { exercised.append(memberNode.index) }
                    problem("in the answer and the document; \(typeName(model)) has no property for it")
                    continue
                }
                compare(json, read(field), node: memberNode)
            }
        }

        /// A member the model holds as a JSON value (`RawJSON`: the document leaves it untyped) against the answer's,
        /// member by member, so the documented members under it count as exercised. `node` is nil below them.
        mutating func compareRaw(_ json: JSONValue, _ raw: RawJSON, node: MemberTree?) {
            guard !tooDeep() else { return }
            if let expected = LooseMember.expected(member: steps.last?.name, parent: parentName, contract: contract),
               !expected.names.contains(json.kind) {
                problem("the answer holds \(Self.article(json.kind)); \(expected.reason)")
                return
            }
            switch (json, raw) {
            case (.null, .null), (.captured, _):
                return
            case let (.string(text), .string(got)):
                if got != text { problem("the answer holds \(quoted(text)); the model holds \(quoted(got))") }
            case let (.number(text), .number(got)):
                if !Self.sameNumber(text, got) { problem("the answer holds \(text); the model holds \(got)") }
            case let (.bool(flag), .bool(got)):
                if got != flag { problem("the answer holds \(flag); the model holds \(got)") }
            case let (.array(elements), .array(got)):
                guard elements.count == got.count else {
                    problem("the answer holds \(elements.count) elements; the model holds \(got.count)")
                    return
                }
                for (index, (element, held)) in zip(elements, got).enumerated() {
                    steps.append(.index(index))
                    defer { steps.removeLast() }
                    if let child = node?.elements, !element.isNull { exercised.append(child.index) }
                    compareRaw(element, held, node: node?.elements)
                }
            case let (.object(members), .object(got)):
                for (key, value) in members {
                    steps.append(.member(key))
                    defer { steps.removeLast() }
                    let child = node?.members[key]
                    if let child, !value.isNull { exercised.append(child.index) }
                    guard let held = got[key] else {
                        problem("in the answer; the model's JSON value lacks it")
                        continue
                    }
                    compareRaw(value, held, node: child)
                }
            default:
                problem("the answer holds \(Self.article(json.kind)); the model holds \(Self.article(Self.kind(of: raw)))")
            }
        }

        /// Whether the walk is past `ValueConformance.deepest`; says so once per answer.
        mutating func tooDeep() -> Bool {
            guard steps.count > ValueConformance.deepest else { return false }
            if !cutOff {
                problem("nested deeper than \(ValueConformance.deepest) members and elements, deeper than any real answer; not judged further")
                cutOff = true
            }
            return true
        }

        /// Past the documented members the walk does not go, but an answer nested deeper there than any real one
        /// (a tip's photo's tip … hundreds of times) still fails, once: measured without recursion.
        mutating func boundDepth(_ value: JSONValue) {
            guard !cutOff else { return }
            let room = ValueConformance.deepest - steps.count
            var stack: [(JSONValue, Int)] = [(value, 0)]
            while let (current, depth) = stack.popLast() {
                guard depth <= room else {
                    problem("nested deeper than \(ValueConformance.deepest) members and elements, deeper than any real answer; not judged further")
                    cutOff = true
                    return
                }
                switch current {
                case let .object(members): stack += members.map { ($0.value, depth + 1) }
                case let .array(elements): stack += elements.map { ($0, depth + 1) }
                default: break
                }
            }
        }

        /// The name of the member the walk is inside, one above the current one.
        var parentName: String? { steps.dropLast().lazy.compactMap(\.name).last }

        static func kind(of raw: RawJSON) -> String {
            switch raw {
            case .null: return "null"
            case .bool: return "boolean"
            case .number: return "number"
            case .string: return "string"
            case .array: return "array"
            case .object: return "object"
            }
        }

        static func article(_ kind: String) -> String { kind == "null" ? "null" : (kind.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + kind }

        func typeName(_ value: Any) -> String {
            ModelName.of(type(of: value))
        }

        func quoted(_ text: String) -> String { "\"\(text)\"" }

        func shown(_ value: Any) -> String {
            if let text = Self.text(of: value) { return quoted(text) }
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .struct?, .class?: return "a \(typeName(value))"
            case .collection?, .set?: return "\(mirror.children.count) elements"
            default: return "\(value)"
            }
        }

        /// The text a string-valued property holds: a `String`, a string-backed enum or a URL.
        static func text(of value: Any) -> String? {
            if let text = value as? String { return text }
            if let text = value as? Substring { return String(text) }
            if let url = value as? URL { return url.absoluteString }
            if let raw = value as? any RawRepresentable, let text = raw.rawValue as? String { return text }
            return nil
        }

        /// The same number: an integer property holds the answer's integer exactly; a decimal one its value to
        /// the precision a `Double` keeps.
        static func sameNumber(_ text: String, _ double: Double) -> Bool {
            guard let number = Double(text) else { return false }
            return double == number || abs(double - number) <= abs(number) * 1e-12
        }

        static func sameNumber(_ text: String, _ value: Any) -> Bool {
            guard let number = Double(text) else { return false }
            switch value {
            case let int as Int: return Int(exactly: number) == int
            case let int as Int64: return Int64(exactly: number) == int
            case let int as Int32: return Int32(exactly: number) == int
            case let double as Double: return double == number || abs(double - number) <= abs(number) * 1e-12
            case let float as Float: return Float(number) == float
            case let decimal as Decimal: return Decimal(string: text) == decimal
            case let flag as Bool: return (number != 0) == flag && (number == 0 || number == 1)
            default: return false
            }
        }
    }
}

/// An `Optional` seen through `Any`.
private protocol AnyOptional {
    var wrappedAny: Any? { get }
    /// The optional stored at `address`: absent when nil, else its value.
    static func held(at address: UnsafeRawPointer) -> Held
}

extension Optional: AnyOptional {
    fileprivate var wrappedAny: Any? {
        switch self {
        case let .some(value): return unwrapped(value)
        case .none: return nil
        }
    }

    fileprivate static func held(at address: UnsafeRawPointer) -> Held {
        guard let value = address.load(as: Self.self) else { return .absent }
        return .value(value)
    }
}

/// A property's value as the walk reads it: a string, number or flag without a cast, anything else as `Any`.
enum Held {
    case absent
    case text(String)
    case integer(Int)
    case decimal(Double)
    case flag(Bool)
    case value(Any)

    /// `value` as read through reflection (`Mirror`), its `Optional` layers still on.
    init(_ value: Any) { self = .value(value) }

    var isAbsent: Bool {
        if case .absent = self { return true }
        if case let .value(value) = self { return unwrapped(value) == nil }
        return false
    }

    /// The value as `Any`; nil when absent.
    var any: Any? {
        switch self {
        case .absent: return nil
        case let .text(text): return text
        case let .integer(number): return number
        case let .decimal(number): return number
        case let .flag(flag): return flag
        case let .value(value): return unwrapped(value)
        }
    }
}

/// The reader of a field of type `Field` at a raw address, chosen once per field from its type: the scalar types
/// the models use are read as such; an `Optional` is unwrapped by its own type, not by a cast per value.
private func reader<Field>(_: Field.Type) -> (UnsafeRawPointer) -> Held {
    if Field.self == String?.self { return { $0.load(as: String?.self).map(Held.text) ?? .absent } }
    if Field.self == String.self { return { .text($0.load(as: String.self)) } }
    if Field.self == Int?.self { return { $0.load(as: Int?.self).map(Held.integer) ?? .absent } }
    if Field.self == Int.self { return { .integer($0.load(as: Int.self)) } }
    if Field.self == Double?.self { return { $0.load(as: Double?.self).map(Held.decimal) ?? .absent } }
    if Field.self == Double.self { return { .decimal($0.load(as: Double.self)) } }
    if Field.self == Bool?.self { return { $0.load(as: Bool?.self).map(Held.flag) ?? .absent } }
    if Field.self == Bool.self { return { .flag($0.load(as: Bool.self)) } }
    if let optional = Field.self as? any AnyOptional.Type { return { optional.held(at: $0) } }
    return { .value($0.load(as: Field.self)) }
}

/// Calls `body` with the address of a `Model`'s bytes; a struct with no stored property has none to read.
private func projector<Model>(_: Model.Type) -> (Any, (UnsafeRawPointer) -> Void) -> Void {
    { model, body in
        withUnsafeBytes(of: model as! Model) { bytes in
            if let base = bytes.baseAddress { body(base) }
        }
    }
}

/// `value` without its `Optional` layers and the box of a model held through itself; nil when one is empty.
private func unwrapped(_ value: Any) -> Any? {
    if let optional = value as? any AnyOptional { return optional.wrappedAny }
    if let boxed = value as? any IndirectModel { return boxed.heldModel }
    return value
}
