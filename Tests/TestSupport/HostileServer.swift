import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately misbehaving HTTP server on 127.0.0.1, on plain sockets so it can do what a well-behaved
/// framework will not: send a body or headers forever, never answer, or trickle one byte a second.
/// Every loop is bounded by `lifetime` and stops when the client goes away or `stop()` is called.
///
///     let server = try HostileServer.start(.endlessBody(.chunked))
///     defer { server.stop() }
///     ... server.baseURL ...
public final class HostileServer: @unchecked Sendable {
    /// How a response body is framed.
    public enum Framing: String, Sendable, CaseIterable {
        case contentLength, chunked, closeDelimited
    }

    /// What the server does once a request head has arrived.
    public enum Behaviour: Sendable {
        /// `200` with a JSON-looking body that never ends (a huge Content-Length, endless chunks, or until close).
        case endlessBody(Framing)
        /// A status line and then header fields forever.
        case endlessHeaders
        /// Reads the request and never writes a byte.
        case neverAnswer
        /// A complete, valid JSON response sent one byte a second.
        case oneBytePerSecond
        /// `status` with the request head echoed back raw: in a header, in a JSON message, and as a JSON field name.
        case echoHead(status: Int)
        /// Resets the connection (RST) once the request head has arrived.
        case reset
        /// A `200` head promising 1000 bytes, 10 of them, then a reset (RST): the emulator's `reset` fault, on a socket.
        case resetMidBody
        /// Bytes that are not HTTP, with the request head echoed inside them, then a close.
        case garbage
    }

    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listener: ThreadedListener
    private let behaviour: Behaviour
    private let lifetime: Double
    private let expires: Date
    private let lock = NSLock()
    private var served = 0

    /// How many connections have been answered so far.
    public var connections: Int { lock.withLock { served } }

    private init(listener: ThreadedListener, behaviour: Behaviour, lifetime: Double) {
        self.listener = listener
        self.port = listener.port
        self.behaviour = behaviour
        self.lifetime = lifetime
        expires = Date().addingTimeInterval(lifetime)
    }

    /// Binds 127.0.0.1 on a free port and serves `behaviour` to every connection, each for at most `lifetime` seconds.
    public static func start(_ behaviour: Behaviour, lifetime: Double = 120) throws -> HostileServer {
        let listener: ThreadedListener
        do {
            listener = try ThreadedListener(lifetime: lifetime)
        } catch {
            throw HostileServerError("bind/listen on 127.0.0.1: \(error)")
        }
        let server = HostileServer(listener: listener, behaviour: behaviour, lifetime: lifetime)
        listener.run { client in
            server.lock.withLock { server.served += 1 }
            server.serve(client)
        }
        return server
    }

    /// Stops accepting and ends every connection's loop at its next step.
    public func stop() { listener.stop() }

    /// Stopped by `stop()`, or past the server's lifetime.
    private var isStopped: Bool { listener.isStopped }

    private func serve(_ client: Int32) {
        let end = expires
        guard let head = readHead(client, until: end) else { return }
        switch behaviour {
        case let .echoHead(status):
            let text = String(decoding: head, as: UTF8.self)
            let authorization = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("authorization:") }
                .map { String($0.dropFirst("authorization:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
            let object: [String: Any] = ["message": text, "authorization": authorization, "echo": [authorization: 1]]
            let body = String(data: try! JSONSerialization.data(withJSONObject: object), encoding: .utf8)!
            let response = "HTTP/1.1 \(status) Echo\r\nContent-Type: application/json\r\nX-Echo: \(authorization)\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            _ = write(client, Data(response.utf8))
        case .reset:
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        case .resetMidBody:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"results\""
            guard write(client, Data(head.utf8)) else { return }
            usleep(100_000)
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        case .garbage:
            _ = write(client, Data([0x00, 0xFF, 0x16, 0x03]) + head + Data("\u{1B}[0m garbage\r\n\r\n".utf8))
        case let .endlessBody(framing):
            var head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            switch framing {
            case .contentLength: head += "Content-Length: 1000000000000\r\n\r\n"
            case .chunked: head += "Transfer-Encoding: chunked\r\n\r\n"
            case .closeDelimited: head += "Connection: close\r\n\r\n"
            }
            func framed(_ piece: Data) -> Data {
                framing == .chunked ? Data("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Data("\r\n".utf8) : piece
            }
            guard write(client, Data(head.utf8)), write(client, framed(Data(#"{"results":["#.utf8))) else { return }
            let chunk = framed(Data(String(repeating: #""xxxxxxxxxxxxxxx","#, count: 4096).utf8))
            while !isStopped, Date() < end, write(client, chunk) {}
        case .endlessHeaders:
            guard write(client, Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n".utf8)) else { return }
            var index = 0
            while !isStopped, Date() < end {
                index += 1
                let line = "X-Filler-\(index): \(String(repeating: "h", count: 200))\r\n"
                guard write(client, Data(line.utf8)) else { return }
                if index % 50 == 0 { usleep(1000) }
            }
        case .neverAnswer:
            while !isStopped, Date() < end, isOpen(client) { usleep(100_000) }
        case .oneBytePerSecond:
            let body = #"{"results":[]}"#
            let response = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            for byte in response.utf8 {
                guard !isStopped, Date() < end, write(client, Data([byte])) else { return }
                var waited = 0
                while waited < 10, !isStopped { usleep(100_000); waited += 1 }
            }
        }
    }

    /// Reads until the blank line that ends a request head (or the client leaves, or time runs out).
    private func readHead(_ client: Int32, until end: Date) -> Data? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !isStopped, Date() < end, received.count < 1 << 20 {
            var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { return nil }
            if poller.revents == 0 { continue }
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
            if received.range(of: Data("\r\n\r\n".utf8)) != nil { return received }
        }
        return nil
    }

    /// False once the peer has closed or reset the connection.
    private func write(_ client: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                var poller = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&poller, 1, 200)
                if ready < 0 || isStopped { return false }
                if ready == 0 { continue }
                let sent = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private func isOpen(_ client: Int32) -> Bool {
        var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return true }
        var byte: UInt8 = 0
        return recv(client, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }
}

public struct HostileServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
