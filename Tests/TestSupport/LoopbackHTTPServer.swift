import Foundation
import Hummingbird
import Logging
import NIOCore

/// The start-up every Hummingbird test server shares: `responder` served on 127.0.0.1 at a port the kernel picks,
/// returned once the server listens, with the task that serves it (cancel it and await its value to stop).
enum LoopbackHTTPServer {
    static func start(
        _ name: String, serverName: String? = nil, responder: CallbackResponder<BasicRequestContext>
    ) async throws -> (port: Int, task: Task<Void, any Error>) {
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: name)
        logger.logLevel = .critical
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: serverName),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? -1)
                portContinuation.finish()
            },
            logger: logger
        )
        // Its own threads: the cooperative pool may be held by other tests' synchronous work (see TestExecutor).
        let task = Task(executorPreference: TestExecutor.servers) {
            defer { portContinuation.finish() }
            try await app.runService(gracefulShutdownSignals: [])
        }
        var ports = portStream.makeAsyncIterator()
        guard let port = await ports.next(), port > 0 else {
            task.cancel()
            _ = try? await task.value
            throw LoopbackServerDidNotStart(name: name)
        }
        return (port, task)
    }
}

/// A loopback test server stopped before it listened.
public struct LoopbackServerDidNotStart: Error, Sendable, CustomStringConvertible {
    public let name: String
    public var description: String { "\(name) did not start listening on 127.0.0.1" }
}
