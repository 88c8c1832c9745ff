import Foundation
import Testing
import TestSupport

/// The library's folders depend one way, and the graph is written once, in docs/design-notes.md ("The library's
/// folder graph"): read from the source tree, so a file that names a type of a folder above its own fails here,
/// naming the file and the name.
@Suite("the library's folder graph")
struct LibraryFolderGraphTests {
    static let library = Products.packageRoot.appendingPathComponent("Sources/FoursquarePlaces")

    /// `Folder: dependency, …` lines of the design notes' `library-graph` block (a folder that depends on none has an
    /// empty list).
    static func documentedGraph() throws -> [String: Set<String>] {
        let url = Products.packageRoot.appendingPathComponent("docs/design-notes.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "```library-graph\n"), "docs/design-notes.md has no library-graph block")
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return try LibraryFolderGraph.parse(String(text[start.upperBound..<end.lowerBound]))
    }

    static func sources() throws -> [SourceFile] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: library.path).filter { $0.hasSuffix(".swift") }
        return try paths.sorted().map { path in
            SourceFile(path: path, text: try String(contentsOf: library.appendingPathComponent(path), encoding: .utf8))
        }
    }

    @Test("every edge between the library's folders is documented, and every documented edge is real")
    func theFoldersDependAsDocumented() throws {
        let documented = try Self.documentedGraph()
        let files = try Self.sources()
        let uses = LibraryFolderGraph.uses(in: files)
        let real = LibraryFolderGraph.graph(of: uses)
        // Not vacuous: the whole library is read, and its folders and edges are many.
        #expect(files.count >= 60, "read \(files.count) files under \(Self.library.path)")
        let folders = Set(files.map { LibraryFolderGraph.folder(of: $0.path) })
        #expect(folders.count >= 9, "\(folders.sorted())")
        #expect(real.values.map(\.count).reduce(0, +) >= 20, "\(real)")
        #expect(folders == Set(documented.keys),
                "the folders: \(folders.sorted()); docs/design-notes.md's library-graph: \(documented.keys.sorted())")
        let problems = LibraryFolderGraph.problems(uses: uses, documented: documented)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the documented graph has no cycle")
    func theDocumentedGraphHasNoCycle() throws {
        let cycles = LibraryFolderGraph.cycles(try Self.documentedGraph())
        #expect(cycles.isEmpty, "\(cycles.joined(separator: "\n"))")
    }

    @Test("the scanner reads declarations and names, not comments or strings, and finds a wrong edge")
    func scannerCanFail() throws {
        let files = [
            SourceFile(path: "Low/Alpha.swift", text: """
                /// Alpha, not Beta.
                @available(macOS 13, *) public struct Alpha {}
                extension Alpha {
                    public struct Nested {}
                    public static let shared = 1
                }
                func lowHelper() {}
                private let alphaSecret = 1
                """),
            SourceFile(path: "Low/Bad.swift", text: "let wrong = Beta(alpha: Alpha())"),
            SourceFile(path: "High/Beta.swift", text: """
                struct Beta {
                    let alpha: Alpha
                    func text() -> String { "Gamma \\(Alpha.Nested()) \\("Gamma")" }  // Gamma
                    /* Gamma /* nested */ Gamma */
                    let block = \"\"\"
                        Gamma
                        \"\"\"
                    let raw = #"Gamma "quoted" Gamma"#
                }
                """),
            SourceFile(path: "Mid/Gamma.swift", text: "enum Gamma { static let shared = lowHelper(); func f(alphaSecret: Int) {} }"),
            SourceFile(path: "Proto/P.swift", text: "protocol P {\n    associatedtype Request\n}"),
            SourceFile(path: "Impl/Request.swift", text: "struct Request: Sendable {\n    static let made = Request()\n}"),
            SourceFile(path: "User/Use.swift", text: "func send<T: P>(_ request: T.Request) {}"),
        ]
        let uses = LibraryFolderGraph.uses(in: files)
        let graph = LibraryFolderGraph.graph(of: uses)
        #expect(graph["High"] == ["Low"], "\(graph)")
        #expect(graph["Low"] == ["High"], "\(graph)")
        #expect(graph["Mid"] == ["Low"], "a top-level function is a name: \(graph)")
        #expect(graph["User"] == ["Proto"], "an associated type's name is the protocol's, not a type's of that name: \(graph)")
        #expect(graph["Impl"] == nil, "a folder's own type is its own, though a protocol names it too: \(graph)")
        #expect(uses.contains { $0.file == "High/Beta.swift" && $0.name == "Nested" }, "a type nested in an extension")
        #expect(!uses.contains { $0.name == "Gamma" }, "comments and strings name nothing: \(uses)")
        #expect(!uses.contains { $0.name == "alphaSecret" }, "a private declaration is its file's: \(uses)")

        let documented = try LibraryFolderGraph.parse("""
            Low:
            Mid: Low
            High: Low, Mid
            Proto:
            Impl:
            User: Proto
            """)
        let problems = LibraryFolderGraph.problems(uses: uses, documented: documented)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("Low/Bad.swift") && $0.contains("Beta") && $0.contains("Low → High") })
        #expect(problems.contains { $0.contains("High → Mid") && $0.contains("not real") })

        #expect(LibraryFolderGraph.cycles(documented).isEmpty)
        let cycles = LibraryFolderGraph.cycles(["Low": ["High"], "Mid": ["Low"], "High": ["Mid"]])
        #expect(cycles.count == 1 && cycles[0].contains("High → Mid → Low → High"), "\(cycles)")
        #expect(throws: (any Error).self) { try LibraryFolderGraph.parse("Low Mid") }
    }
}

/// The library's folder graph as the source says it: which folder declares which name, and which names each file uses.
enum LibraryFolderGraph {
    /// One name a file uses that another folder declares.
    struct Use: Hashable, CustomStringConvertible {
        let file: String
        let name: String
        let from: String
        let to: String
        let declaredIn: String
        var description: String { "\(file) names \(name) (declared in \(declaredIn)): \(from) → \(to)" }
    }

    struct NotAGraphLine: Error, CustomStringConvertible {
        let line: String
        var description: String { "not `Folder: dependency, …`: \(line)" }
    }

    /// The folder a file is in: the first component of its path under Sources/FoursquarePlaces (`Contracts/Seed/…`
    /// is `Contracts`).
    static func folder(of path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.count > 1 ? String(parts[0]) : "."
    }

    static func parse(_ block: String) throws -> [String: Set<String>] {
        var graph: [String: Set<String>] = [:]
        for line in block.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw NotAGraphLine(line: String(line)) }
            let dependencies = parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            graph[parts[0].trimmingCharacters(in: .whitespaces)] = Set(dependencies.filter { !$0.isEmpty })
        }
        return graph
    }

    // MARK: Declarations

    /// The names each file declares: its top-level types, functions and constants, and the types it nests in an
    /// extension (`extension Endpoint { package enum Seed`); an extension's other members are not names here. An
    /// associated type's name (`PlaceSearchRequest`) is the protocol's: a file that names it may mean the protocol's,
    /// so it resolves to the protocol's folder only.
    static func declarations(in files: [(path: String, code: String)]) -> Declarations {
        let topLevel = #/^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated|open)\s+)*(?:struct|enum|class|protocol|actor|typealias|func|let|var)\s+([A-Za-z_]\w*)/#
        let nestedType = #/^    (?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|open)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)/#
        let extensionLine = #/^(?:(?:public|package|internal|fileprivate|private)\s+)?extension\s+[\w.]+/#
        let associatedType = #/^\s+associatedtype\s+([A-Za-z_]\w*)/#
        var declared: [String: [String]] = [:]  // name -> the files that declare it
        var associated: [String: [String]] = [:]
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias", "func", "let", "var"]
        for file in files {
            var inExtension = false
            for line in file.code.split(separator: "\n") {
                if let match = line.firstMatch(of: associatedType) { associated[String(match.1), default: []].append(file.path); continue }
                guard let first = line.first else { continue }
                if first == "}" { inExtension = false; continue }
                if first != " " {
                    inExtension = line.firstMatch(of: extensionLine) != nil
                    // A private declaration is its file's: no other file can name it.
                    let modifiers = line.split(separator: " ").prefix { !keywords.contains($0) }
                    if let match = line.firstMatch(of: topLevel), !modifiers.contains("private"), !modifiers.contains("fileprivate") {
                        declared[String(match.1), default: []].append(file.path)
                    }
                } else if inExtension, let match = line.firstMatch(of: nestedType) {
                    declared[String(match.1), default: []].append(file.path)
                }
            }
        }
        return Declarations(files: declared.merging(associated) { $0 + $1 }, associated: associated)
    }

    struct Declarations {
        /// Every file that declares the name, as a type, function, constant or associated type.
        let files: [String: [String]]
        /// The protocols' files that declare the name as an associated type.
        let associated: [String: [String]]

        /// The files a use of `name` outside them depends on: the protocol's, for an associated type's name.
        func resolving(_ name: String) -> [String]? { associated[name] ?? files[name] }
    }

    // MARK: Uses

    /// Every name a file uses that is declared in another folder and not in its own.
    static func uses(in files: [SourceFile]) -> [Use] {
        let code = files.map { (path: $0.path, code: strip($0.text)) }
        let declared = declarations(in: code)
        var uses: [Use] = []
        let anyType = #/(?:struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)/#
        for file in code {
            let from = folder(of: file.path)
            // A type the file declares at any depth (`Icon.Size`) is what its own uses of that name mean.
            let local = Set(file.code.matches(of: anyType).map { String($0.1) })
            for name in identifiers(file.code).sorted() where !local.contains(name) {
                // A name the file's own folder declares is its own (the folder's type, or its protocol's associated type).
                guard let declaring = declared.resolving(name),
                      !(declared.files[name] ?? []).contains(where: { folder(of: $0) == from }) else { continue }
                var seen = Set<String>()
                for path in declaring where seen.insert(folder(of: path)).inserted {
                    uses.append(Use(file: file.path, name: name, from: from, to: folder(of: path), declaredIn: path))
                }
            }
        }
        return uses
    }

    static func graph(of uses: [Use]) -> [String: Set<String>] {
        var graph: [String: Set<String>] = [:]
        for use in uses { graph[use.from, default: []].insert(use.to) }
        return graph
    }

    /// An edge the source has and the block does not list (each file and name that makes it), and an edge the block
    /// lists that no file makes.
    static func problems(uses: [Use], documented: [String: Set<String>]) -> [String] {
        var problems: [String] = []
        for use in uses where !(documented[use.from] ?? []).contains(use.to) {
            problems.append("\(use): not in docs/design-notes.md's library-graph")
        }
        let real = graph(of: uses)
        for (folder, dependencies) in documented.sorted(by: { $0.key < $1.key }) {
            for dependency in dependencies.sorted() where !(real[folder] ?? []).contains(dependency) {
                problems.append("docs/design-notes.md's library-graph lists \(folder) → \(dependency), which is not real: no file in \(folder) names a name of \(dependency)")
            }
        }
        return problems
    }

    static func cycles(_ graph: [String: Set<String>]) -> [String] {
        var state: [String: Int] = [:]  // 1: on the path, 2: done
        var cycles: [String] = []
        func visit(_ folder: String, _ path: [String]) {
            if state[folder] == 2 { return }
            if state[folder] == 1 {
                let loop = path[path.firstIndex(of: folder)!...] + [folder]
                cycles.append("cycle: \(loop.joined(separator: " → "))")
                return
            }
            state[folder] = 1
            for next in (graph[folder] ?? []).sorted() { visit(next, path + [folder]) }
            state[folder] = 2
        }
        for folder in graph.keys.sorted() { visit(folder, []) }
        return cycles
    }

    // MARK: Scanning

    static func identifiers(_ code: String) -> Set<String> {
        var names = Set<String>()
        var current: [UInt8] = []
        func isStart(_ byte: UInt8) -> Bool { (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95 }
        func isPart(_ byte: UInt8) -> Bool { isStart(byte) || (byte >= 48 && byte <= 57) }
        for byte in code.utf8 {
            if current.isEmpty ? isStart(byte) : isPart(byte) {
                current.append(byte)
            } else if !current.isEmpty {
                names.insert(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { names.insert(String(decoding: current, as: UTF8.self)) }
        return names
    }

    /// The code without comments (nested block comments too) and the text of string literals (single-line,
    /// multi-line and raw); an interpolation's code stays. Line breaks are kept, so declarations stay on their lines.
    static func strip(_ text: String) -> String {
        var scanner = Stripper(bytes: Array(text.utf8))
        scanner.code(untilClosingParenthesis: false)
        return String(decoding: scanner.output, as: UTF8.self)
    }

    private struct Stripper {
        let bytes: [UInt8]
        var index = 0
        var output: [UInt8] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
            output.reserveCapacity(bytes.count)
        }

        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        mutating func code(untilClosingParenthesis: Bool) {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                    blockComment()
                case UInt8(ascii: "\""):
                    string()
                case UInt8(ascii: "#") where startsString():
                    string()
                case UInt8(ascii: "("):
                    depth += 1
                    output.append(byte)
                    index += 1
                case UInt8(ascii: ")"):
                    if untilClosingParenthesis && depth == 0 { index += 1; return }
                    depth -= 1
                    output.append(byte)
                    index += 1
                default:
                    output.append(byte)
                    index += 1
                }
            }
        }

        /// `#…#"` or `"` at the index.
        func startsString() -> Bool {
            var offset = 0
            while at(offset) == UInt8(ascii: "#") { offset += 1 }
            return at(offset) == UInt8(ascii: "\"")
        }

        mutating func blockComment() {
            var depth = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") { depth += 1; index += 2; continue }
                if bytes[index] == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                    continue
                }
                if bytes[index] == UInt8(ascii: "\n") { output.append(bytes[index]) }
                index += 1
            }
        }

        mutating func string() {
            var hashes = 0
            while bytes[index] == UInt8(ascii: "#") { hashes += 1; index += 1 }
            let multiline = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            output.append(contentsOf: Array("\"\"".utf8))
            let quotes = multiline ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ at(1 + $0) == UInt8(ascii: "#") }) {
                    index += 1 + hashes
                    if at(0) == UInt8(ascii: "(") {
                        index += 1
                        output.append(UInt8(ascii: " "))
                        code(untilClosingParenthesis: true)
                        output.append(UInt8(ascii: " "))
                    } else {
                        index += 1
                    }
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    output.append(byte)
                    index += 1
                    if !multiline { return }
                    continue
                }
                if byte == UInt8(ascii: "\""),
                   (0..<quotes).allSatisfy({ at($0) == UInt8(ascii: "\"") }),
                   (0..<hashes).allSatisfy({ at(quotes + $0) == UInt8(ascii: "#") }) {
                    index += quotes + hashes
                    return
                }
                index += 1
            }
        }
    }
}
