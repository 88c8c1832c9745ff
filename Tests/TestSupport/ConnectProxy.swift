import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP proxy on 127.0.0.1 that opens `CONNECT` tunnels to loopback only, logs each one, and can demand
/// credentials or refuse, as a company's proxy would.
///
///     let proxy = try ConnectProxy.start(.requireCredentials(user: "u", password: "p"))
///     defer { proxy.stop() }
///     ... HTTPS_PROXY=proxy.url(user: "u", password: "p") ...
///     #expect(proxy.tunnels.contains("127.0.0.1:\(port)"))
public final class ConnectProxy: @unchecked Sendable {
    /// How the proxy answers a `CONNECT`.
    public enum Behaviour: Sendable {
        /// Opens every tunnel to loopback.
        case open
        /// 407 unless `Proxy-Authorization: Basic base64(user:password)` comes with the request.
        case requireCredentials(user: String, password: String)
        /// Answers `status` (403, 502, …) to every `CONNECT`.
        case refuse(status: Int)
    }

    /// One `CONNECT` the proxy received.
    public struct Request: Sendable {
        /// `host:port`, as the request line named it.
        public let target: String
        /// The `Proxy-Authorization` value, if one was sent.
        public let authorization: String?
        /// True when the tunnel was opened.
        public let opened: Bool
    }

    public let port: Int
    private let listener: ThreadedListener
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var received: [Request] = []

    /// `http://127.0.0.1:PORT`, with `user:password@` when given (percent-encoded).
    public func url(user: String? = nil, password: String? = nil) -> String {
        guard let user else { return "http://127.0.0.1:\(port)" }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let encoded = [user, password ?? ""].map { $0.addingPercentEncoding(withAllowedCharacters: allowed)! }
        return "http://\(encoded[0]):\(encoded[1])@127.0.0.1:\(port)"
    }

    /// Every `CONNECT` so far, in arrival order.
    public var requests: [Request] { lock.withLock { received } }

    /// The targets of the tunnels it opened.
    public var tunnels: [String] { requests.filter(\.opened).map(\.target) }

    private init(listener: ThreadedListener, behaviour: Behaviour) {
        self.listener = listener
        self.port = listener.port
        self.behaviour = behaviour
    }

    /// Listens on 127.0.0.1 on a free port.
    public static func start(_ behaviour: Behaviour = .open) throws -> ConnectProxy {
        let listener = try ThreadedListener()
        let proxy = ConnectProxy(listener: listener, behaviour: behaviour)
        listener.run { proxy.serve($0) }
        return proxy
    }

    public func stop() { listener.stop() }

    private var isStopped: Bool { listener.isStopped }

    private func serve(_ client: Int32) {
        guard let head = readHead(client) else { return }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3, parts[0] == "CONNECT" else {
            _ = write(client, "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        }
        let target = String(parts[1])
        let authorization = lines.dropFirst().first { $0.lowercased().hasPrefix("proxy-authorization:") }
            .map { String($0.dropFirst("proxy-authorization:".count)).trimmingCharacters(in: .whitespaces) }
        func log(_ opened: Bool) {
            lock.withLock { received.append(Request(target: target, authorization: authorization, opened: opened)) }
        }
        switch behaviour {
        case let .refuse(status):
            log(false)
            _ = write(client, "HTTP/1.1 \(status) Refused\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        case let .requireCredentials(user, password):
            guard authorization == "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() else {
                log(false)
                _ = write(client, "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test\"\r\n"
                    + "Content-Length: 0\r\nConnection: close\r\n\r\n")
                return
            }
        case .open:
            break
        }
        // Loopback only: nothing a test asks for may leave the machine.
        guard let colon = target.lastIndex(of: ":"), let port = UInt16(target[target.index(after: colon)...]),
              ["127.0.0.1", "localhost", "[::1]"].contains(String(target[..<colon])),
              let upstream = connectLoopback(port: port) else {
            log(false)
            _ = write(client, "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        }
        defer { close(upstream) }
        log(true)
        guard write(client, "HTTP/1.1 200 Connection established\r\n\r\n") else { return }
        relay(client, upstream)
    }

    /// Copies bytes both ways until either side closes or the proxy stops.
    private func relay(_ a: Int32, _ b: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        var pollers = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
        while !isStopped {
            let ready = poll(&pollers, 2, 100)
            if ready < 0 { return }
            if ready == 0 { continue }
            for (index, poller) in pollers.enumerated() where poller.revents != 0 {
                let from = index == 0 ? a : b
                let to = index == 0 ? b : a
                let count = recv(from, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                var offset = 0
                while offset < count {
                    let sent = buffer.withUnsafeBytes { send(to, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL)) }
                    guard sent > 0 else { return }
                    offset += sent
                }
            }
        }
    }

    private func connectLoopback(port: UInt16) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { close(descriptor); return nil }
        return descriptor
    }

    private func readHead(_ client: Int32) -> Data? {
        var received = Data()
        var byte: UInt8 = 0
        let end = Date().addingTimeInterval(10)
        // Byte by byte: nothing past the head may be read, since it belongs to the tunnel.
        while !isStopped, Date() < end, received.count < 65536 {
            var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { return nil }
            if poller.revents == 0 { continue }
            guard recv(client, &byte, 1, 0) == 1 else { return nil }
            received.append(byte)
            if received.suffix(4) == Data("\r\n\r\n".utf8) { return received }
        }
        return nil
    }

    private func write(_ client: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { send(client, $0.baseAddress!, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count }
    }
}
