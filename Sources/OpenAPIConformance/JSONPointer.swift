/// RFC 6901 JSON pointers over the document's tree, with two globs for overrides: `*` is any one segment and
/// `**` any number of them (Foursquare's document repeats the same inline schema under every path).
struct JSONPointer: Hashable, Comparable, CustomStringConvertible {
    var segments: [String]

    init(_ segments: [String]) { self.segments = segments }

    /// `/paths/~1places~1search/get` or `#/paths/...`; the empty pointer is the whole document.
    init(parsing text: String) {
        var body = Substring(text)
        if body.hasPrefix("#") { body = body.dropFirst() }
        if body.isEmpty { self.init([]); return }
        if body.hasPrefix("/") { body = body.dropFirst() }
        self.init(body.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        })
    }

    func appending(_ segment: String) -> JSONPointer { JSONPointer(segments + [segment]) }

    /// `#/paths/~1places~1search/get`.
    var description: String {
        "#" + segments.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// Whether `self` is `other` or inside it.
    func isWithin(_ other: JSONPointer) -> Bool {
        segments.count >= other.segments.count && Array(segments.prefix(other.segments.count)) == other.segments
    }

    static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.segments.lexicographicallyPrecedes(rhs.segments) }

    /// Every concrete pointer in `tree` this pattern matches, each once.
    func matches(in tree: Any) -> Set<JSONPointer> {
        var found = Set<JSONPointer>()
        Self.collect(tree, pattern: segments[...], at: [], into: &found)
        return found
    }

    private static func collect(_ node: Any, pattern: ArraySlice<String>, at path: [String], into found: inout Set<JSONPointer>) {
        guard let head = pattern.first else {
            found.insert(JSONPointer(path))
            return
        }
        let rest = pattern.dropFirst()
        if head == "**" {
            collect(node, pattern: rest, at: path, into: &found)
            for (key, child) in children(of: node) { collect(child, pattern: pattern, at: path + [key], into: &found) }
            return
        }
        for (key, child) in children(of: node) where head == "*" || head == key {
            collect(child, pattern: rest, at: path + [key], into: &found)
        }
    }

    static func children(of node: Any) -> [(String, Any)] {
        if let object = node as? [String: Any] { return object.map { ($0.key, $0.value) } }
        if let array = node as? [Any] { return array.enumerated().map { (String($0.offset), $0.element) } }
        return []
    }
}
