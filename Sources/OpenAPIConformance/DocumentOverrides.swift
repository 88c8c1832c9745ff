import FixtureFormat
import Foundation

/// Patches to a flawed document, each at a JSON pointer (globs allowed) with a one-line reason:
///
///     {"overrides": [
///       {"pointer": "/paths/**/properties/latitude", "set": {"type": "number"}, "reason": "the API sends numbers"},
///       {"pointer": "/paths/**/properties/traversable_again", "drop": true, "reason": "..."},
///       {"pointer": "/paths/*/get/responses", "add": {"default": {...}}, "reason": "..."},
///       {"pointer": "/paths/**/properties/veracity_rating", "warn": true, "reason": "..."},
///       {"pointer": "/paths/~1places~1search/get/responses/200/content/*/schema/properties/results", "require": true, "reason": "..."}]}
///
/// `set` writes keys into the object there, `add` writes only the keys it does not have yet, `drop` removes it,
/// `warn` demotes every violation of a rule at or under it to a warning, and `require` (at a property,
/// `…/properties/NAME`) adds NAME to its object's `required`: how the client's declared departures are written.
package struct DocumentOverrides {
    enum Action {
        case set([(key: String, value: JSONValue)])
        case add([(key: String, value: JSONValue)])
        case drop
        case warn
        case require
    }

    struct Override {
        var pointer: String
        var action: Action
        var reason: String
    }

    /// Where the overrides came from, for messages.
    var source: String
    var overrides: [Override]

    /// What applying them gave.
    package struct Applied {
        /// Overrides that matched at least one place.
        var applied = 0
        var places = 0
        /// Concrete pointers whose violations are warnings.
        var warnings: [JSONPointer] = []
        /// One line per override that matched nothing (the document changed, or a typo).
        package var unmatched: [String] = []
    }

    init(source: String, overrides: [Override]) {
        self.source = source
        self.overrides = overrides
    }

    /// The document's flaws fixed, without the client's declared departures (`require`): spec-diff compares what
    /// the documents say, so a field the new document makes optional is seen even where the client requires it.
    package var documentFixesOnly: DocumentOverrides {
        DocumentOverrides(source: source, overrides: overrides.filter { if case .require = $0.action { false } else { true } })
    }

    package init(path: String) throws(DocumentLoadError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DocumentLoadError("\(path): cannot read the overrides file (\((error as NSError).localizedDescription))")
        }
        try self.init(data: data, source: path)
    }

    init(data: Data, source: String) throws(DocumentLoadError) {
        guard let root = try? JSONSpan.parse(data), case let .array(list)? = root.member("overrides") else {
            throw DocumentLoadError("\(source): not an overrides file; expected {\"overrides\": [{\"pointer\": …, \"set\"|\"add\"|\"drop\"|\"warn\"|\"require\": …, \"reason\": …}]}")
        }
        var overrides: [Override] = []
        for (index, item) in list.enumerated() {
            let place = "\(source): overrides[\(index)]"
            guard case .object = item, case let .string(pointer)? = item.member("pointer") else {
                throw DocumentLoadError("\(place): needs a \"pointer\" string")
            }
            guard case let .string(reason)? = item.member("reason"), !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw DocumentLoadError("\(place) (\(pointer)): needs a one-line \"reason\"")
            }
            let actions = ["set", "add", "drop", "warn", "require"].filter { item.member($0) != nil }
            guard actions.count == 1 else {
                throw DocumentLoadError("\(place) (\(pointer)): give exactly one of set, add, drop, warn, require (found \(actions.isEmpty ? "none" : actions.joined(separator: ", ")))")
            }
            let action: Action
            switch actions[0] {
            case "set", "add":
                guard case let .object(keys)? = item.member(actions[0]) else {
                    throw DocumentLoadError("\(place) (\(pointer)): \"\(actions[0])\" takes an object of keys to write")
                }
                action = actions[0] == "set" ? .set(keys) : .add(keys)
            case "drop": action = .drop
            case "require":
                let segments = JSONPointer(parsing: pointer).segments
                guard segments.count >= 2, segments[segments.count - 2] == "properties", !["*", "**"].contains(segments.last!) else {
                    throw DocumentLoadError("\(place) (\(pointer)): \"require\" takes the pointer of one property, …/properties/NAME")
                }
                action = .require
            default: action = .warn
            }
            overrides.append(Override(pointer: pointer, action: action, reason: reason))
        }
        self.init(source: source, overrides: overrides)
    }

    /// The schema keyword (an `x-` extension, which validators ignore) listing the names a `require` override added.
    static let departuresKeyword = "x-fsq-contract-required-by-us"
    /// The schema keyword keeping what the document itself required where a `require` override added a name.
    static let documentRequiredKeyword = "x-fsq-contract-document-required"

    /// Applies every override to `tree`, in file order.
    package func apply(to tree: inout JSONValue) -> Applied {
        var result = Applied()
        for override in overrides {
            let places = JSONPointer(parsing: override.pointer).matches(in: tree).sorted()
            guard !places.isEmpty else {
                result.unmatched.append("\(source): override \(override.pointer) matched nothing in the document (\(override.reason))")
                continue
            }
            result.applied += 1
            result.places += places.count
            switch override.action {
            case .warn:
                result.warnings += places
            case .require:
                for place in places {
                    let name = place.segments[place.segments.count - 1]
                    Self.update(&tree, at: place.segments.dropLast(2)) { node in
                        guard case let .object(members)? = node else { return }
                        var required: [JSONValue] = []
                        if case let .array(present)? = node?.member("required") { required = present }
                        let isTheDocuments = required.contains(where: { if case let .string(text) = $0 { text == name } else { false } })
                        if !isTheDocuments { required.append(.string(name)) }
                        var object = JSONValue.object(members).replacingMember("required", with: .array(required))
                        // Marked, so a violation says the rule is ours: the names we added, and what the document required.
                        if !isTheDocuments {
                            if node?.member(Self.documentRequiredKeyword) == nil {
                                object = object.replacingMember(Self.documentRequiredKeyword, with: .array(required.dropLast()))
                            }
                            var ours: [JSONValue] = []
                            if case let .array(present)? = node?.member(Self.departuresKeyword) { ours = present }
                            object = object.replacingMember(Self.departuresKeyword, with: .array(ours + [.string(name)]))
                        }
                        node = object
                    }
                }
            case .drop:
                // Deepest first, so dropping a parent never hides a later child.
                for place in places.reversed() { Self.update(&tree, at: place.segments[...]) { $0 = nil } }
            case let .set(keys), let .add(keys):
                let overwrite: Bool
                if case .set = override.action { overwrite = true } else { overwrite = false }
                for place in places {
                    Self.update(&tree, at: place.segments[...]) { node in
                        guard case var .object(members)? = node else { return }
                        node = nil
                        for (key, value) in keys {
                            if let index = members.lastIndex(where: { $0.key == key }) {
                                if overwrite { members[index].value = value }
                            } else {
                                members.append((key, value))
                            }
                        }
                        node = .object(members)
                    }
                }
            }
        }
        return result
    }

    /// Runs `change` on the node at `path` (nil: absent, or remove it). Each container is taken out of its parent
    /// while it changes, so it is changed in place rather than copied.
    private static func update(_ node: inout JSONValue, at path: ArraySlice<String>, _ change: (inout JSONValue?) -> Void) {
        guard let head = path.first else { return }
        let rest = path.dropFirst()
        switch node {
        case var .object(members):
            node = .null
            if let index = members.lastIndex(where: { $0.key == head }) {
                if rest.isEmpty {
                    var child: JSONValue? = members[index].value
                    members[index].value = .null
                    change(&child)
                    if let child { members[index].value = child } else { members.remove(at: index) }
                } else {
                    var child = members[index].value
                    members[index].value = .null
                    update(&child, at: rest, change)
                    members[index].value = child
                }
            } else if rest.isEmpty {
                var child: JSONValue?
                change(&child)
                if let child { members.append((head, child)) }
            }
            node = .object(members)
        case var .array(elements):
            guard let index = Int(head), elements.indices.contains(index) else { return }
            node = .null
            var child: JSONValue? = elements[index]
            elements[index] = .null
            if rest.isEmpty {
                change(&child)
            } else if var present = child {
                child = nil
                update(&present, at: rest, change)
                child = present
            }
            if let child { elements[index] = child } else { elements.remove(at: index) }
            node = .array(elements)
        default:
            return
        }
    }
}
