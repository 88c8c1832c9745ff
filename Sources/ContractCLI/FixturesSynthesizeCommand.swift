import ArgumentParser
import HarnessContractChecks
import HarnessCore
import HarnessJobs
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract fixtures synthesize`: writes the synthetic fixtures that close the coverage gaps, from each
/// contract's document (`FixtureSynthesis`); `--check` writes nothing and fails when the folder's differ.
package struct FixturesSynthesizeCommand: ParsableCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "synthesize",
        abstract: "Write synthetic fixtures from each contract's document, so every documented member, status and header form is exercised.",
        discussion: """
            For each documented operation with a fixture to take the request from, writes synthetic-*.json beside it: \
            two answers holding every documented member with distinct values, Retry-After in both RFC forms on 429 \
            and 503, a status no document lists (409), and each required status no other fixture answers with. Files \
            named synthetic-* are this command's: it rewrites them, and removes those it no longer writes.
            Exit status: 0 written (or, with --check, already as written); 1 with --check a file differs, is missing \
            or is left over; 2 usage or configuration error.
            """)

    @Argument(help: "The fixtures folder (default: --fixtures, else the project file's, else Fixtures).")
    package var path: String?

    @Flag(name: .long, help: "Write nothing; exit 1 when a synthetic fixture differs from what would be written.")
    package var check = false

    @OptionGroup package var fixtureOptions: FixtureOptions

    package func validate() throws {
        if path != nil, fixtureOptions.fixtures != nil { throw ValidationError("give the folder once: as PATH or as --fixtures") }
        if fixtureOptions.filter != nil { throw ValidationError("--filter: synthesize writes whole operations; use --contract to narrow it") }
    }

    package mutating func run() throws {
        var options = fixtureOptions
        if let path { options.fixtures = path }
        let project = try options.adopt()
        let selection = try options.selection(project: project, live: false)
        let folder = options.resolved
        let root = folder.fixturesURL
        let loaded: [LoadedFixture]
        do {
            loaded = try FixtureLoader(root: root).loadAll()
        } catch {
            throw UsageFailure("\(folder.folderSource) \(folder.folder): \(error); pass the folder that holds <endpoint>/<case>.json files")
        }
        var fixtures: [Fixture] = []
        for item in loaded {
            switch item {
            case let .fixture(fixture): fixtures.append(fixture)
            case let .broken(path, _, error):
                // A broken synthetic file is rewritten; any other broken file could be a template, and is named.
                if !(path as NSString).lastPathComponent.hasPrefix(FixtureSynthesis.prefix) {
                    throw UsageFailure("\(options.folder)/\(path): \(error.description); fix it, then synthesize again")
                }
            }
        }
        let contracts = selection.contracts.map(Set.init)
        let (files, skipped) = FixtureSynthesis.files(fixtures: fixtures, root: root, contracts: contracts)
        for problem in skipped { writeStderr("synthesize: \(problem)") }
        let written = Set(files.map(\.path))
        // Synthetic files of the contracts synthesized that are no longer written: left over from an older document.
        let leftOver = loaded.map(\.relativePath).filter { path in
            guard (path as NSString).lastPathComponent.hasPrefix(FixtureSynthesis.prefix), !written.contains(path) else { return false }
            guard case let .fixture(fixture)? = loaded.first(where: { $0.relativePath == path }) else { return true }
            // A contract no document describes (a version scaffolded before its document came) keeps its copies.
            return (contracts?.contains(fixture.contract) ?? true) && FixtureSynthesis.describes(fixture.contract)
        }
        var differing: [String] = []
        for file in files {
            let current = try? String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)
            if current != file.contents { differing.append(file.path) }
        }
        if check {
            let problems = differing.map { "\($0): differs from what synthesize writes" } + leftOver.map { "\($0): left over" }
            guard problems.isEmpty else {
                problems.prefix(20).forEach { print("synthesize --check: \($0)") }
                if problems.count > 20 { print("synthesize --check: … and \(problems.count - 20) more") }
                print("synthesize --check: \(problems.count) synthetic fixture(s) out of date: run `fsq-contract fixtures synthesize \(options.folder)`")
                throw ExitCode(1)
            }
            print("synthesize --check: \(files.count) synthetic fixtures are as written")
            if !skipped.isEmpty { throw ExitCode(1) }
            return
        }
        for path in differing {
            let url = root.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(Data(files.first { $0.path == path }!.contents.utf8), to: url)
            } catch {
                throw UsageFailure("\(options.folder)/\(path): cannot write: \(error.localizedDescription)")
            }
        }
        for path in leftOver { try? FileManager.default.removeItem(at: root.appendingPathComponent(path)) }
        let operations = Set(files.map { ($0.path as NSString).deletingLastPathComponent }).count
        print("synthesize: \(files.count) synthetic fixtures for \(operations) operations in \(options.folder) "
            + "(\(differing.count) written, \(files.count - differing.count) unchanged, \(leftOver.count) removed)")
        if !skipped.isEmpty { throw ExitCode(1) }
    }
}
