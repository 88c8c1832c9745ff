import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listening loopback socket whose accept loop runs on a thread of its own and serves each connection on
/// another, closing it after: the start-up and stop the plain-socket test servers (`HostileServer`,
/// `ConnectProxy`) share.
final class ThreadedListener: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let expires: Date?
    private let lock = NSLock()
    private var stopped = false

    /// Listens on 127.0.0.1 on a free port; with `lifetime`, it stops by itself that many seconds later.
    init(lifetime: Double? = nil) throws {
        let socket = try LoopbackSocket(listening: 64)
        listener = socket.descriptor
        port = socket.port
        expires = lifetime.map { Date().addingTimeInterval($0) }
    }

    /// Stopped by `stop()`, or past the lifetime.
    var isStopped: Bool { lock.withLock { stopped } || expires.map { Date() > $0 } ?? false }

    /// Accepts connections until stopped, each served by `serve` on its own thread.
    func run(_ serve: @escaping @Sendable (Int32) -> Void) {
        Thread.detachNewThread { [self] in
            while !isStopped {
                var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let client = accept(listener, nil, nil)
                guard client >= 0 else { continue }
                Thread.detachNewThread {
                    serve(client)
                    close(client)
                }
            }
            stop()
        }
    }

    /// Stops accepting; connection loops that check `isStopped` end at their next step.
    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }
    }
}
