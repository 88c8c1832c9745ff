import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// `fsq-contract serve` runs the emulator in its own process (the Emulator trait), as `fsq-emulator` does.
@Suite("fsq-contract serve")
struct ServeCommandTests {
    @Test func serveRunsTheEmulatorAndStopsOnSIGTERM() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp)
            let emulator = try await EmulatorProcess(fixtures: tmp, launcher: .contractServe)
            var request = URLRequest(url: URL(string: "\(emulator.baseURL)/places/chains?query=coffee&limit=5")!)
            request.setValue("k", forHTTPHeaderField: "Authorization")
            let (_, response) = try await URLSession.shared.data(for: request)
            // In process: the SIGTERM sent to fsq-contract's pid reaches the server, which exits cleanly.
            let status = emulator.stop()
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(status == 0, "\(emulator.output)")
            #expect(emulator.process.terminationReason == .exit)
            #expect(emulator.output.contains("GET /places/chains"), "\(emulator.output)")
        }
    }

    @Test func theEmulatorsUsageErrorAndExitStatusComeThrough() async throws {
        let result = try await Products.run(["serve", "--latency", "-5"])
        #expect(result.status == 2)
        #expect(result.stderr == "fsq-emulator: --latency -5: must be 0 or more milliseconds (see fsq-emulator --help)\n")
        let help = try await Products.run(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--latency <ms>"), "\(help.stdout)")
    }
}
