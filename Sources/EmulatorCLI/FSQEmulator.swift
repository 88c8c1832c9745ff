import ArgumentParser
import Foundation
import HarnessCore
import FoursquarePlaces
import OpenAPIConformance
import PlacesEmulator

/// `fsq-emulator` (also `fsq-contract serve`, in process): answers like the Places API from the fixtures, on loopback.
package struct FSQEmulator: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "fsq-emulator",
        abstract: "Serve the fixtures on a local HTTP server that answers like the Places API.",
        discussion: """
        Requests are routed by method, path and query (in any order). When several fixtures match, a 2xx one wins, \
        then the first by path; the request header 'X-Emulator-Fixture: <endpoint>/<case>.json' picks one \
        explicitly. 'X-Emulator-Fault: KIND' forces a fault for one request. With FSQ_EMULATOR_KEY set, only that \
        key is accepted. With --tls-cert and --tls-key it serves HTTPS. The first stdout line is \
        'listening on http://HOST:PORT' (https:// with TLS); one line per request goes to \
        stderr, with the Authorization value redacted. SIGINT or SIGTERM stops the server.
        Fault kinds: \(FaultKind.names).
        """
    )

    @Option(name: .long, help: "The fixtures folder.")
    var fixtures: String = "Fixtures"

    @Option(name: .long, help: "The address to bind.")
    var host: String = "127.0.0.1"

    // `.unconditional` lets a negative number through as the value, so the user hears why it is wrong
    // rather than "Missing value".
    @Option(name: .long, parsing: .unconditional, help: "The port to bind; 0 picks a free one.")
    var port: Int = 0

    @Option(name: .long, help: "The auth style accepted: apiKey, bearer or any.")
    var auth: String = "any"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Milliseconds added before every response.", valueName: "ms"))
    var latency: Int = 0

    @Option(name: .long, help: ArgumentHelp("Inject a fault into a share (0-1, default 1) of requests; repeatable.", valueName: "kind[:rate]"))
    var fault: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "Seed for the fault PRNG: the same seed gives the same fault sequence.")
    var seed: UInt64?

    @Flag(name: .long, help: "Answer each request of a documented operation with an answer generated from --openapi instead of a fixture (X-Emulator-Fixture still picks one); --seed makes the answers repeat.")
    var generate = false

    @Option(name: .long, help: ArgumentHelp("The OpenAPI document --generate answers from (its info.version names the contract, or give CONTRACT=FILE); repeatable.", valueName: "[contract=]file"))
    var openapi: [String] = []

    @Option(name: .long, help: ArgumentHelp("Serve HTTPS with this PEM certificate (and any intermediate CA certificates after it); needs --tls-key.", valueName: "file"))
    var tlsCert: String?

    @Option(name: .long, help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
    var tlsKey: String?

    /// The checks that need nothing but the flags, so a typo is reported before anything is read or bound.
    package func validate() throws {
        _ = try authStyle()
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): must be 0...65535") }
        guard latency >= 0 else { throw ValidationError("--latency \(latency): must be 0 or more milliseconds") }
        _ = try faultRules()
        guard generate == !openapi.isEmpty else {
            throw ValidationError(generate ? "--generate needs --openapi FILE, the document to generate answers from" : "--openapi is read only with --generate")
        }
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError(tlsCert == nil ? "--tls-key needs --tls-cert, the certificate it belongs to" : "--tls-cert needs --tls-key, its private key")
        }
    }

    /// The HTTPS files, when both flags name them.
    var tls: EmulatorTLS? {
        guard let tlsCert, let tlsKey else { return nil }
        return EmulatorTLS(certificateChain: tlsCert, privateKey: tlsKey)
    }

    func authStyle() throws -> EmulatorAuth {
        guard let style = EmulatorAuth(rawValue: auth) else {
            throw ValidationError("--auth \(auth): must be one of \(EmulatorAuth.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return style
    }

    func faultRules() throws -> [FaultRule] {
        try fault.map { text in
            do {
                return try FaultRule(parsing: text)
            } catch {
                throw ValidationError("--fault \(text): \(error)")
            }
        }
    }

    /// Serves until SIGINT or SIGTERM.
    package func run() async throws {
        let configuration = try makeConfiguration()
        var server: PlacesEmulatorServer
        do {
            server = try PlacesEmulatorServer(configuration: configuration)
        } catch {
            throw usage("--fixtures \(fixtures): \(error.description.replacingOccurrences(of: configuration.fixturesRoot.path + ": ", with: ""))")
        }
        if let tls {
            do {
                server = try PlacesEmulatorServer(emulator: server.emulator, tls: tls)
            } catch {
                throw usage(error.description)
            }
        }
        if server.emulator.fixtures.isEmpty, !generate {
            throw usage("--fixtures \(fixtures): no usable fixture files (*.json in <endpoint>/ folders)")
        }
        let listening = Locked(false)
        let displayHost = host.contains(":") ? "[\(host)]" : host
        let scheme = tls == nil ? "http" : "https"
        do {
            try await server.run(handlingSignals: true) { port in
                listening.withLock { $0 = true }
                // Unbuffered, so a reader on a pipe sees it at once.
                FileHandle.standardOutput.write(Data("listening on \(scheme)://\(displayHost):\(port)\n".utf8))
            }
        } catch {
            guard !listening.current else { throw error }
            let text = "\(error)"
            if text.localizedCaseInsensitiveContains("address already in use") {
                throw usage("--port \(port): address already in use on \(host)")
            }
            throw usage("--host \(host) --port \(port): cannot listen: \(text)")
        }
    }

    /// The configuration the flags describe, once the fixtures folder is known to exist.
    func makeConfiguration() throws -> EmulatorConfiguration {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fixtures, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw usage("--fixtures \(fixtures): fixtures folder does not exist")
        }
        let key = ProcessInfo.processInfo.environment["FSQ_EMULATOR_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        var configuration = EmulatorConfiguration(
            fixturesRoot: URL(fileURLWithPath: fixtures), host: host, port: port, auth: try authStyle(), requiredKey: key,
            latency: .milliseconds(latency), faults: try faultRules(), seed: seed ?? UInt64.random(in: .min ... .max))
        if generate {
            do {
                configuration.generated = try DocumentAnswers(documents: openapi.map(DocumentArgument.init(parsing:)), seed: configuration.seed)
            } catch {
                throw usage("--openapi: \(error)")
            }
        }
        return configuration
    }

    /// Writes one line to stderr and returns the exit status for a usage or configuration error.
    private func usage(_ reason: String) -> ExitCode {
        FileHandle.standardError.write(Data("fsq-emulator: \(reason)\n".utf8))
        return ExitCode(2)
    }

    /// Parses `arguments` (nil: the command line's), serves, and returns when the server stops; exits on an error.
    /// ArgumentParser's own usage errors exit 64; here, as in fsq-contract, they are one line and exit 2.
    package static func serve(arguments: [String]? = nil) async {
        let command: FSQEmulator
        do {
            command = try parse(arguments)
        } catch where exitCode(for: error) == .validationFailure {
            let reason = message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid usage"
            FileHandle.standardError.write(Data("fsq-emulator: \(reason) (see fsq-emulator --help)\n".utf8))
            exit(withError: ExitCode(2))
        } catch {
            exit(withError: error)   // --help, --version
        }
        do {
            try await command.run()
        } catch {
            exit(withError: error)
        }
    }
}
