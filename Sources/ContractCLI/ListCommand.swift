import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces

/// `fsq-contract list`: the endpoint catalog and the fixture coverage matrix.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print the endpoint catalog and the fixture coverage (endpoint × status × auth style).")

    @Option(name: .long, help: "The fixtures folder.")
    var fixtures: String = "Fixtures"

    @Flag(name: .long, help: "Print only the catalog.")
    var catalogOnly = false

    /// The statuses the harness expects every endpoint to cover.
    static let requiredStatuses = ["2xx", "400", "401", "403", "404", "429", "500", "503"]

    func run() throws {
        let idWidth = Endpoint.catalog.map(\.id.rawValue.count).max() ?? 0
        let pathWidth = Endpoint.catalog.map(\.pathTemplate.count).max() ?? 0
        print("Endpoints (* required parameter):")
        for endpoint in Endpoint.catalog {
            let parameters = endpoint.parameters.map { $0.required ? "\($0.name)*" : $0.name }.joined(separator: ", ")
            print("  \(pad(endpoint.id.rawValue, idWidth))  \(endpoint.method) \(pad(endpoint.pathTemplate, pathWidth))  spec \(endpoint.specDocument)  \(parameters)")
        }
        guard !catalogOnly else { return }
        let loaded: [LoadedFixture]
        do {
            loaded = try FixtureLoader(root: URL(fileURLWithPath: fixtures)).loadAll()
        } catch {
            // A missing or unreadable folder is a usage error: a CI step listing coverage must not go green on it.
            throw UsageFailure("--fixtures \(fixtures): \(error); pass the folder that holds <endpoint>/<case>.json files")
        }
        print("")
        print(Self.coverage(loaded, fixturesFolder: fixtures))
    }

    /// The matrix: fixture counts per endpoint and status class, replayed under both auth styles;
    /// `--` marks a gap, and styles a fixture was recorded under are listed.
    static func coverage(_ loaded: [LoadedFixture], fixturesFolder: String) -> String {
        var counts: [EndpointID: [String: Int]] = [:]
        var recordedStyles: [EndpointID: Set<String>] = [:]
        var other: [EndpointID: Set<Int>] = [:]
        var broken = 0
        for item in loaded {
            guard case let .fixture(fixture) = item else { broken += 1; continue }
            let status = fixture.response.status
            let column = (200...299).contains(status) ? "2xx" : String(status)
            if requiredStatuses.contains(column) {
                counts[fixture.endpoint, default: [:]][column, default: 0] += 1
            } else {
                other[fixture.endpoint, default: []].insert(status)
            }
            recordedStyles[fixture.endpoint, default: []].insert(fixture.recorded.auth?.rawValue ?? fixture.recorded.source)
        }
        let idWidth = EndpointID.allCases.map(\.rawValue.count).max() ?? 0
        var lines = ["Coverage in \(fixturesFolder) (fixtures per status; each replays as apiKey and bearer):"]
        lines.append("  " + pad("endpoint", idWidth) + "  " + requiredStatuses.map { pad($0, 4) }.joined(separator: " ") + "  other     gaps")
        var totalGaps = 0
        for id in EndpointID.allCases {
            let row = counts[id] ?? [:]
            let cells = requiredStatuses.map { pad(row[$0].map(String.init) ?? "--", 4) }
            let gaps = requiredStatuses.filter { row[$0] == nil }
            totalGaps += gaps.count
            let others = (other[id] ?? []).sorted().map(String.init).joined(separator: ",")
            lines.append("  " + pad(id.rawValue, idWidth) + "  " + cells.joined(separator: " ") + "  "
                         + pad(others.isEmpty ? "-" : others, 8) + "  " + (gaps.isEmpty ? "none" : "GAP " + gaps.joined(separator: ",")))
        }
        lines.append("  auth styles: apiKey and bearer for every fixture (run --auth both)")
        lines.append(totalGaps == 0 ? "  no gaps" : "  \(totalGaps) gaps")
        if broken > 0 { lines.append("  \(broken) broken fixture files (fsq-contract run names them)") }
        return lines.joined(separator: "\n")
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
