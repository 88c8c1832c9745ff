import FixtureFormat
import Foundation
@testable import OpenAPIConformance
import Testing
import TestSupport

/// The DocC article on departures lists the shipped overrides, the one place they are declared: an entry added,
/// changed or removed in the file without the article (or the other way round) fails here with the line to write.
@Suite("Departures article")
struct DeparturesArticleTests {
    static let article = Products.packageRoot.appendingPathComponent("Sources/FoursquarePlaces/FoursquarePlaces.docc/DocumentDepartures.md")

    /// `- `POINTER` (ACTION): REASON`, one per override in file order.
    static func lines(_ overrides: DocumentOverrides) -> [String] {
        overrides.overrides.map { override in
            let action: String
            switch override.action {
            case .set: action = "set"
            case .add: action = "add"
            case .drop: action = "drop"
            case .warn: action = "warn"
            case .require: action = "require"
            }
            return "- `\(override.pointer)` (\(action)): \(override.reason)"
        }
    }

    @Test func theArticleListsEveryShippedOverride() throws {
        let overrides = try DocumentOverrides(path: GeneratorDocument.shippedOverrides.path)
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Declared departures").last)
        let listed = section.split(separator: "\n").map(String.init).filter { $0.hasPrefix("- ") }
        let expected = Self.lines(overrides)
        #expect(listed == expected, "the article's list, to paste under ## Declared departures:\n\(expected.joined(separator: "\n"))")
        #expect(overrides.overrides.contains { if case .require = $0.action { true } else { false } })
    }

    @Test func requireTakesOneProperty() {
        #expect(throws: DocumentLoadError.self) {
            try DocumentOverrides(data: Data(#"{"overrides": [{"pointer": "/paths/x/properties/*", "require": true, "reason": "r"}]}"#.utf8), source: "t")
        }
        #expect(throws: DocumentLoadError.self) {
            try DocumentOverrides(data: Data(#"{"overrides": [{"pointer": "/paths/x/items", "require": true, "reason": "r"}]}"#.utf8), source: "t")
        }
    }

    @Test func requireAddsToTheObjectsRequiredOnce() throws {
        let overrides = try DocumentOverrides(data: Data(#"""
            {"overrides": [{"pointer": "/s/properties/id", "require": true, "reason": "ids"},
                           {"pointer": "/s/properties/id", "require": true, "reason": "twice"}]}
            """#.utf8), source: "t")
        var tree = try JSONSpan.parse(Data(#"{"s": {"type": "object", "required": ["name"], "properties": {"id": {}, "name": {}}}}"#.utf8))
        let applied = overrides.apply(to: &tree)
        #expect(applied.applied == 2)
        #expect(String(decoding: tree.member("s")!.member("required")!.jsonData, as: UTF8.self) == #"["name","id"]"#)
    }
}
