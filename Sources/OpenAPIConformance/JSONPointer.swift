import FixtureFormat

/// RFC 6901 JSON pointers over the document's tree, with two globs for overrides: `*` is any one segment and
/// `**` any number of them (Foursquare's document repeats the same inline schema under every path).
package struct JSONPointer: Hashable, Comparable, CustomStringConvertible {
    package var segments: [String]

    package init(_ segments: [String]) { self.segments = segments }

    /// `/paths/~1places~1search/get` or `#/paths/...`; the empty pointer is the whole document.
    package init(parsing text: String) {
        var body = Substring(text)
        if body.hasPrefix("#") { body = body.dropFirst() }
        if body.isEmpty { self.init([]); return }
        if body.hasPrefix("/") { body = body.dropFirst() }
        self.init(body.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        })
    }

    package func appending(_ segment: String) -> JSONPointer { JSONPointer(segments + [segment]) }

    /// `#/paths/~1places~1search/get`.
    package var description: String {
        "#" + segments.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// Whether `self` is `other` or inside it.
    package func isWithin(_ other: JSONPointer) -> Bool {
        segments.count >= other.segments.count && Array(segments.prefix(other.segments.count)) == other.segments
    }

    package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.segments.lexicographicallyPrecedes(rhs.segments) }

    /// Every concrete pointer in `tree` this pattern matches, each once.
    package func matches(in tree: JSONValue) -> Set<JSONPointer> {
        var found = Set<JSONPointer>()
        var path: [String] = []
        Self.collect(tree, pattern: segments[...], at: &path, into: &found)
        return found
    }

    private static func collect(_ node: JSONValue, pattern: ArraySlice<String>, at path: inout [String], into found: inout Set<JSONPointer>) {
        guard let head = pattern.first else {
            found.insert(JSONPointer(path))
            return
        }
        let rest = pattern.dropFirst()
        if head == "**" { collect(node, pattern: rest, at: &path, into: &found) }
        let next = head == "**" ? pattern : rest
        switch node {
        case let .object(members):
            // A literal segment descends into its member only; the globs into every one.
            for member in members where head == "*" || head == "**" || head == member.key {
                path.append(member.key)
                collect(member.value, pattern: next, at: &path, into: &found)
                path.removeLast()
            }
        case let .array(elements):
            for (offset, element) in elements.enumerated() {
                let key = String(offset)
                guard head == "*" || head == "**" || head == key else { continue }
                path.append(key)
                collect(element, pattern: next, at: &path, into: &found)
                path.removeLast()
            }
        default:
            break
        }
    }
}
