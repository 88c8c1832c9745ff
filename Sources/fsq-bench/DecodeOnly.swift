import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessRecord
import Foundation
import FoursquarePlaces

/// `fsq-bench decode-only`: JSONDecoder alone on the bodies a replay run decodes, the ceiling for `run`.
struct DecodeOnly: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode-only",
        abstract: "Decode every fixture's body with JSONDecoder alone, single-threaded (replay decodes each body once).")

    @Option(help: "The fixtures folder.") var fixtures = "Fixtures"
    @Option(help: "Times each body is decoded (replay decodes once per fixture).") var repeats = 1

    func run() throws {
        let loaded = try FixtureLoader(root: URL(fileURLWithPath: fixtures)).loadAll()
        let bodies: [(EndpointID, ContractID, Bool, Data)] = loaded.compactMap {
            guard case let .fixture(fixture) = $0 else { return nil }
            return (fixture.endpoint, fixture.contract, (200...299).contains(fixture.response.status), fixture.response.body.data)
        }
        let decoder = JSONDecoder()
        var decoded = 0
        let start = ContinuousClock.now
        for _ in 0..<max(1, repeats) {
            for (endpoint, contract, success, body) in bodies {
                if success {
                    if ModelReads.decodeFailure(endpoint: endpoint, contract: contract, body: body) == nil { decoded += 1 }
                } else if (try? decoder.decode(ErrorBody.self, from: body)) != nil {
                    decoded += 1
                }
            }
        }
        let seconds = (ContinuousClock.now - start).seconds
        let decodes = bodies.count * max(1, repeats)
        print(String(format: "%d bodies x %d: %d decodes in %.3fs = %.0f decodes/s on one core, %d decoded",
                     bodies.count, max(1, repeats), decodes, seconds, Double(decodes) / seconds, decoded))
    }
}
