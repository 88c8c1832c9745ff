import FixtureFormat
import Foundation
@testable import HarnessDrift
import Testing

@Suite struct DriftConfigTests {
    func load(_ json: String) throws(FixtureError) -> DriftConfig {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drift-config-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try? Data(json.utf8).write(to: folder.appendingPathComponent(FixtureLoader.driftConfigName))
        return try DriftConfig.load(fixturesRoot: folder)
    }

    @Test func aMisspelledTopLevelKeyNamesTheFileTheKeyAndTheKnownOnes() {
        #expect { try load(#"{"ignored": ["$.results[*].distance"]}"#) } throws: { error in
            let text = "\(error)"
            return text.contains(FixtureLoader.driftConfigName) && text.contains("$.ignored")
                && text.contains("unknown key 'ignored'") && text.contains("ignore, grades, endpoints")
        }
    }

    @Test func aMisspelledKeyInsideAnEndpointIsRefusedToo() {
        #expect { try load(#"{"endpoints": {"place-search": {"grade": {"$.x": "INFO"}}}}"#) } throws: { error in
            "\(error)".contains("$.endpoints.place-search.grade") && "\(error)".contains("unknown key 'grade'")
        }
    }

    @Test func aValidConfigStillLoads() throws {
        let config = try load(#"{"ignore": ["$.a"], "grades": {"$.b": "warn"}, "endpoints": {"chains": {"ignore": ["$.c"]}}}"#)
        #expect(config.ignores("$.a", endpoint: "place-search"))
        #expect(config.ignores("$.c", endpoint: "chains") && !config.ignores("$.c", endpoint: "place-search"))
        #expect(config.grade(for: "$.b", endpoint: "chains") == .warn)
    }
}
