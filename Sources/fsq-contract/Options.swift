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

    var fixturesURL: URL { URL(fileURLWithPath: fixtures) }

    /// Loads the fixtures, or exits 2 when the folder is missing or matches nothing.
    func load() throws -> [LoadedFixture] {
        let loaded: [LoadedFixture]
        do {
            loaded = try FixtureLoader(root: fixturesURL).loadAll()
        } catch let error as FixtureError {
            throw UsageFailure("--fixtures \(fixtures): \(error.reason)")
        }
        let selected = FixtureFilter(filter).apply(loaded)
        if selected.isEmpty {
            if let filter { throw UsageFailure("--filter '\(filter)' matches no fixture in \(fixtures)") }
            throw UsageFailure("--fixtures \(fixtures): no fixture files (*.json in <endpoint>/ folders)")
        }
        return selected
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

/// A usage or configuration problem: one line on stderr and exit 2.
struct UsageFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes `text` and a newline to standard error.
func writeStderr(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
