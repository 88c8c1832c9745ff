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
    let socket = try RefusingSocket()
    defer { socket.close() }
    return try body(socket.port)
}

/// Async variant of `withRefusedPort`.
public func withRefusedPort<T>(_ body: (_ port: Int) async throws -> T) async throws -> T {
    let socket = try RefusingSocket()
    defer { socket.close() }
    return try await body(socket.port)
}

private struct RefusingSocket {
    let descriptor: Int32
    let port: Int

    init() throws {
        #if canImport(Glibc)
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            _ = systemClose(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = systemClose(descriptor) }
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}
