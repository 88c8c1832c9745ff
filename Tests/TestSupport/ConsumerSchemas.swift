import Foundation
import Testing

/// The files of the optional third-party consumer checks: the Jenkins xUnit, Ant (windyroad) and Surefire JUnit
/// XSDs, CTRF's JSON Schema and JSON Schema's own test suite. They are not the package's to ship, so they are read
/// from `../shared` beside the clone (or a folder further up, from a worktree), as CI has it; a clone with nothing beside it
/// skips these checks, saying so. Nothing else a test reads comes from outside the package.
public enum ConsumerSchemas {
    /// Why a consumer check did not run.
    public static let reason = "an optional third-party consumer check: needs ../shared beside the clone"

    /// `shared/<relative>` beside the package, or nil when it is not there.
    public static func file(_ relative: String) -> URL? {
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
