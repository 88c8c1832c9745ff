import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessReports

/// `Fixtures/drift-config.json`: paths to ignore and grades to override, globally or per endpoint.
///
/// ```json
/// { "ignore": ["$.results[*].distance"],
///   "grades": { "$.results[*].geocodes": "INFO" },
///   "endpoints": { "place-search": { "ignore": ["$.results[*].location.*"], "grades": {} } } }
/// ```
/// Patterns are JSON paths as drift prints them; `*` matches any run of characters (`[*]` is literal).
package struct DriftConfig: Sendable, Decodable {
    package struct Rules: Sendable, Decodable {
        package var ignore: [String] = []
        package var grades: [String: DriftGrade] = [:]

        package init() {}

        package init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(decoder, known: ["ignore", "grades"])
            try self.init(decoder)
        }

        /// The rules at `decoder`'s object, whatever other keys it holds.
        init(_ decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ConfigFile.AnyKey.self)
            ignore = try container.decodeIfPresent([String].self, forKey: .init(stringValue: "ignore")) ?? []
            let gradesKey = ConfigFile.AnyKey(stringValue: "grades")
            for (pattern, grade) in try container.decodeIfPresent([String: String].self, forKey: gradesKey) ?? [:] {
                guard let value = DriftGrade(rawValue: grade.uppercased()) else {
                    throw ConfigFile.InvalidValue(codingPath: decoder.codingPath + [gradesKey],
                                                  reason: "'\(grade)' is not INFO, WARN or ERR")
                }
                grades[pattern] = value
            }
        }
    }

    package var global = Rules()
    package var endpoints: [String: Rules] = [:]

    package init() {}

    package init(from decoder: any Decoder) throws {
        try ConfigFile.rejectUnknownKeys(decoder, known: ["ignore", "grades", "endpoints"])
        global = try Rules(decoder)
        let container = try decoder.container(keyedBy: ConfigFile.AnyKey.self)
        let endpointsKey = ConfigFile.AnyKey(stringValue: "endpoints")
        endpoints = try container.decodeIfPresent([String: Rules].self, forKey: endpointsKey) ?? [:]
        if let unknown = endpoints.keys.sorted().first(where: { EndpointID(rawValue: $0) == nil }) {
            throw ConfigFile.InvalidValue(codingPath: decoder.codingPath + [endpointsKey, ConfigFile.AnyKey(stringValue: unknown)],
                                          reason: "unknown endpoint id")
        }
    }

    /// Reads the config from the fixtures folder; a missing file is an empty config.
    package static func load(fixturesRoot: URL) throws(FixtureError) -> DriftConfig {
        let url = fixturesRoot.appendingPathComponent(FixtureLoader.driftConfigName)
        guard FileManager.default.fileExists(atPath: url.path) else { return DriftConfig() }
        return try ConfigFile.decode(DriftConfig.self, from: url, file: FixtureLoader.driftConfigName)
    }

    package func ignores(_ path: String, endpoint: String) -> Bool {
        (global.ignore + (endpoints[endpoint]?.ignore ?? [])).contains { Self.matches($0, path) }
    }

    /// The override for `path`; the endpoint's rules win over global ones.
    package func grade(for path: String, endpoint: String) -> DriftGrade? {
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
