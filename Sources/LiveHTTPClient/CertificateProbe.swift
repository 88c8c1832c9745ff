import HarnessCore
import HarnessLive
import Foundation
import FoursquarePlaces
import NIOCore
import NIOPosix
import NIOSSL

/// Fetches the certificates a server presents, to say why a handshake failed: expired, for another name, or
/// from a CA this machine does not trust. It stops at the handshake (its verification callback refuses every
/// chain), so no request, key or header is ever sent to the server it looks at.
enum CertificateProbe {
    /// The server's chain, leaf first; nil when it could not be fetched within `timeout`.
    static func chain(host: String, port: Int, proxy: ProxyServer?, timeout: TimeAmount = .seconds(5)) async -> [NIOSSLCertificate]? {
        let captured = Locked<[NIOSSLCertificate]?>(nil)
        do {
            let context = try NIOSSLContext(configuration: .makeClientConfiguration())
            // SNI carries names only; an IP address is sent without it, as AsyncHTTPClient sends it.
            let serverName = isIPAddress(host) ? nil : host
            let makeHandler: @Sendable () throws -> NIOSSLClientHandler = {
                try NIOSSLClientHandler(context: context, serverHostname: serverName) { certificates, promise in
                    captured.withLock { $0 = certificates }
                    promise.succeed(NIOSSLVerificationResult.failed)
                }
            }
            let target = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
            if let proxy, proxy.kind != .http { return nil }
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        // Through an HTTP proxy, the handshake starts once the proxy has opened the tunnel.
                        let first: any ChannelHandler = try proxy.map { TunnelOpener(target: target, proxy: $0, then: makeHandler) }
                            ?? makeHandler()
                        try channel.pipeline.syncOperations.addHandler(first)
                    }
                }
                .connect(host: proxy?.host ?? host, port: proxy?.port ?? port).get()
            // The refused chain ends the handshake, and the handler closes the channel.
            let closed = channel.closeFuture
            let timer = channel.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
            try? await closed.get()
            timer.cancel()
        } catch {
            return captured.withLock { $0 }
        }
        return captured.withLock { $0 }
    }

    static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}

/// Sends `CONNECT target` to an HTTP proxy; once it answers 2xx, puts the TLS handler in its place, and on
/// anything else closes the connection.
private final class TunnelOpener: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    let target: String
    let proxy: ProxyServer
    let then: () throws -> NIOSSLClientHandler
    private var head = ""

    init(target: String, proxy: ProxyServer, then: @escaping () throws -> NIOSSLClientHandler) {
        self.target = target
        self.proxy = proxy
        self.then = then
    }

    func channelActive(context: ChannelHandlerContext) {
        var request = "CONNECT \(target) HTTP/1.1\r\nHost: \(target)\r\n"
        if let username = proxy.username {
            request += "Proxy-Authorization: Basic \(Data("\(username):\(proxy.password ?? "")".utf8).base64EncodedString())\r\n"
        }
        request += "\r\n"
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: request)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        head += buffer.readString(length: buffer.readableBytes) ?? ""
        guard head.contains("\r\n\r\n") else { return }
        let status = head.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        guard (200..<300).contains(status), let handler = try? then() else {
            context.close(promise: nil)
            return
        }
        do {
            try context.pipeline.syncOperations.addHandler(handler, position: .after(self))
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        } catch {
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
