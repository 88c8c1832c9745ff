import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessRecord
import Foundation

/// `fsq-bench synthesis`: what record's synthesis costs per fixture, in process and without writing: the synthetic
/// body alone, then with the model check record and scrub make (both bodies decoded).
struct SynthesisBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synthesis",
        abstract: "Time Synthesis over every 2xx JSON body of a fixtures folder (e.g. one fsq-bench gen-fixtures wrote), single-threaded.")

    @Option(help: "The fixtures folder.") var fixtures = "Fixtures"

    func run() throws {
        let loader = FixtureLoader(root: URL(fileURLWithPath: fixtures))
        let loaded = try loader.discover().map(loader.load)
        let answers = loaded.compactMap { item -> Fixture? in
            guard case let .fixture(fixture) = item, (200...299).contains(fixture.response.status),
                  case .json = fixture.response.body else { return nil }
            return fixture
        }
        guard !answers.isEmpty else { throw ValidationError("--fixtures \(fixtures) holds no 2xx JSON answer") }
        let bytes = answers.reduce(0) { $0 + $1.response.body.data.count }
        var start = ContinuousClock.now
        var written = 0
        for fixture in answers { written += Synthesis(request: fixture.request).body(fixture.response.body.data).count }
        let bodyOnly = ContinuousClock.now - start
        start = ContinuousClock.now
        var failed = 0
        for fixture in answers { if case .failure = Synthesis.apply(to: fixture) { failed += 1 } }
        let checked = ContinuousClock.now - start
        func perFixture(_ duration: Duration) -> Double {
            (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) / Double(answers.count) * 1e6
        }
        print(String(format: "%d 2xx answers (%.1f MB, %d bytes written): synthesis %.0f µs a fixture; with the model check %.0f µs a fixture; %d refused",
                     answers.count, Double(bytes) / 1_048_576, written, perFixture(bodyOnly), perFixture(checked), failed))
    }
}
