import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces

/// Flags shared by the verbs that read fixtures.
struct FixtureOptions: ParsableArguments {
    @Option(name: .long, help: "The fixtures folder.")
    var fixtures: String = "Fixtures"

    @Option(name: .long, help: "Only fixtures whose endpoint id or path matches this id or glob (e.g. place-*, chains/404*).")
    var filter: String?

    @Option(name: .long, help: "Only fixtures of this contract (\(Contracts.known.joined(separator: ", "))); default: all, each under its own.")
    var contract: String?

    var fixturesURL: URL { URL(fileURLWithPath: fixtures) }

    var loader: FixtureLoader { FixtureLoader(root: fixturesURL) }

    /// The contract asked for, checked against the known ones.
    func selectedContract() throws(UsageFailure) -> String? {
        guard let contract else { return nil }
        guard Contracts.known.contains(contract) else {
            throw UsageFailure("--contract '\(contract)' is not a known contract (known: \(Contracts.known.joined(separator: ", ")))")
        }
        return contract
    }

    /// Whether a loaded fixture belongs to the selected contract (every fixture when none is selected).
    func includes(_ fixture: Fixture) -> Bool { contract == nil || fixture.contract == contract }

    /// The files to run, in run order, filtered by `--filter`; exits 2 when the folder is missing or nothing matches.
    func discover() throws -> DiscoveredFiles {
        let files: DiscoveredFiles
        do {
            files = try loader.discoverCompact()
        } catch let error as FixtureError {
            throw UsageFailure("--fixtures \(fixtures): \(error.reason)")
        }
        let filter = FixtureFilter(filter)
        let selected = files.filter { filter.matches(endpoint: $0.suite, path: $0.relativePath) }
        if selected.isEmpty {
            if let pattern = filter.pattern { throw UsageFailure("--filter '\(pattern)' matches no fixture in \(fixtures)") }
            throw UsageFailure("--fixtures \(fixtures): no fixture files (*.json in <endpoint>/ folders)")
        }
        return selected
    }

    /// Loads the selected fixtures into memory (record, drift); exits 2 when the folder is missing or nothing matches.
    func load() throws -> [LoadedFixture] {
        _ = try selectedContract()
        let loaded = try discover().map(loader.load).filter { item in
            if case let .fixture(fixture) = item { return includes(fixture) }
            return true
        }
        if loaded.isEmpty, let contract { throw UsageFailure("--contract \(contract) matches no fixture in \(fixtures)") }
        return loaded
    }
}

/// Which auth styles to run.
enum AuthChoice: String, ExpressibleByArgument, CaseIterable {
    case apiKey, bearer, both

    var styles: [AuthStyle] {
        switch self {
        case .apiKey: return [.apiKey]
        case .bearer: return [.bearer]
        case .both: return AuthStyle.allCases
        }
    }
}

/// A usage or configuration problem: one line on stderr and exit 2 (`FSQContract.runCommandLine` does both).
struct UsageFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes `text` and a newline to standard error.
func writeStderr(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
