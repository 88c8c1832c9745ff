import Foundation
import FoursquarePlaces

/// `Fixtures/drift-config.json`: paths to ignore and grades to override, globally or per endpoint.
///
/// ```json
/// { "ignore": ["$.results[*].distance"],
///   "grades": { "$.results[*].geocodes": "INFO" },
///   "endpoints": { "place-search": { "ignore": ["$.results[*].location.*"], "grades": {} } } }
/// ```
/// Patterns are JSON paths as drift prints them; `*` matches any run of characters (`[*]` is literal).
public struct DriftConfig: Sendable {
    public struct Rules: Sendable {
        public var ignore: [String] = []
        public var grades: [String: DriftGrade] = [:]
    }

    public var global = Rules()
    public var endpoints: [String: Rules] = [:]

    public init() {}

    /// Reads the config from the fixtures folder; a missing file is an empty config.
    public static func load(fixturesRoot: URL) throws(FixtureError) -> DriftConfig {
        let url = fixturesRoot.appendingPathComponent(FixtureLoader.driftConfigName)
        guard FileManager.default.fileExists(atPath: url.path) else { return DriftConfig() }
        let file = FixtureLoader.driftConfigName
        let root = try FixtureLoader.readJSON(url, file: file).object()
        try rejectUnknownKeys(root, known: ["ignore", "grades", "endpoints"])
        var config = DriftConfig()
        config.global = try rules(root)
        if let endpoints = try root.optional("endpoints")?.object() {
            for (name, value) in endpoints.object {
                guard EndpointID(rawValue: name) != nil else {
                    throw FixtureError(file: file, jsonPath: "$.endpoints.\(name)", reason: "unknown endpoint id")
                }
                let rulesNode = try Node(value: value, path: "$.endpoints.\(name)", file: file).object()
                try rejectUnknownKeys(rulesNode, known: ["ignore", "grades"])
                config.endpoints[name] = try rules(rulesNode)
            }
        }
        return config
    }

    /// A misspelled key would otherwise change nothing, and drift would grade as if the config were not there.
    static func rejectUnknownKeys(_ node: ObjectNode, known: [String]) throws(FixtureError) {
        guard let unknown = node.object.keys.sorted().first(where: { !known.contains($0) }) else { return }
        throw FixtureError(file: node.file, jsonPath: ObjectNode.childPath(node.path, unknown),
                           reason: "unknown key '\(unknown)' (known here: \(known.joined(separator: ", "))); fix or remove it")
    }

    static func rules(_ node: ObjectNode) throws(FixtureError) -> Rules {
        var rules = Rules()
        rules.ignore = try node.optional("ignore")?.stringArray() ?? []
        for (pattern, grade) in try node.optional("grades")?.stringMap() ?? [:] {
            guard let value = DriftGrade(rawValue: grade.uppercased()) else {
                throw FixtureError(file: node.file, jsonPath: "\(node.path).grades", reason: "'\(grade)' is not INFO, WARN or ERR")
            }
            rules.grades[pattern] = value
        }
        return rules
    }

    public func ignores(_ path: String, endpoint: String) -> Bool {
        (global.ignore + (endpoints[endpoint]?.ignore ?? [])).contains { Self.matches($0, path) }
    }

    /// The override for `path`; the endpoint's rules win over global ones.
    public func grade(for path: String, endpoint: String) -> DriftGrade? {
        for rules in [endpoints[endpoint], global].compactMap({ $0 }) {
            if let match = rules.grades.first(where: { Self.matches($0.key, path) }) { return match.value }
        }
        return nil
    }

    static func matches(_ pattern: String, _ path: String) -> Bool {
        let marker = "\u{1}"
        let p = pattern.replacingOccurrences(of: "[*]", with: marker)
        let s = path.replacingOccurrences(of: "[*]", with: marker)
        return p == s || fnmatch(p, s, FNM_NOESCAPE) == 0
    }
}
