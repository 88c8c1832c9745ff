import Foundation
import Testing
import TestSupport

/// The SwiftPM command plugin in a package that depends on this one, as a user's repository would:
/// `swift package --allow-writing-to-package-directory fsq-contract run` replays that package's own Fixtures/ and
/// writes its Reports/junit.xml. One consumer, built once (it compiles the harness in its own .build: minutes).
@Suite("the fsq-contract plugin in a consumer package")
struct PluginTests {
    static let fixtures = [
        "place-search/2025-06-17/200-typical.json",
        "place-details/2025-06-17/200-typical.json",
        "place-details/2025-06-17/404-not-found.json",
    ]

    @Test(.timeLimit(.minutes(30)))
    func theConsumersFixturesReplayThroughThePlugin() async throws {
        try await withTemporaryDirectory { folder in
            let consumer = try Self.makeConsumer(in: folder)

            // Replay: exit 0, and the report is the consumer's, with a case per fixture and style.
            let run = try await Self.swiftPackage(["--allow-writing-to-package-directory", "fsq-contract", "run"], in: consumer)
            #expect(run.status == 0, "fsq-contract run through the plugin failed:\n\(run.stdout)\n\(run.stderr)")
            let report = consumer.appendingPathComponent("Reports/junit.xml")
            let cases = try E2E.cases(report.path)
            #expect(Set(cases.map(\.classname)).isSuperset(of: ["place-search", "place-details"]), "\(cases.map(\.classname))")
            #expect(!cases.isEmpty && cases.allSatisfy { E2E.problem($0) == nil }, "\(cases.compactMap(E2E.problem))")
            #expect(run.stdout.contains("0 failed"), "\(run.stdout)")

            // The same flags as the binary: a wrong one is the CLI's usage error, exit 2 (SwiftPM names the status
            // and itself exits 1).
            let wrong = try await Self.swiftPackage(
                ["--allow-writing-to-package-directory", "fsq-contract", "run", "--no-such-flag"], in: consumer)
            #expect(wrong.status != 0)
            // SwiftPM forwards the plugin's own output (the CLI's stderr included) on its stdout.
            let wrongOutput = wrong.stdout + wrong.stderr
            #expect(wrongOutput.contains("fsq-contract: Unknown option '--no-such-flag'"), "\(wrongOutput)")
            #expect(wrong.stderr.contains("Plugin ended with exit code 2"), "\(wrong.stderr)")

            // The replay plugin has no network permission: a live verb is refused with the command that has it.
            let record = try await Self.swiftPackage(
                ["--allow-writing-to-package-directory", "fsq-contract", "record", "--base-url", "http://127.0.0.1:9"], in: consumer)
            let recordOutput = record.stdout + record.stderr
            #expect(recordOutput.contains("--allow-network-connections all fsq-contract-live record --base-url http://127.0.0.1:9"), "\(recordOutput)")
            #expect(record.stderr.contains("Plugin ended with exit code 2"), "\(record.stderr)")

            // Without the permission flag, SwiftPM refuses before running anything (no prompt without a terminal).
            let unpermitted = try await Self.swiftPackage(["fsq-contract", "run"], in: consumer)
            #expect(unpermitted.status != 0)
            #expect(unpermitted.stderr.contains("--allow-writing-to-package-directory"), "\(unpermitted.stderr)")
        }
    }

    /// A package with a library, a few fixtures copied from the corpus, and this package as a path dependency
    /// with the Harness trait, as the README tells a user to write it.
    static func makeConsumer(in folder: URL) throws -> URL {
        let consumer = folder.appendingPathComponent("Consumer")
        try FileManager.default.createDirectory(at: consumer.appendingPathComponent("Sources/Consumer"), withIntermediateDirectories: true)
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "Consumer",
                platforms: [.macOS(.v13)],
                dependencies: [.package(path: "\(Products.packageRoot.path)", traits: ["Harness"])],
                targets: [.target(name: "Consumer", dependencies: [.product(name: "FoursquarePlaces", package: "\(Products.packageRoot.lastPathComponent.lowercased())")])]
            )
            """
        try Data(manifest.utf8).write(to: consumer.appendingPathComponent("Package.swift"))
        try Data("import FoursquarePlaces\n".utf8).write(to: consumer.appendingPathComponent("Sources/Consumer/Consumer.swift"))
        try copyFixtures(fixtures, to: consumer.appendingPathComponent("Fixtures"))
        // Two fixtures cover little of the contracts: the consumer's project file says so, as an app's would.
        try Data(#"{"coverage": {"minimum": 0}}"#.utf8).write(to: consumer.appendingPathComponent("fsq-contract.json"))
        return consumer
    }

    static func swiftPackage(_ arguments: [String], in folder: URL) async throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["FSQ_API_KEY"] = nil
        return try await runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package"] + arguments,
                                    environment: environment, currentDirectory: folder, timeout: .seconds(1500))
    }
}
