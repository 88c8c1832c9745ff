import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces
import JUnitXML

/// `fsq-contract run`: replay the fixtures (or call a server live) and write a JUnit report.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay the fixtures through the typed client and write a JUnit report.",
        discussion: "Exit status: 0 all passed, 1 a check failed or a fixture is broken, 2 usage or configuration error.")

    @OptionGroup var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "Where to write the JUnit XML report.")
    var report: String = "Reports/junit.xml"

    @Option(name: .long, help: "Auth styles to run: apiKey, bearer or both.")
    var auth: AuthChoice = .both

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style.")
    var apiVersion: String = FoursquareClient.defaultAPIVersion

    @Flag(name: .long, help: "Add file= and line= to testcases (GitLab, CircleCI); the xUnit XSD rejects them.")
    var junitFileAttributes = false

    @Option(name: .long, help: "Run only shard I of N (1-based), e.g. 2/4, splitting the fixtures evenly.")
    var shard: Shard?

    func run() async throws {
        do {
            var fixtures = try fixtureOptions.load()
            if let shard { fixtures = shard.select(fixtures) }
            let start = ContinuousClock.now
            let results = await ReplayRunner(authStyles: auth.styles, apiVersion: apiVersion).run(fixtures)
            let elapsed = (ContinuousClock.now - start).seconds
            print(Summary.render(results))
            try writeReport(results, fixtures: fixtures, mode: "replay", baseURL: "replay (in-process)")
            print("report: \(report) (\(results.count) cases from \(fixtures.count) fixtures in \(String(format: "%.2f", elapsed))s)")
            if results.contains(where: \.verdict.isProblem) { throw ExitCode(1) }
        } catch let failure as UsageFailure {
            writeStderr("fsq-contract run: \(failure)")
            throw ExitCode(2)
        }
    }

    func writeReport(_ results: [CaseResult], fixtures: [LoadedFixture], mode: String, baseURL: String) throws {
        var counts: [String: Int] = [:]
        for loaded in fixtures {
            switch loaded {
            case let .fixture(fixture): counts[fixture.endpoint.rawValue, default: 0] += 1
            case let .broken(_, hint, _): counts[hint, default: 0] += 1
            }
        }
        let properties: [(String, String)] = [
            ("mode", mode),
            ("auth_styles", auth.styles.map(\.rawValue).joined(separator: ",")),
            ("base_url", baseURL),
            ("api_version", apiVersion),
            ("tool_version", ToolVersion.current),
            ("fixtures_folder", fixtureOptions.fixtures),
        ]
        let report = HarnessReport(properties: properties, fixtureCounts: counts,
                                   options: ReportWriterOptions(includeFileAttributes: junitFileAttributes))
        do {
            try report.write(results, to: self.report, fixturesRoot: fixtureOptions.fixtures)
        } catch {
            throw UsageFailure("--report \(self.report): cannot write the report: \(error)")
        }
    }
}

/// `I/N`: one slice of the fixtures, for splitting a run across CI jobs.
struct Shard: ExpressibleByArgument {
    let index: Int
    let count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
