import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` with a port on 127.0.0.1 that refuses connections for the whole call.
///
/// The port is held by a TCP socket that is bound but never listens: connecting gets ECONNREFUSED at once,
/// and no other process can take the port meanwhile (unlike a well-known port such as 9, or a port that was
/// bound, closed and is assumed to stay free).
public func withRefusedPort<T>(_ body: (_ port: Int) throws -> T) throws -> T {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    return try body(socket.port)
}

/// Async variant of `withRefusedPort`.
public func withRefusedPort<T>(_ body: (_ port: Int) async throws -> T) async throws -> T {
    let socket = try LoopbackSocket()
    defer { socket.close() }
    return try await body(socket.port)
}
