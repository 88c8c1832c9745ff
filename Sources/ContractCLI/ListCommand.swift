import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract list`: the endpoint catalog and the fixture coverage matrix.
package struct ListCommand: ParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print the endpoint catalog and the fixture coverage (contract × endpoint × status).")

    @Option(name: .long, help: "The fixtures folder (default: the project file's \"fixtures\", else Fixtures).")
    package var fixtures: String?

    @OptionGroup package var projectFlags: ProjectFlags

    @Flag(name: .long, help: "Print only the catalog.")
    package var catalogOnly = false

    @OptionGroup(title: "OpenAPI") package var openapi: OpenAPIFlags

    /// In process (tests): a binary with no trait beyond Harness.
    package func run() throws { try list(loader: nil) }

    package func run(with collaborators: Collaborators) async throws { try list(loader: collaborators.documentLoader) }

    package func list(loader: (any DocumentOracleLoader)?) throws {
        let project = try projectFlags.load()
        let fixtures = self.fixtures ?? project.fixtures ?? FixtureFolder.defaultFolder
        let documents = try openapi.load(verb: "fsq-contract list", project: project, loader: loader)
        print(Self.catalog())
        guard !catalogOnly else { return }
        let loaded = try Self.load(fixtures)
        print("")
        print(Self.coverage(loaded, fixturesFolder: fixtures))
        if let maxDays = project.fixtureMaxAgeDays { FixtureAge(loaded, maxDays: maxDays).lines.forEach { print($0) } }
        SinglePlaceID(loaded).lines.forEach { print($0) }
        if let documents {
            let fixtures = loaded.compactMap { if case let .fixture(fixture) = $0 { return fixture } else { return nil } }
            print("")
            print(DocumentCoverageTable.render(documents.oracle, fixtures: fixtures))
        }
    }

    /// Every fixture file in `fixtures`; a folder that is missing, unreadable or empty is a usage error.
    package static func load(_ fixtures: String) throws -> [LoadedFixture] {
        let loaded: [LoadedFixture]
        do {
            loaded = try FixtureLoader(root: URL(fileURLWithPath: fixtures)).loadAll()
        } catch {
            // A missing or unreadable folder is a usage error: a CI step listing coverage must not go green on it.
            throw UsageFailure("--fixtures \(fixtures): \(error); pass the folder that holds <endpoint>/<case>.json files")
        }
        // An empty folder covers nothing: the same usage error as run's, not an all-gaps matrix that exits 0.
        if loaded.isEmpty { throw UsageFailure("--fixtures \(fixtures): no fixture files (*.json in <endpoint>/ folders)") }
        return loaded
    }

    /// Every contract's endpoints, from the registry.
    package static func catalog() -> String {
        let idWidth = Endpoint.catalog.map(\.id.rawValue.count).max() ?? 0
        let pathWidth = Endpoint.catalog.map(\.pathTemplate.count).max() ?? 0
        var lines = ["Endpoints (* required parameter):"]
        for contract in Contract.all {
            lines.append(" \(contract.id) (\(authSummary(contract))):")
            for endpoint in contract.endpoints {
                let parameters = endpoint.parameters.map { $0.required ? "\($0.name)*" : $0.name }.joined(separator: ", ")
                lines.append("  \(pad(endpoint.id.rawValue, idWidth))  \(endpoint.method) \(pad(endpoint.pathTemplate, pathWidth))  spec \(endpoint.specDocument)  \(parameters)")
            }
        }
        return lines.joined(separator: "\n")
    }

    package static func authSummary(_ contract: Contract) -> String {
        let styles = contract.authStyles.map(\.rawValue).joined(separator: " or ")
        return contract.isDated ? "\(styles), X-Places-Api-Version: \(contract.apiVersion)" : styles
    }

    /// The matrix, one section per contract: fixture counts per endpoint of that contract and status class;
    /// `--` marks a gap. A contract with no fixtures at all is named, not counted as gaps.
    package static func coverage(_ loaded: [LoadedFixture], fixturesFolder: String) -> String {
        let coverage = Coverage(loaded)
        let statuses = Coverage.requiredStatuses
        let idWidth = EndpointID.all.map(\.rawValue.count).max() ?? 0
        var lines = ["Coverage in \(fixturesFolder) (fixtures per status, per contract):"]
        for contract in Contract.all {
            guard let fixtureCount = coverage.fixtures[contract.id] else {
                lines.append(" \(contract.id): no fixtures")
                continue
            }
            let styles = contract.authStyles.map(\.rawValue).joined(separator: " and ")
            lines.append(" \(contract.id): \(fixtureCount) fixture\(fixtureCount == 1 ? "" : "s"), each replayed as \(styles)")
            lines.append("  " + pad("endpoint", idWidth) + "  " + statuses.map { pad($0, 4) }.joined(separator: " ") + "  other     gaps")
            for endpoint in contract.endpoints {
                let row = Coverage.Row(contract: contract.id, endpoint: endpoint.id)
                let cells = statuses.map { pad(coverage.counts[row]?[$0].map(String.init) ?? "--", 4) }
                let gaps = coverage.gaps(row)
                let others = (coverage.otherStatuses[row] ?? []).sorted().map(String.init).joined(separator: ",")
                lines.append("  " + pad(endpoint.id.rawValue, idWidth) + "  " + cells.joined(separator: " ") + "  "
                             + pad(others.isEmpty ? "-" : others, 8) + "  " + (gaps.isEmpty ? "none" : "GAP " + gaps.joined(separator: ",")))
            }
        }
        lines.append(coverage.totalGaps == 0 ? "  no gaps" : "  \(coverage.totalGaps) gaps")
        if coverage.broken > 0 { lines.append("  \(coverage.broken) broken fixture files (fsq-contract run names them)") }
        return lines.joined(separator: "\n")
    }
}

package func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
