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
        guard let root = JSONValue.parse(body) else { return [] }
        var walker = Walker(contract: operation.contract)
        let tree = MemberTree.of(operation)
        if case .array = root, let wrapper = ValueDeparture.bareArrayWrapper(endpoint: operation.endpoint, contract: operation.contract),
           let node = tree.members[wrapper],
           let held = Mirror(reflecting: decoded).children.first(where: { $0.label == wrapper })?.value {
            // A declared bare-array answer: its elements are the wrapper's (`ValueDeparture.bareArrays`).
            walker.compare(root, held, node: node)
        } else {
            walker.compare(root, decoded, node: tree)
        }
        return walker.problems
    }

    /// An operation's documented members as a tree: a member's node holds its own members and its elements',
    /// so the walk looks a key up without building its path. Departures are left out. Built once per operation.
    final class MemberTree: @unchecked Sendable {
        var members: [String: MemberTree] = [:]
        var elements: MemberTree?

        private static let cache = Locked<[String: MemberTree]>([:])

        static func of(_ operation: DocumentedOperation) -> MemberTree {
            let key = "\(operation.contract) \(operation.endpoint)"
            if let known = cache.withLock({ $0[key] }) { return known }
            let root = MemberTree()
            let departed = ValueDeparture.anywhere[operation.contract] ?? []
            let exact = ValueDeparture.exact[operation.contract] ?? []
            let longest = departed.map(\.count).max() ?? 0
            for member in operation.members where !exact.contains(member) {
                var node = root
                var names: [String] = []
                var rest = member.dropFirst()  // "$"
                walk: while !rest.isEmpty {
                    if rest.hasPrefix("[*]") {
                        if node.elements == nil { node.elements = MemberTree() }
                        node = node.elements!
                        rest = rest.dropFirst(3)
                    } else {
                        rest = rest.dropFirst()  // "."
                        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                        let name = String(rest[..<end])
                        names.append(name)
                        for length in 1...max(1, min(longest, names.count)) where departed.contains(Array(names.suffix(length))) {
                            break walk
                        }
                        if node.members[name] == nil { node.members[name] = MemberTree() }
                        node = node.members[name]!
                        rest = rest[end...]
                    }
                }
            }
            cache.withLock { $0[key] = root }
            return root
        }
    }

    /// A model type's stored properties as the check names them: snake_case of each label, to its position.
    /// Built once per type (reflection is the check's cost), shared by every answer of the run.
    private struct Layout: @unchecked Sendable {
        let offsets: [String: Int]
        /// The type's name without module or enclosing types, for `ValueNaming`'s owner-scoped exceptions.
        let name: String

        private static let cache = Locked<[ObjectIdentifier: Layout]>([:])

        static func of(_ model: Any, _ mirror: Mirror) -> Layout {
            let type = Swift.type(of: model)
            let key = ObjectIdentifier(type)
            if let known = cache.withLock({ $0[key] }) { return known }
            var offsets: [String: Int] = [:]
            for (offset, child) in mirror.children.enumerated() {
                guard let label = child.label else { continue }
                offsets[ValueNaming.snakeCase(label)] = offset
            }
            let layout = Layout(offsets: offsets, name: "\(type)")
            cache.withLock { $0[key] = layout }
            return layout
        }
    }

    /// One step of the pointer to a member, rendered only when a problem names it.
    private enum Step {
        case member(String)
        case index(Int)
    }

    private struct Walker {
        let contract: String
        var problems: [String] = []
        /// The contract's naming exceptions, fetched once per answer.
        let naming: [String: [ValueNaming.Exception]]
        var steps: [Step] = []

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

        mutating func compare(_ json: JSONValue, _ held: Any, node: MemberTree) {
            let value = unwrapped(held)
            switch json {
            case .null:
                if let value { problem("the answer holds null; the model holds \(shown(value))") }
                return
            case .captured:
                return
            default:
                break
            }
            guard let value else {
                problem("in the answer and the document; the model holds nil")
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
                guard let elementNode = node.elements else { return }
                for (index, (element, child)) in zip(elements, mirror.children).enumerated() {
                    steps.append(.index(index))
                    compare(element, child.value, node: elementNode)
                    steps.removeLast()
                }
            case let .object(jsonMembers):
                object(jsonMembers, model: value, node: node)
            case .null, .captured:
                break
            }
        }

        mutating func object(_ jsonMembers: [(key: String, value: JSONValue)], model: Any, node: MemberTree) {
            guard !node.members.isEmpty else { return }
            let mirror = Mirror(reflecting: model)
            guard mirror.displayStyle == .struct || mirror.displayStyle == .class else {
                problem("the answer holds an object; the model holds \(shown(model))")
                return
            }
            let layout = Layout.of(model, mirror)
            let children = mirror.children
            for (key, json) in jsonMembers {
                guard let memberNode = node.members[key] else { continue }
                steps.append(.member(key))
                defer { steps.removeLast() }
                let property = naming[key].map { ValueNaming.propertyKey(member: key, among: $0, owner: layout.name) } ?? key
                guard let offset = layout.offsets[property] else {
                    problem("in the answer and the document; \(typeName(model)) has no property for it")
                    continue
                }
                compare(json, children[children.index(children.startIndex, offsetBy: offset)].value, node: memberNode)
            }
        }

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
}

extension Optional: AnyOptional {
    fileprivate var wrappedAny: Any? {
        switch self {
        case let .some(value): return unwrapped(value)
        case .none: return nil
        }
    }
}

/// `value` without its `Optional` layers; nil when one is empty.
private func unwrapped(_ value: Any) -> Any? {
    if let optional = value as? any AnyOptional { return optional.wrappedAny }
    return value
}
