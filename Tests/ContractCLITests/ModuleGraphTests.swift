import Foundation
import Testing
import TestSupport

/// The harness's modules and their edges are written once, in docs/design-notes.md ("The harness's module graph"),
/// and Package.swift must say the same: a new edge is a decision to write down, not a convenience.
@Suite("the harness's module graph")
struct ModuleGraphTests {
    /// The modules the graph holds besides the `Harness*` ones: the flags (the main job's), the live work, and
    /// spec-diff beside the document checks.
    static let verbModules: Set<String> = ["ContractCLI", "LiveVerbs", "SpecDiff"]

    /// The modules that parse flags: every other library module of Sources/ is below them and takes plain values.
    static let flagModules: Set<String> = ["ContractCLI", "EmulatorCLI"]

    /// The modules a module below the CLI must not import: the flags' parser, and the CLI itself.
    static let cliModules = ["ArgumentParser", "ContractCLI"]

    /// The `import` lines of `source` that name one of `modules` (`@testable`, `@_exported` and access levels too).
    static func imports(of modules: [String], in source: String) -> [String] {
        source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            let words = line.split(separator: " ").map(String.init).filter { !$0.hasPrefix("@") && !["package", "public", "internal"].contains($0) }
            return words.count >= 2 && words[0] == "import" && modules.contains(words[1])
        }
    }

    /// `module: dependency, …` lines of the design notes' `module-graph` block.
    static func documentedGraph() throws -> [String: Set<String>] {
        let url = Products.packageRoot.appendingPathComponent("docs/design-notes.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "```module-graph\n"), "docs/design-notes.md has no module-graph block")
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        var graph: [String: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where !line.isEmpty {
            let parts = line.split(separator: ":", maxSplits: 1)
            try #require(parts.count == 2, "not `module: dependencies`: \(line)")
            let module = parts[0].trimmingCharacters(in: .whitespaces)
            graph[module] = Set(parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return graph
    }

    @Test func packageSwiftHasExactlyTheDocumentedEdges() async throws {
        let documented = try Self.documentedGraph()
        let manifest = try await Manifest.load()
        // Each module's test target (HarnessCoreTests) shares its prefix; the graph is of the modules.
        let harness = manifest.dependencies.keys.filter {
            ($0.hasPrefix("Harness") && !manifest.testTargets.contains($0)) || Self.verbModules.contains($0)
        }
        #expect(manifest.testTargets.contains("HarnessCoreTests"), "no test target HarnessCoreTests: \(manifest.testTargets.sorted())")
        // Not vacuous: every harness module is documented, and the block names the eight of them and the two verb modules.
        #expect(Set(harness) == Set(documented.keys), "Package.swift: \(harness.sorted()); design notes: \(documented.keys.sorted())")
        #expect(documented.count >= 10)
        for module in harness.sorted() {
            let declared = manifest.targetDependencies(of: module)
            let written = documented[module] ?? []
            for extra in declared.subtracting(written).sorted() {
                Issue.record("Package.swift gives \(module) a dependency on \(extra), which docs/design-notes.md's module graph does not list")
            }
            for missing in written.subtracting(declared).sorted() {
                Issue.record("docs/design-notes.md says \(module) depends on \(missing); Package.swift does not")
            }
        }
    }

    @Test func theDocumentedGraphHasNoCycle() throws {
        let graph = try Self.documentedGraph()
        var state: [String: Int] = [:]  // 1: on the path, 2: done
        func visit(_ module: String, _ path: [String]) {
            if state[module] == 2 { return }
            if state[module] == 1 { Issue.record("cycle: \((path + [module]).joined(separator: " → "))"); return }
            state[module] = 1
            for next in graph[module] ?? [] { visit(next, path + [module]) }
            state[module] = 2
        }
        for module in graph.keys.sorted() { visit(module, []) }
    }

    /// The main job (replay) compiles only the core, the contract checks, the reports and replay of the harness,
    /// the project file and the jobs.
    @Test func theMainJobReachesOnlyCoreContractChecksReportsAndReplay() async throws {
        let manifest = try await Manifest.load()
        let closure = try await manifest.closure(of: "HarnessReplay", traits: ["Harness"])
        #expect(Set(closure.targets.filter { $0.hasPrefix("Harness") }) == ["HarnessReplay", "HarnessContractChecks", "HarnessCore"])
        let reports = try await manifest.closure(of: "HarnessReports", traits: ["Harness"])
        #expect(Set(reports.targets.filter { $0.hasPrefix("Harness") }) == ["HarnessReports", "HarnessCore"])
        let mainJob = try await manifest.closure(of: "fsq-contract", traits: ["Harness"])
        #expect(Set(mainJob.targets.filter { $0.hasPrefix("Harness") })
                    == ["HarnessCore", "HarnessContractChecks", "HarnessReports", "HarnessReplay", "HarnessProject", "HarnessJobs"],
                "\(mainJob.targets.sorted())")
    }

    /// The work takes plain values: no module below the CLI depends on ArgumentParser or ContractCLI, in Package.swift
    /// or in an `import` of its sources, so the flags are resolved once, above it.
    @Test func noModuleBelowTheCLIImportsArgumentParserOrTheCLI() async throws {
        let manifest = try await Manifest.load()
        let sources = Products.packageRoot.appendingPathComponent("Sources")
        let below = manifest.targetTypes.filter { name, type in
            type == "regular" && !Self.flagModules.contains(name)
                && FileManager.default.fileExists(atPath: sources.appendingPathComponent(name).path)
        }.keys.sorted()
        // Not vacuous: the live work and the jobs are among them, and the scan finds the CLI's own imports.
        #expect(below.contains("LiveVerbs") && below.contains("HarnessJobs") && below.contains("HarnessReplay"), "\(below)")
        let cliSource = try String(contentsOf: sources.appendingPathComponent("ContractCLI/RunCommand.swift"), encoding: .utf8)
        #expect(Self.imports(of: Self.cliModules, in: cliSource) == ["import ArgumentParser"])
        #expect(Self.imports(of: Self.cliModules, in: "@testable import ContractCLI\nimport ArgumentParserToo") == ["@testable import ContractCLI"])
        for module in below {
            let declared = manifest.targetDependencies(of: module).union(manifest.productDependencies(of: module))
            for name in Self.cliModules where declared.contains(name) {
                Issue.record("Package.swift gives \(module), a module below the CLI, a dependency on \(name): resolve the flags in ContractCLI and pass plain values")
            }
            let folder = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files {
                for line in Self.imports(of: Self.cliModules, in: try String(contentsOf: file, encoding: .utf8)) {
                    Issue.record("Sources/\(module)/\(file.lastPathComponent): '\(line)': a module below the CLI takes plain values, not flags")
                }
            }
        }
    }
}
