import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessProject
import HarnessReplay

/// The fixtures folder a verb reads, resolved from `--fixtures`, `--filter`, `--contract` and the project file.
package struct FixtureFolder: Sendable {
    /// The folder when neither `--fixtures` nor the project file names one.
    package static let defaultFolder = "Fixtures"

    /// The folder's path.
    package var folder: String
    /// `--filter`: only fixtures whose endpoint id or path matches it.
    package var filter: String?
    /// `--contract` as given, for the report's `contract` property.
    package var contract: String?
    /// Where `folder` came from when the project file gave it (`fsq-contract.json "fixtures":`), for messages.
    package var fixturesSource: String?

    /// The folder `folder`, `filter` and `contract`; `fixturesSource` when the project file named it.
    package init(folder: String = Self.defaultFolder, filter: String? = nil, contract: String? = nil, fixturesSource: String? = nil) {
        self.folder = folder
        self.filter = filter
        self.contract = contract
        self.fixturesSource = fixturesSource
    }

    package var fixturesURL: URL { URL(fileURLWithPath: folder) }

    package var loader: FixtureLoader { FixtureLoader(root: fixturesURL) }

    /// How messages name the folder: the flag, or the project file's key when that is where it came from.
    package var folderSource: String { fixturesSource ?? "--fixtures" }

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
