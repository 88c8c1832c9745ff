import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A client on plain sockets for abusing servers: it sends what it is told (oversized or half-sent
/// requests) and holds the connection open until `close()`.
public final class RawClient: @unchecked Sendable {
    private let fd: Int32

    /// Connects to 127.0.0.1:`port`.
    public init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, connected == 0 else {
            if fd >= 0 { Glibc.close(fd) }
            throw HostileServerError("connect to 127.0.0.1:\(port): errno \(errno)")
        }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends `data` until done, the peer closes, or a 2 s send timeout; returns the bytes sent.
    @discardableResult
    public func send(_ data: Data) -> Int {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, raw.baseAddress! + offset, min(65536, raw.count - offset), Int32(MSG_NOSIGNAL))
                if sent <= 0 { break }
                offset += sent
            }
            return offset
        }
    }

    public func send(_ text: String) { send(Data(text.utf8)) }

    public func close() { Glibc.close(fd) }
}
