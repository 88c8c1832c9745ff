import ArgumentParser
import Foundation
import PlacesEmulator

/// `fsq-contract serve`: answers like the Places API from the fixtures, on loopback.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the fixtures on a local HTTP server that answers like the Places API.",
        discussion: """
        Requests are routed by method, path and query (in any order). When several fixtures match, a 2xx one wins, \
        then the first by path; the request header 'X-Emulator-Fixture: <endpoint>/<case>.json' picks one \
        explicitly. 'X-Emulator-Fault: KIND' forces a fault for one request. With FSQ_EMULATOR_KEY set, only that \
        key is accepted. The first stdout line is 'listening on http://HOST:PORT'; one line per request goes to \
        stderr, with the Authorization value redacted. SIGINT or SIGTERM stops the server.
        Fault kinds: \(FaultKind.names).
        """
    )

    @Option(name: .long, help: "The fixtures folder.")
    var fixtures: String = "Fixtures"

    @Option(name: .long, help: "The address to bind.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The port to bind; 0 picks a free one.")
    var port: Int = 0

    @Option(name: .long, help: "The auth style accepted: apiKey, bearer or any.")
    var auth: String = "any"

    @Option(name: .long, help: "Milliseconds added before every response.")
    var latency: Int = 0

    @Option(name: .long, help: "KIND[:RATE]: inject a fault into a share (0-1, default 1) of requests; repeatable.")
    var fault: [String] = []

    @Option(name: .long, help: "Seed for the fault PRNG: the same seed gives the same fault sequence.")
    var seed: UInt64?

    func run() async throws {
        do {
            let configuration = try makeConfiguration()
            let server: PlacesEmulatorServer
            do {
                server = try PlacesEmulatorServer(configuration: configuration)
            } catch {
                throw UsageFailure("--fixtures \(fixtures): \(error.description.replacingOccurrences(of: configuration.fixturesRoot.path + ": ", with: ""))")
            }
            if server.emulator.fixtures.isEmpty {
                throw UsageFailure("--fixtures \(fixtures): no usable fixture files (*.json in <endpoint>/ folders)")
            }
            let listening = ListeningFlag()
            let displayHost = host.contains(":") ? "[\(host)]" : host
            do {
                try await server.run(handlingSignals: true) { port in
                    listening.set()
                    // Unbuffered, so a reader on a pipe sees it at once.
                    FileHandle.standardOutput.write(Data("listening on http://\(displayHost):\(port)\n".utf8))
                }
            } catch {
                guard !listening.isSet else { throw error }
                let text = "\(error)"
                if text.localizedCaseInsensitiveContains("address already in use") {
                    throw UsageFailure("--port \(port): address already in use on \(host)")
                }
                throw UsageFailure("--host \(host) --port \(port): cannot listen: \(text)")
            }
        } catch let failure as UsageFailure {
            writeStderr("fsq-contract serve: \(failure)")
            throw ExitCode(2)
        }
    }

    func makeConfiguration() throws -> EmulatorConfiguration {
        guard let authStyle = EmulatorAuth(rawValue: auth) else {
            throw UsageFailure("--auth \(auth): must be one of apiKey, bearer, any")
        }
        guard (0...65535).contains(port) else { throw UsageFailure("--port \(port): must be 0...65535") }
        guard latency >= 0 else { throw UsageFailure("--latency \(latency): must be 0 or more milliseconds") }
        var rules: [FaultRule] = []
        for text in fault {
            do {
                rules.append(try FaultRule(parsing: text))
            } catch {
                throw UsageFailure("--fault \(text): \(error)")
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fixtures, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageFailure("--fixtures \(fixtures): fixtures folder does not exist")
        }
        let key = ProcessInfo.processInfo.environment["FSQ_EMULATOR_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        return EmulatorConfiguration(
            fixturesRoot: URL(fileURLWithPath: fixtures), host: host, port: port, auth: authStyle, requiredKey: key,
            latency: .milliseconds(latency), faults: rules, seed: seed ?? UInt64.random(in: .min ... .max))
    }
}

private final class ListeningFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
