import Foundation
import Testing

/// The files of the optional third-party consumer checks: the Jenkins xUnit, Ant (windyroad) and Surefire JUnit
/// XSDs, CTRF's JSON Schema and JSON Schema's own test suite. They are not the package's to ship, so they are read
/// from the `folders` below in the shared folder beside the clone (or further up, from a worktree), as CI has them; a
/// clone with nothing beside it skips these checks, saying so. Nothing else a test reads comes from outside the package.
public enum ConsumerSchemas {
    /// Why a consumer check did not run.
    public static let reason = "an optional third-party consumer check: needs the consumers' schemas beside the clone (shared/junit-schemas, report-schemas, json-schema-test-suite)"

    /// The only folders of the shared folder a test may read.
    public static let folders: Set<String> = ["junit-schemas", "report-schemas", "json-schema-test-suite"]

    /// JSON Schema's test suite, draft 2020-12, or nil when it is not beside the clone.
    public static let jsonSchemaTestSuite: URL? = file("json-schema-test-suite/draft2020-12")

    /// `shared/<relative>` beside the package, or nil when it is not there.
    public static func file(_ relative: String) -> URL? {
        precondition(folders.contains(String(relative.prefix { $0 != "/" })), "\(relative) is not a consumer schema: the package carries what it needs")
        var folder = Products.packageRoot
        for _ in 0..<3 {
            folder = folder.deletingLastPathComponent()
            let candidate = folder.appendingPathComponent("shared").appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// A JUnit XSD of `shared/junit-schemas/`, or nil after a warning that names the check skipped.
    public static func junitXSD(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        found("junit-schemas/" + name, sourceLocation: sourceLocation)
    }

    /// `shared/<relative>`, or nil after a warning (not a failure) naming what was skipped and why.
    public static func found(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        if let url = file(relative) { return url }
        Issue.record("skipped the check against \(relative): \(reason)", severity: .warning, sourceLocation: sourceLocation)
        return nil
    }
}
