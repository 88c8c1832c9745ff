import Foundation
import TestSupport

/// A loopback port that accepts connections (the kernel's backlog) and never answers: a server that hangs.
final class SilentServer: @unchecked Sendable {
    let port: Int
    private let socket: LoopbackSocket

    init() throws {
        socket = try LoopbackSocket(listening: 16)
        port = socket.port
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    deinit { socket.close() }
}
