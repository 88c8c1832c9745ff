import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces

/// `fsq-bench gen-fixtures`: copies of the shipped corpus, for timing `fsq-contract run` at scale.
struct GenerateFixtures: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen-fixtures", abstract: "Write COUNT fixtures, cycling through the shipped corpus, into a folder.")

    @Option(help: "How many fixture files to write.") var count = 10_000
    @Option(help: "The corpus to copy from.") var from = "Fixtures"
    @Option(help: "The folder to fill (created; must not exist).") var output: String

    func run() throws {
        let source = URL(fileURLWithPath: from)
        let templates = try FixtureLoader(root: source).discover()
        guard !templates.isEmpty else { throw ValidationError("--from \(from) holds no fixtures") }
        let target = URL(fileURLWithPath: output)
        guard !FileManager.default.fileExists(atPath: target.path) else { throw ValidationError("--output \(output) already exists") }
        let contents = try templates.map { try Data(contentsOf: source.appendingPathComponent($0)) }
        for index in 0..<count {
            let template = templates[index % templates.count]
            let folder = template.split(separator: "/").first.map(String.init) ?? "misc"
            let name = (template as NSString).lastPathComponent
            let url = target.appendingPathComponent("\(folder)/gen-\(index)-\(name)")
            if index < templates.count {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try contents[index % templates.count].write(to: url)
        }
        print("wrote \(count) fixtures to \(output) from \(templates.count) templates")
    }
}

/// `fsq-bench decode-only`: JSONDecoder alone on the bodies a replay run decodes, the ceiling for `run`.
struct DecodeOnly: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode-only",
        abstract: "Decode every fixture's body with JSONDecoder alone (once per auth style), single-threaded.")

    @Option(help: "The fixtures folder.") var fixtures = "Fixtures"
    @Option(help: "Auth styles the comparable run uses (each decodes once).") var styles = 2

    func run() throws {
        let loaded = try FixtureLoader(root: URL(fileURLWithPath: fixtures)).loadAll()
        let bodies: [(EndpointID, Bool, Data)] = loaded.compactMap {
            guard case let .fixture(fixture) = $0 else { return nil }
            return (fixture.endpoint, (200...299).contains(fixture.response.status), fixture.response.body.data)
        }
        let decoder = JSONDecoder()
        var decoded = 0
        let start = ContinuousClock.now
        for _ in 0..<styles {
            for (endpoint, success, body) in bodies {
                if success {
                    if ModelReads.decodeFailure(endpoint: endpoint, body: body) == nil { decoded += 1 }
                } else if (try? decoder.decode(ErrorBody.self, from: body)) != nil {
                    decoded += 1
                }
            }
        }
        let seconds = (ContinuousClock.now - start).seconds
        let decodes = bodies.count * styles
        // Each decode stands for two testcases of a replay run (request + decoding/error-mapping).
        print(String(format: "%d bodies x %d styles: %d decodes in %.3fs = %.0f decodes/s (= %.0f replay cases/s at 2 cases per decode), %d decoded",
                     bodies.count, styles, decodes, seconds, Double(decodes) / seconds, Double(decodes * 2) / seconds, decoded))
    }
}
