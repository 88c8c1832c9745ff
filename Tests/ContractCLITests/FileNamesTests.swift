import Foundation
import Testing
import TestSupport

/// A file holds the type it is named for: `Name.swift` declares `Name` (a type or an extension), and
/// `Name+Concern.swift` extends `Name`.
@Suite("file names")
struct FileNamesTests {
    /// Files that hold no type by design: an executable's entry point, the core's re-export of the fixture format.
    static let noType: Set<String> = ["HarnessCore/Exports.swift"]

    /// The names a file declares: `struct Name`, `extension Outer.Name` (`Outer.Name`, `Name` and `Outer`: a file of
    /// conveniences on a contract's models, `Contract20250617+Conveniences.swift`, extends its namespace), and so on.
    static func declaredNames(in text: String) throws -> Set<String> {
        let declaration = try Regex(#"(?m)^[ \t]*(?:@[\w.]+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated|open)[ \t]+)*(?:struct|enum|class|actor|protocol|typealias|extension)[ \t]+([\w.]+)"#)
        var names: Set<String> = []
        for match in text.matches(of: declaration) {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            names.insert(name)
            names.insert(String(name.split(separator: ".").last ?? Substring(name)))
            names.insert(String(name.split(separator: ".").first ?? Substring(name)))
        }
        return names
    }

    /// Sources/ paths of files that declare no type or extension matching their name, and how many files were read.
    static func mismatches() throws -> (paths: [String], read: Int) {
        let sources = Products.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var found: [String] = []
        var read = 0
        for case let path as String in walker where path.hasSuffix(".swift") {
            let file = (path as NSString).lastPathComponent
            guard file != "main.swift", !noType.contains(path) else { continue }
            let named = String(file.dropLast(".swift".count).split(separator: "+").first ?? "")
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            read += 1
            if try !declaredNames(in: text).contains(named) { found.append(path) }
        }
        return (found.sorted(), read)
    }

    @Test func everySourceFileHoldsTheTypeItIsNamedFor() throws {
        let (found, read) = try Self.mismatches()
        #expect(read > 100, "read only \(read) files under Sources/")
        for path in found {
            Issue.record("Sources/\(path) declares no type or extension named as the file is: rename or split it so it holds the type it is named for")
        }
    }

    @Test func aFileNamedForATypeItDoesNotDeclareIsFound() throws {
        #expect(try Self.declaredNames(in: "package struct ReplayRunner: Sendable {}\nextension DriftChangelog.Level {}\n")
            == ["ReplayRunner", "DriftChangelog.Level", "Level", "DriftChangelog"])
        #expect(try !Self.declaredNames(in: "/// struct Watchdog\npackage final class RunPipeline {}\n").contains("Watchdog"))
    }
}
