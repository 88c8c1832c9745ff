import CommandParsing
import Foundation
import PlacesEmulator
import Testing
@testable import EmulatorCLI

/// `fsq-emulator` (and so `fsq-contract serve`) flags, parsed in process.
@Suite("fsq-emulator flags")
struct FSQEmulatorParsingTests {
    @Test func defaultsServeFixturesOnLoopbackOnAFreePort() throws {
        let command = try parseCommand(FSQEmulator.self, root: FSQEmulator.self, [])
        #expect(command.fixtures == "Fixtures")
        #expect(command.host == "127.0.0.1")
        #expect(command.port == 0)
        #expect(try command.authStyle() == .any)
        #expect(command.latency == 0)
        #expect(try command.faultRules().isEmpty)
        #expect(command.seed == nil)
    }

    @Test func everyFlagReachesTheConfiguration() throws {
        let fixtures = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-emu-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fixtures) }
        let command = try parseCommand(FSQEmulator.self, root: FSQEmulator.self, [
            "--fixtures", fixtures.path, "--host", "::1", "--port", "8080", "--auth", "bearer", "--latency", "50",
            "--fault", "rate-limit:0.25", "--fault", "reset", "--seed", "42",
        ])
        let configuration = try command.makeConfiguration()
        #expect(configuration.fixturesRoot.path == fixtures.path)
        #expect(configuration.host == "::1")
        #expect(configuration.port == 8080)
        #expect(configuration.auth == .bearer)
        #expect(configuration.latency == .milliseconds(50))
        #expect(configuration.faults == [FaultRule(kind: .rateLimit, rate: 0.25), FaultRule(kind: .reset)])
        #expect(configuration.seed == 42)
    }

    @Test(arguments: [
        (["--latency", "-5"], "--latency -5: must be 0 or more milliseconds"),
        (["--latency", "soon"], "The value 'soon' is invalid for '--latency <ms>'"),
        (["--port", "-1"], "--port -1: must be 0...65535"),
        (["--port", "65536"], "--port 65536: must be 0...65535"),
        (["--auth", "basic"], "--auth basic: must be one of apiKey, bearer, any"),
        (["--fault", "explode"], "--fault explode: unknown fault kind 'explode' (known: rate-limit, server-error,"),
        (["--fault", "reset:2"], "--fault reset:2: fault rate '2' is not a number between 0 and 1"),
        (["--seed", "-1"], "The value '-1' is invalid for '--seed <seed>'"),
        (["--port"], "Missing value for '--port <port>'"),
        (["--verbose"], "Unknown option '--verbose'"),
        (["--tls-cert", "server.pem"], "--tls-cert needs --tls-key, its private key"),
        (["--tls-key", "server.key"], "--tls-key needs --tls-cert, the certificate it belongs to"),
    ])
    func aBadValueIsNamedWithWhatToDo(arguments: [String], expected: String) throws {
        let failure = try #require(parseFailure(root: FSQEmulator.self, arguments))
        #expect(failure.firstLine.hasPrefix(expected), "\(failure)")
        // The executable turns this into exit 2 with that one line.
        #expect(failure.exitCode == 64)
    }

    @Test func aMissingFixturesFolderIsAConfigurationError() throws {
        let command = try parseCommand(FSQEmulator.self, root: FSQEmulator.self, ["--fixtures", "/nonexistent/fixtures"])
        #expect(throws: (any Error).self) { try command.makeConfiguration() }
    }

    @Test func tlsFlagsNameTheFilesThatCannotBeUsed() throws {
        let command = try parseCommand(FSQEmulator.self, root: FSQEmulator.self, ["--tls-cert", "/nonexistent/server.pem", "--tls-key", "/nonexistent/server.key"])
        #expect(command.tls == EmulatorTLS(certificateChain: "/nonexistent/server.pem", privateKey: "/nonexistent/server.key"))
        let emulator = PlacesEmulator(configuration: EmulatorConfiguration(fixturesRoot: FileManager.default.temporaryDirectory), fixtures: [])
        #expect(throws: EmulatorConfigurationError("--tls-cert /nonexistent/server.pem: cannot be read as PEM certificates")) {
            _ = try PlacesEmulatorServer(emulator: emulator, tls: command.tls!)
        }
    }
}
