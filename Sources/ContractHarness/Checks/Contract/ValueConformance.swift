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
    static func problems(body: Data, decoded: Any, operation: DocumentedOperation) -> [String] {
        guard let root = try? JSONValue.parse(body) else { return [] }
        var walker = Walker(members: operation.members, contract: operation.contract)
        if case .array = root, let wrapper = ValueDeparture.bareArrayWrapper(endpoint: operation.endpoint, contract: operation.contract),
           let held = Mirror(reflecting: decoded).children.first(where: { $0.label == wrapper })?.value {
            // A declared bare-array answer: its elements are the wrapper's (`ValueDeparture.bareArrays`).
            walker.compare(root, held, shape: "$.\(wrapper)", pointer: "$")
        } else {
            walker.compare(root, decoded, shape: "$", pointer: "$")
        }
        return walker.problems
    }

    private struct Walker {
        let members: Set<String>
        let contract: String
        var problems: [String] = []
        /// Property names snake_cased, per label: the same few dozen labels recur in every answer.
        var names: [String: String] = [:]

        mutating func compare(_ json: JSONValue, _ held: Any, shape: String, pointer: String) {
            let value = unwrapped(held)
            switch json {
            case .null:
                if let value { problems.append("\(pointer): the answer holds null; the model holds \(shown(value))") }
                return
            case .captured:
                return
            default:
                break
            }
            guard let value else {
                problems.append("\(pointer): in the answer and the document; the model holds nil")
                return
            }
            switch json {
            case let .string(text):
                let got = Self.text(of: value)
                if got != text { problems.append("\(pointer): the answer holds \(quoted(text)); the model holds \(got.map(quoted) ?? shown(value))") }
            case let .number(text):
                if !Self.sameNumber(text, value) { problems.append("\(pointer): the answer holds \(text); the model holds \(shown(value))") }
            case let .bool(flag):
                if (value as? Bool) != flag { problems.append("\(pointer): the answer holds \(flag); the model holds \(shown(value))") }
            case let .array(elements):
                let mirror = Mirror(reflecting: value)
                guard mirror.displayStyle == .collection || mirror.displayStyle == .set else {
                    problems.append("\(pointer): the answer holds an array; the model holds \(shown(value))")
                    return
                }
                let held = mirror.children.map(\.value)
                guard held.count == elements.count else {
                    problems.append("\(pointer): the answer holds \(elements.count) elements; the model holds \(held.count)")
                    return
                }
                let elementShape = shape + "[*]"
                for (index, element) in elements.enumerated() {
                    compare(element, held[index], shape: elementShape, pointer: "\(pointer)[\(index)]")
                }
            case let .object(jsonMembers):
                object(jsonMembers, model: value, shape: shape, pointer: pointer)
            case .null, .captured:
                break
            }
        }

        mutating func object(_ jsonMembers: [(key: String, value: JSONValue)], model: Any, shape: String, pointer: String) {
            let mirror = Mirror(reflecting: model)
            guard mirror.displayStyle == .struct || mirror.displayStyle == .class else {
                problems.append("\(pointer): the answer holds an object; the model holds \(shown(model))")
                return
            }
            var properties: [String: Any] = [:]
            for child in mirror.children {
                guard let label = child.label else { continue }
                properties[name(label)] = child.value
            }
            for (key, json) in jsonMembers {
                let memberShape = shape + "." + key
                guard members.contains(memberShape), !ValueDeparture.covers(memberShape, name: key, contract: contract) else { continue }
                let memberPointer = ObjectNode.childPath(pointer, key)
                guard let held = properties[ValueNaming.propertyKey(member: key, contract: contract, owner: { "\(type(of: model))" })] else {
                    problems.append("\(memberPointer): in the answer and the document; \(typeName(model)) has no property for it")
                    continue
                }
                compare(json, held, shape: memberShape, pointer: memberPointer)
            }
        }

        mutating func name(_ label: String) -> String {
            if let known = names[label] { return known }
            let snake = ValueNaming.snakeCase(label)
            names[label] = snake
            return snake
        }

        func typeName(_ value: Any) -> String {
            String(reflecting: type(of: value)).replacingOccurrences(of: "FoursquarePlaces.", with: "")
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
