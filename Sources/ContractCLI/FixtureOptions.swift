import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// Flags shared by the verbs that read fixtures.
package struct FixtureOptions: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "The fixtures folder (default: the project file's \"fixtures\", else Fixtures).")
    package var fixtures: String?

    @Option(name: .long, help: "Only fixtures whose endpoint id or path matches this id or glob (e.g. place-*, chains/404*).")
    package var filter: String?

    @Option(name: .long, help: "Only fixtures of this contract (\(Contract.knownList), or all); default: replay runs all, each under its own; live verbs run the project file's liveContracts.")
    package var contract: String?

    @OptionGroup package var projectFlags: ProjectFlags

    /// The folder when neither `--fixtures` nor the project file names one.
    package static let defaultFolder = "Fixtures"

    /// The folder: `--fixtures`, else the project file's, else `Fixtures` (after `adopt(_:)`).
    package var folder: String { fixtures ?? Self.defaultFolder }

    package var fixturesURL: URL { URL(fileURLWithPath: folder) }

    package var loader: FixtureLoader { FixtureLoader(root: fixturesURL) }

    /// Where `fixtures` came from when the project file gave it (`fsq-contract.json "fixtures"`), for messages;
    /// set by `adopt()`, never parsed: `CodingKeys` leaves it out, so it is no option, hidden or not.
    package var fixturesSource: String? = nil

    /// The parsed properties only.
    enum CodingKeys: String, CodingKey { case fixtures, filter, contract, projectFlags }

    /// How messages name the folder: the flag, or the project file's key when that is where it came from.
    package var folderSource: String { fixturesSource ?? "--fixtures" }

    /// Reads the project file and takes its fixtures folder unless `--fixtures` was given.
    package mutating func adopt() throws(UsageFailure) -> ProjectFile {
        let project = try projectFlags.load()
        if fixtures == nil, let folder = project.fixtures {
            fixtures = folder
            fixturesSource = "\(project.name) \"fixtures\":"
        }
        return project
    }

    /// The line that says which contracts the project file left out of a live verb, naming those the folder has
    /// fixtures of (a project with no seed fixtures is not told every night that seed was left out). Walks the folder
    /// again: for a verb that wrote into it (record); the others pass what they read.
    package func leftOutLine(_ selection: ContractSelection) -> String? {
        guard selection.leftOut.isEmpty == false, let files = try? discover() else { return nil }
        return leftOutLine(selection, loaded: files.map(loader.load))
    }

    /// `leftOutLine` over the files a run already read: every file of the folder, loaded.
    package func leftOutLine(_ selection: ContractSelection, loaded all: [LoadedFixture]) -> String? {
        guard selection.leftOut.isEmpty == false else { return nil }
        let present = Set(all.compactMap { item -> ContractID? in if case let .fixture(fixture) = item { fixture.contract } else { nil } })
        return selection.leftOutLine(among: present)
    }

    /// Counts the walks of the fixtures folder (`discover`) in a task: a test's seam for "a run walks it once".
    @TaskLocal package static var folderWalks: Locked<Int>?

    /// The contracts to run: `--contract`, else for a live verb the project's `liveContracts`, else all.
    package func selection(project: ProjectFile, live: Bool) throws(UsageFailure) -> ContractSelection {
        do {
            return try ContractSelection(flag: contract, project: project, live: live)
        } catch {
            throw UsageFailure(error.description)
        }
    }

    /// The files to run, in run order, filtered by `--filter`; exits 2 when the folder is missing or nothing matches.
    package func discover() throws -> DiscoveredFiles {
        Self.folderWalks?.withLock { $0 += 1 }
        let files: DiscoveredFiles
        do {
            files = try loader.discoverCompact()
        } catch let error as FixtureError {
            throw UsageFailure("\(folderSource) \(folder): \(error.reason)" + (fixturesSource == nil ? "" : "; fix the key, or pass --fixtures"))
        }
        let filter = FixtureFilter(filter)
        let selected = files.filter { filter.matches(endpoint: $0.suite, path: $0.relativePath) }
        if selected.isEmpty {
            if let pattern = filter.pattern { throw UsageFailure("--filter '\(pattern)' matches no fixture in \(folder)") }
            throw UsageFailure("\(folderSource) \(folder): no fixture files (*.json in <endpoint>/ folders)")
        }
        return selected
    }

    /// Loads the selected fixtures of `selection`'s contracts into memory (record, drift); exits 2 when the folder
    /// is missing or nothing matches.
    package func load(_ selection: ContractSelection) throws -> [LoadedFixture] {
        try select(try discover().map(loader.load), selection)
    }

    /// Of every file of the folder, loaded, those of `selection`'s contracts (and the broken ones), synthesized
    /// fixtures left out (the live verbs' reading: there is no recording to compare); exits 2 when `--contract`
    /// matches none.
    package func select(_ all: [LoadedFixture], _ selection: ContractSelection) throws -> [LoadedFixture] {
        let loaded = all.filter { item in
            if case let .fixture(fixture) = item { return selection.includes(contract: fixture.contract) && !fixture.isReplayOnly }
            return true
        }
        if loaded.isEmpty, let contracts = selection.contracts {
            throw UsageFailure("--contract \(contracts.map(\.rawValue).joined(separator: ", ")) matches no fixture in \(folder)")
        }
        return loaded
    }
}
