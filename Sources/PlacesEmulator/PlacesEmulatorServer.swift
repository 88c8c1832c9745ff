import Foundation
import FoursquarePlaces
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import UnixSignals

/// `PlacesEmulator` on a socket, served by Hummingbird 2.
///
///     let server = try PlacesEmulatorServer(configuration: .init(fixturesRoot: url))
///     let port = try await server.start()      // 127.0.0.1, a free port when configuration.port is 0
///     ...
///     await server.stop()
///
/// or, for a command line tool, `try await server.run(handlingSignals: true) { port in ... }`, which returns
/// after SIGINT or SIGTERM once in-flight requests are done.
package final class PlacesEmulatorServer: Sendable {
    package let emulator: PlacesEmulator
    package var configuration: EmulatorConfiguration { emulator.configuration }

    /// How long a connection may sit without a complete request part (idle between requests, or a head or
    /// body still arriving) before it is closed, so slow or half-sent requests cannot hold sockets and fds.
    package let idleTimeout: Duration

    package static let defaultIdleTimeout = Duration.seconds(10)

    /// The bound port while running, and the task `start()` began.
    private let state = Locked<(port: Int?, task: Task<Void, any Error>?)>((nil, nil))

    /// The certificate and key HTTPS is served with; nil serves plain HTTP.
    package let tls: EmulatorTLS?
    private let tlsConfiguration: TLSConfiguration?

    /// Loads the fixtures (broken files are skipped with one warning line each) and, for HTTPS, the certificate
    /// and key.
    package init(
        configuration: EmulatorConfiguration, idleTimeout: Duration = defaultIdleTimeout, tls: EmulatorTLS? = nil
    ) throws(EmulatorConfigurationError) {
        emulator = try PlacesEmulator(configuration: configuration)
        self.idleTimeout = idleTimeout
        self.tls = tls
        tlsConfiguration = try tls?.configuration()
    }

    /// Plain HTTP.
    package init(emulator: PlacesEmulator, idleTimeout: Duration = defaultIdleTimeout) {
        self.emulator = emulator
        self.idleTimeout = idleTimeout
        tls = nil
        tlsConfiguration = nil
    }

    /// HTTPS with `tls`'s certificate and key.
    package init(emulator: PlacesEmulator, idleTimeout: Duration = defaultIdleTimeout, tls: EmulatorTLS) throws(EmulatorConfigurationError) {
        self.emulator = emulator
        self.idleTimeout = idleTimeout
        self.tls = tls
        tlsConfiguration = try tls.configuration()
    }

    /// The bound port while running.
    package var port: Int? { state.withLock { $0.port } }

    /// `http://host:port` (`https://` with TLS) while running.
    package var baseURL: URL? {
        guard let port else { return nil }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return URL(string: "\(tls == nil ? "http" : "https")://\(host):\(port)")
    }

    /// Serves until the task is cancelled or, with `handlingSignals`, until SIGINT or SIGTERM (graceful
    /// shutdown). `onListening` gets the bound port once the socket listens. Throws when the address cannot be
    /// bound.
    package func run(handlingSignals: Bool = false, onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let app = makeApplication { [state] port in
            state.withLock { $0.port = port }
            onListening(port)
        }
        defer { state.withLock { $0.port = nil } }
        try await app.runService(gracefulShutdownSignals: handlingSignals ? [.sigterm, .sigint] : [])
    }

    /// Starts serving in the background; returns the bound port once the socket listens. `executor`: threads the
    /// server's tasks prefer to the cooperative pool (a test process whose pool other work may hold).
    @discardableResult
    package func start(on executor: (any TaskExecutor)? = nil) async throws -> Int {
        let box = OneShot<Int>()
        let task = Task(executorPreference: executor) { [self] in
            do {
                try await run { port in box.resolve(.success(port)) }
                box.resolve(.failure(EmulatorConfigurationError("the server stopped before it listened")))
            } catch {
                box.resolve(.failure(error))
                throw error
            }
        }
        state.withLock { $0.task = task }
        do {
            return try await box.value()
        } catch {
            task.cancel()
            throw error
        }
    }

    /// Stops a server started with `start()` and waits until it has shut down.
    package func stop() async {
        let started = state.withLock { state in
            defer { state.task = nil }
            return state.task
        }
        guard let task = started else { return }
        task.cancel()
        _ = try? await task.value
    }

    // MARK: Hummingbird

    /// Internal for the `.router` tests, which drive the same application without a socket.
    func makeApplication(onListening: @escaping @Sendable (Int) -> Void) -> some ApplicationProtocol {
        let emulator = self.emulator
        let configuration = emulator.configuration
        let log = configuration.log
        let latency = configuration.latency
        let requiredKey = configuration.requiredKey
        // Every fixture's head fields and body bytes, built once.
        let prepared = emulator.fixtures.indices.map { index in
            (fields: Self.fields(emulator.servedHeaders[index]), body: ByteBuffer(bytes: emulator.fixtures[index].response.body.data))
        }
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let started = ContinuousClock.now
            let target = request.head.path ?? "/"
            var headers: [String: String] = [:]
            for (name, field) in Self.inspectedHeaders {
                if let value = request.headers[field] { headers[name] = value }
            }
            let emulated = EmulatorRequest(method: request.method.rawValue, target: target, lowercasedHeaders: headers)
            let response = emulator.respond(to: emulated)
            if latency > .zero { try await Task.sleep(for: latency) }
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            log(RequestLog.line(
                method: emulated.method, path: emulated.path, rawQuery: emulated.rawQuery,
                authorization: headers["authorization"], response: response, milliseconds: milliseconds,
                requiredKey: requiredKey))
            // A request that names a fixture gets the name back, so a live run knows the emulator answered it
            // (only the emulator can give a 403, 429 or 5xx on request).
            let selected = headers[PlacesEmulator.fixtureHeader]
            if let index = response.fixtureIndex, response.fault == nil {
                var fields = prepared[index].fields
                if let selected { fields.append(HTTPField(name: Self.fixtureField, value: selected)) }
                return Response(status: HTTPResponse.Status(code: response.status), headers: fields,
                                body: ResponseBody(byteBuffer: prepared[index].body))
            }
            var answer = Self.hummingbirdResponse(response, configuration: configuration)
            if let selected { answer.headers.append(HTTPField(name: Self.fixtureField, value: selected)) }
            return answer
        }
        // Hummingbird's own logger prints nothing, so no header value can leak through it.
        let logger = Logger(label: "PlacesEmulator", factory: { _ in SwiftLogNoOpLogHandler() })
        let idle = TimeAmount.nanoseconds(Int64(idleTimeout.components.seconds) * 1_000_000_000
            + Int64(idleTimeout.components.attoseconds / 1_000_000_000))
        // Hummingbird counts a connection idle until a whole request part arrives, so this one timer
        // also ends a head or body that is sent too slowly; oversized heads get a 400 from the decoder.
        let http1 = HTTPServerBuilder.http1(configuration: .init(idleTimeout: idle))
        // `.tls` throws only when its configuration cannot make a context, which `EmulatorTLS` checked already.
        let server = tlsConfiguration.flatMap { try? HTTPServerBuilder.tls(http1, tlsConfiguration: $0) } ?? http1
        return Application(
            responder: responder,
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }

    private static let fixtureField = HTTPField.Name(PlacesEmulator.fixtureHeader)!

    private static let inspectedHeaders: [(String, HTTPField.Name)] = [
        ("authorization", .authorization),
        ("x-places-api-version", HTTPField.Name("X-Places-Api-Version")!),
        (PlacesEmulator.fixtureHeader, HTTPField.Name(PlacesEmulator.fixtureHeader)!),
        (PlacesEmulator.faultHeader, HTTPField.Name(PlacesEmulator.faultHeader)!),
    ]

    /// Slow-body pacing: 64-byte chunks every 50 ms.
    static let slowChunk = 64
    static let slowInterval = Duration.milliseconds(50)

    static func fields(_ headers: [String: String]) -> HTTPFields {
        var fields = HTTPFields()
        for name in headers.keys.sorted() {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: headers[name]!)) }
        }
        return fields
    }

    static func hummingbirdResponse(_ response: EmulatorResponse, configuration: EmulatorConfiguration) -> Response {
        let fields = fields(response.headers)
        let bytes = ByteBuffer(bytes: response.body)
        let body: ResponseBody
        switch response.fault {
        case .reset:
            // The head promises the whole body; half arrives, then the connection closes.
            body = ResponseBody(contentLength: bytes.readableBytes) { writer in
                let half = bytes.getSlice(at: bytes.readerIndex, length: bytes.readableBytes / 2) ?? ByteBuffer()
                if half.readableBytes > 0 { try await writer.write(half) }
                throw EmulatorConnectionReset()
            }
        case .slowBody:
            body = ResponseBody(contentLength: bytes.readableBytes) { writer in
                var remaining = bytes
                while remaining.readableBytes > 0 {
                    let chunk = remaining.readSlice(length: min(slowChunk, remaining.readableBytes))!
                    try await writer.write(chunk)
                    if remaining.readableBytes > 0 { try await Task.sleep(for: slowInterval) }
                }
                try await writer.finish(nil)
            }
        default:
            body = ResponseBody(byteBuffer: bytes)
        }
        return Response(status: HTTPResponse.Status(code: response.status), headers: fields, body: body)
    }
}

/// The PEM files HTTPS is served with (`--tls-cert`, `--tls-key`).
package struct EmulatorTLS: Sendable, Equatable {
    /// The server's certificate, followed by any intermediate CA certificates.
    package var certificateChain: String
    /// The server certificate's private key.
    package var privateKey: String

    /// The two files' paths; `PlacesEmulatorServer` reads them.
    package init(certificateChain: String, privateKey: String) {
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }

    /// The server's TLS configuration; throws one line naming the file that cannot be used.
    func configuration() throws(EmulatorConfigurationError) -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateChain)
        } catch {
            throw EmulatorConfigurationError("--tls-cert \(certificateChain): cannot be read as PEM certificates")
        }
        guard !chain.isEmpty else { throw EmulatorConfigurationError("--tls-cert \(certificateChain): holds no certificate") }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: privateKey, format: .pem)
        } catch {
            throw EmulatorConfigurationError("--tls-key \(privateKey): cannot be read as a PEM private key")
        }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw EmulatorConfigurationError("--tls-key \(privateKey): does not match the certificate in --tls-cert \(certificateChain)")
        }
        return configuration
    }
}

/// Thrown from the body writer to drop the connection mid-response (fault `reset`).
struct EmulatorConnectionReset: Error {}
