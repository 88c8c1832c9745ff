import Foundation
import Testing

/// A contract is one folder: the types a version's folder declares are named nowhere else in Sources/FoursquarePlaces
/// but in the one list of contracts (a later version's folder may name them: it reuses an earlier version's
/// operations). Read from the source tree, so a new file that reaches into a version fails here.
@Suite("A contract is one folder")
struct ContractFolderTests {
    static let library = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/FoursquarePlaces")

    @Test("no file outside a version's folder names its types, apart from the list of contracts")
    func versionTypesStayInTheirFolder() throws {
        let files = try Self.swiftFiles(under: Self.library)
        #expect(files.count > 20, "read \(files.count) files under \(Self.library.path)")
        let versions = Set(files.compactMap(\.version))
        #expect(versions.isSuperset(of: ["Seed", "V20250617"]), "\(versions.sorted())")
        let problems = ContractFolderRule.violations(in: files)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the rule finds a file that names a version's type, a namespace it adds, or a stale name")
    func ruleCanFail() {
        let files = [
            SourceFile(path: "Contracts/V1/Contract1.swift", text: """
                public enum Contract1: PlacesContract {}
                extension Endpoint {
                    package enum V1 { static let x = 1 }
                }
                """),
            SourceFile(path: "Catalog/Contract+All.swift", text: "let all = [Contract1.contract]"),
            SourceFile(path: "Contracts/V1/Requests.swift", text: "public struct SearchRequest<C> {}\npublic struct Answer<C> {}"),
            SourceFile(path: "Registry/Protocol.swift", text: "protocol P { associatedtype SearchRequest }"),
            SourceFile(path: "Contracts/Shared/Shared.swift", text: "let a: Answer<Contract1>? = nil"),
            SourceFile(path: "Client/Fine.swift", text: "// Contract1 in a comment\nlet s = \"Contract1\""),
            SourceFile(path: "Client/Leaky.swift", text: "extension PlacesClient where C == Contract1 {}"),
            SourceFile(path: "Registry/Leaky.swift", text: "let e = Endpoint.V1.x"),
            SourceFile(path: "Current/Stale.swift", text: "let a = 1"),
            SourceFile(path: "Client/Stale.swift", text: "enum CurrentThing {}"),
        ]
        let problems = ContractFolderRule.violations(in: files)
        #expect(problems.count == 6, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("Contracts/Shared/Shared.swift") && $0.contains("Answer") })
        #expect(!problems.contains { $0.contains("SearchRequest") }, "an associated type's name is shared")
        #expect(problems.contains { $0.hasPrefix("Client/Leaky.swift") && $0.contains("Contract1") })
        #expect(problems.contains { $0.hasPrefix("Registry/Leaky.swift") && $0.contains("V1") })
        #expect(problems.contains { $0.hasPrefix("Current/Stale.swift") })
        #expect(problems.contains { $0.hasPrefix("Client/Stale.swift") && $0.contains("CurrentThing") })
    }

    static func swiftFiles(under root: URL) throws -> [SourceFile] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        return try paths.sorted().map { path in
            SourceFile(path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }
}

/// One Swift file of the library, by its path under Sources/FoursquarePlaces.
struct SourceFile {
    let path: String
    let text: String

    /// The version folder the file is in (`Contracts/<version>/…`), if any; `Contracts/Shared/` holds what several
    /// versions declare once, and is no version's.
    var version: String? {
        let parts = path.split(separator: "/")
        return parts.count > 2 && parts[0] == "Contracts" && parts[1] != "Shared" ? String(parts[1]) : nil
    }
}

/// The rule: version folders own their types; the list of contracts is the one file outside them that names
/// them; no folder or identifier calls a version `Current` (it stops being current the day the next one ships).
enum ContractFolderRule {
    static let list = "Catalog/Contract+All.swift"

    static func violations(in files: [SourceFile]) -> [String] {
        var owned: [String: String] = [:]  // type name -> version
        for file in files { if let version = file.version { for name in declaredTypes(file.text) { owned[name] = version } } }
        // A version's generic request named like `PlacesContract`'s associated type (`PlaceSearchRequest<C>`) is
        // the protocol's name too, which shared code may say.
        for file in files where file.version == nil {
            for match in code(file.text).matches(of: /associatedtype\s+(\w+)/) { owned[String(match.1)] = nil }
        }
        var problems: [String] = []
        for file in files {
            if file.path.split(separator: "/").dropLast().contains("Current") {
                problems.append("\(file.path): a folder named Current")
            }
            let tokens = identifiers(code(file.text))
            for token in tokens.sorted() where token == "Current" || token.hasPrefix("Current") || token == "today" {
                problems.append("\(file.path): names \(token)")
            }
            guard file.version == nil, file.path != list else { continue }
            for token in tokens.sorted() {
                if let version = owned[token] { problems.append("\(file.path): names \(token), declared in Contracts/\(version)") }
            }
        }
        return problems
    }

    /// Types a version folder adds: its top-level declarations, and those it nests in a shared type's extension
    /// (such as its registry's `Endpoint.V20250617`).
    static func declaredTypes(_ text: String) -> Set<String> {
        var names = Set<String>()
        var extended: String?
        let declaration = /^( {4})?(?:(?:public|package|internal|fileprivate|private)\s+)?(?:enum|struct|class|actor|protocol|typealias)\s+(\w+)/
        let extensionLine = /^extension\s+(\w+)/
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.firstMatch(of: extensionLine) { extended = String(match.1); continue }
            if line.hasPrefix("}") { extended = nil; continue }
            guard let match = line.firstMatch(of: declaration) else { continue }
            if match.1 == nil { names.insert(String(match.2)) }
            else if let extended, !names.contains(extended), !["PlacesClient"].contains(extended) {
                // Nested directly in a shared type's extension: a namespace the version adds to it.
                if !isVersionType(extended, in: names) { names.insert(String(match.2)) }
            }
        }
        return names
    }

    private static func isVersionType(_ name: String, in names: Set<String>) -> Bool {
        names.contains(name) || name.hasPrefix("Contract") && name.dropFirst("Contract".count).allSatisfy(\.isNumber)
            || name == "SeedContract"
    }

    /// The text without comments and string literals.
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = String(line)
            line.replace(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            return line
        }.joined(separator: "\n")
    }

    static func identifiers(_ code: String) -> Set<String> {
        Set(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
    }
}
