import AsyncHTTPClient
import HarnessCore
import HarnessLive
import Foundation
import FoursquarePlaces
import NIOSSL

/// The process's AsyncHTTPClient clients, one per (trust, proxy) pair, made on first use and never shut down
/// (like `HTTPClient.shared`): a client must be shut down before it is freed, and they live as long as the run.
enum LiveClients {
    private struct Key: Hashable {
        var trust: TrustSettings
        var proxy: ProxyServer?
    }

    private static let clients = Locked<[Key: HTTPClient]>([:])

    /// The client for calls that trust `trust` and go through `proxy` (nil: direct).
    static func client(trust: TrustSettings, proxy: ProxyServer?) -> HTTPClient {
        clients.withLock { clients in
            let key = Key(trust: trust, proxy: proxy)
            if let client = clients[key] { return client }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration(trust: trust, proxy: proxy))
            clients[key] = client
            return client
        }
    }

    /// A failed connect fails the call at once: the harness retries with its own backoff (`--retries`), and
    /// AsyncHTTPClient's default, retrying the connect until the deadline, turned a refused port into a 10 s
    /// "no response head" error.
    static func configuration(trust: TrustSettings, proxy: ProxyServer?) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(tlsConfiguration: TLSTrust.configuration(trust))
        configuration.connectionPool.retryConnectionEstablishment = false
        if let proxy {
            switch proxy.kind {
            case .http:
                let authorization = proxy.username.map { HTTPClient.Authorization.basic(username: $0, password: proxy.password ?? "") }
                configuration.proxy = .server(host: proxy.host, port: proxy.port, authorization: authorization)
            case .socks5:
                configuration.proxy = .socksServer(host: proxy.host, port: proxy.port)
            }
        }
        return configuration
    }
}
