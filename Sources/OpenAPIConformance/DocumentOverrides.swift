import Foundation

/// Patches to a flawed document, each at a JSON pointer (globs allowed) with a one-line reason:
///
///     {"overrides": [
///       {"pointer": "/paths/**/properties/latitude", "set": {"type": "number"}, "reason": "the API sends numbers"},
///       {"pointer": "/paths/**/properties/traversable_again", "drop": true, "reason": "..."},
///       {"pointer": "/paths/*/get/responses", "add": {"default": {...}}, "reason": "..."},
///       {"pointer": "/paths/**/properties/veracity_rating", "warn": true, "reason": "..."}]}
///
/// `set` writes keys into the object there, `add` writes only the keys it does not have yet, `drop` removes it,
/// and `warn` demotes every violation of a rule at or under it to a warning.
struct DocumentOverrides {
    enum Action {
        case set([String: Any])
        case add([String: Any])
        case drop
        case warn
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
    struct Applied {
        /// Overrides that matched at least one place.
        var applied = 0
        var places = 0
        /// Concrete pointers whose violations are warnings.
        var warnings: [JSONPointer] = []
        /// One line per override that matched nothing (the document changed, or a typo).
        var unmatched: [String] = []
    }

    init(source: String, overrides: [Override]) {
        self.source = source
        self.overrides = overrides
    }

    init(path: String) throws(DocumentLoadError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DocumentLoadError("\(path): cannot read the overrides file (\((error as NSError).localizedDescription))")
        }
        try self.init(data: data, source: path)
    }

    init(data: Data, source: String) throws(DocumentLoadError) {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["overrides"] as? [Any] else {
            throw DocumentLoadError("\(source): not an overrides file; expected {\"overrides\": [{\"pointer\": …, \"set\"|\"add\"|\"drop\"|\"warn\": …, \"reason\": …}]}")
        }
        var overrides: [Override] = []
        for (index, item) in list.enumerated() {
            let place = "\(source): overrides[\(index)]"
            guard let entry = item as? [String: Any], let pointer = entry["pointer"] as? String else {
                throw DocumentLoadError("\(place): needs a \"pointer\" string")
            }
            guard let reason = entry["reason"] as? String, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw DocumentLoadError("\(place) (\(pointer)): needs a one-line \"reason\"")
            }
            let actions = ["set", "add", "drop", "warn"].filter { entry[$0] != nil }
            guard actions.count == 1 else {
                throw DocumentLoadError("\(place) (\(pointer)): give exactly one of set, add, drop, warn (found \(actions.isEmpty ? "none" : actions.joined(separator: ", ")))")
            }
            let action: Action
            switch actions[0] {
            case "set", "add":
                guard let keys = entry[actions[0]] as? [String: Any] else {
                    throw DocumentLoadError("\(place) (\(pointer)): \"\(actions[0])\" takes an object of keys to write")
                }
                action = actions[0] == "set" ? .set(keys) : .add(keys)
            case "drop": action = .drop
            default: action = .warn
            }
            overrides.append(Override(pointer: pointer, action: action, reason: reason))
        }
        self.init(source: source, overrides: overrides)
    }

    /// Applies every override to `tree`, in file order.
    func apply(to tree: inout Any) -> Applied {
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
            case .drop:
                // Deepest first, so dropping a parent never hides a later child.
                for place in places.reversed() { Self.update(&tree, at: place.segments[...]) { $0 = nil } }
            case let .set(keys), let .add(keys):
                let overwrite: Bool
                if case .set = override.action { overwrite = true } else { overwrite = false }
                for place in places {
                    Self.update(&tree, at: place.segments[...]) { node in
                        guard var object = node as? [String: Any] else { return }
                        for (key, value) in keys where overwrite || object[key] == nil { object[key] = value }
                        node = object
                    }
                }
            }
        }
        return result
    }

    /// Runs `change` on the node at `path` (nil: absent, or remove it).
    private static func update(_ node: inout Any, at path: ArraySlice<String>, _ change: (inout Any?) -> Void) {
        guard let head = path.first else { return }
        let rest = path.dropFirst()
        if var object = node as? [String: Any] {
            if rest.isEmpty {
                var child = object[head]
                change(&child)
                object[head] = child
            } else if var child = object[head] {
                update(&child, at: rest, change)
                object[head] = child
            }
            node = object
        } else if var array = node as? [Any], let index = Int(head), array.indices.contains(index) {
            if rest.isEmpty {
                var child: Any? = array[index]
                change(&child)
                if let child { array[index] = child } else { array.remove(at: index) }
            } else {
                var child = array[index]
                update(&child, at: rest, change)
                array[index] = child
            }
            node = array
        }
    }
}
