import AsyncHTTPClient
import HarnessCore
import HarnessLive
import Foundation
import FoursquarePlaces
import NIOCore
import NIOPosix
import NIOSSL

/// Turns a failure to reach the server (TLS, DNS, a proxy, a refused connection) into one line that says what
/// happened and what to do, in the user's words: no library type, no bare error code, no build path. The
/// library's own error goes along, scrubbed of proxy credentials, for the report's detail.
struct NetworkFailure {
    let url: URL
    /// The proxy the call went through, if any.
    let proxy: ProxyServer?
    /// Texts to remove from the raw error (the proxy's credentials).
    let secrets: [String]
    /// The chains already fetched by this stack, by server and proxy: every case of a run hits the same one.
    let chains: Locked<[String: [NIOSSLCertificate]]>

    /// `host:port` of the server, as the lines name it.
    var endpoint: String {
        let host = url.host ?? ""
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// The one-line failure for `error`; nil when `error` is not a failure to reach the server.
    func classify(_ error: any Error) async -> LiveTransportError? {
        guard let cause = await cause(of: error) else { return nil }
        // A handshake that failed on the certificate or the protocol fails the same way on every attempt.
        let permanent = error is NIOSSLError || error is NIOSSLExtraError
        return .network(cause: cause, raw: scrub(String(reflecting: error)), permanent: permanent)
    }

    func cause(of error: any Error) async -> String? {
        if let error = error as? NIOSSLError {
            guard case let .handshakeFailed(.sslError(stack)) = error else {
                return error == .uncleanShutdown ? closedDuringHandshake : nil
            }
            return await handshakeFailure(reasons: stack.map { Self.reason($0.description) })
        }
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return await nameMismatch()
        }
        if let error = error as? HTTPClientError {
            return clientFailure(error)
        }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return unresolved(error.host)
            }
            if let first = error.connectionErrors.first?.error as? IOError { return refused(first) }
            return nil
        }
        if let error = error as? SocketAddressError.UnknownHost {
            return unresolved(error.host)
        }
        if let error = error as? SocketAddressError, case let .unknown(host, _) = error {
            return unresolved(host)
        }
        if let error = error as? IOError { return refused(error) }
        return nil
    }

    // MARK: TLS

    var closedDuringHandshake: String {
        "TLS: \(endpoint) closed the connection during the handshake; check that it is an HTTPS server "
            + "(use http:// in --base-url for a plain HTTP one)"
    }

    func handshakeFailure(reasons: [String]) async -> String {
        if reasons.contains("CERTIFICATE_VERIFY_FAILED") {
            return await untrusted()
        }
        if reasons.contains(where: { $0 == "WRONG_VERSION_NUMBER" || $0 == "HTTP_REQUEST" || $0 == "PACKET_LENGTH_TOO_LONG" }) {
            return "TLS: \(endpoint) does not speak TLS; use http:// in --base-url if it is a plain HTTP server"
        }
        if reasons.contains(where: { $0.hasPrefix("TLSV1_ALERT_") || $0.hasPrefix("SSLV3_ALERT_") }) {
            return "TLS: \(endpoint) refused the handshake (\(Self.words(reasons.first { $0.contains("ALERT") } ?? ""))); "
                + "it may need a client certificate or a TLS version this client does not offer"
        }
        let words = reasons.map(Self.words).filter { !$0.isEmpty }.joined(separator: "; ")
        return "TLS: the handshake with \(endpoint) failed (\(words.isEmpty ? "no reason given" : words)); check that it is an HTTPS server"
    }

    /// Why a chain did not verify: the probe fetches it, and its dates and issuer say which case this is.
    func untrusted() async -> String {
        let chain = await presentedChain()
        let now = time(nil)
        if let expired = chain.first(where: { $0.notValidAfter < now }) {
            let whose = expired == chain.first ? "the certificate of \(endpoint)" : "a certificate in the chain of \(endpoint)"
            return "TLS: \(whose) expired on \(Self.date(expired.notValidAfter)); the server must renew it "
                + "(or this machine's clock is wrong)"
        }
        if let early = chain.first(where: { $0.notValidBefore > now }) {
            let whose = early == chain.first ? "the certificate of \(endpoint)" : "a certificate in the chain of \(endpoint)"
            return "TLS: \(whose) is not valid until \(Self.date(early.notValidBefore)); check this machine's clock"
        }
        let issuer = chain.last.map { Self.name($0.issuerName) }.map { " (issuer \"\($0)\")" } ?? ""
        return "TLS: the certificate of \(endpoint) is not trusted\(issuer); trust its CA with --ca-file FILE or SSL_CERT_FILE"
    }

    func nameMismatch() async -> String {
        let host = url.host ?? ""
        let chain = await presentedChain()
        let names = chain.first.map(Self.names) ?? []
        let listed = names.isEmpty ? "" : " (it names \(names.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")))"
        return "TLS: the certificate of \(endpoint) is not for \(host)\(listed); call the server by a name its certificate lists"
    }

    /// The chain the server presents, fetched once per server and proxy.
    func presentedChain() async -> [NIOSSLCertificate] {
        let key = "\(endpoint) via \(proxy?.display ?? "direct")"
        if let known = chains.withLock({ $0[key] }) { return known }
        let chain = await CertificateProbe.chain(host: url.host ?? "", port: Self.port(url), proxy: proxy) ?? []
        if !chain.isEmpty { chains.withLock { $0[key] = chain } }
        return chain
    }

    // MARK: Connections, DNS and proxies

    /// Where the connection went: the proxy, or the server.
    var proxyName: String? { proxy.map { "the proxy \($0.display) (from \($0.variable))" } }

    func unresolved(_ host: String) -> String {
        if let proxy, host == proxy.host {
            return "proxy: the name \(host) of the proxy \(proxy.display) (from \(proxy.variable)) does not resolve; check \(proxy.variable)"
        }
        return "DNS: the name \(host) does not resolve; check the host in --base-url, and this machine's DNS or network"
    }

    func refused(_ error: IOError) -> String {
        let reason = String(cString: strerror(error.errnoCode)).lowercased()
        if let proxy {
            return "proxy: cannot connect to the proxy \(proxy.display) (from \(proxy.variable)): \(reason); "
                + "check \(proxy.variable), or list \(url.host ?? "the host") in NO_PROXY to go direct"
        }
        return LiveTransportError.unreachable(reason: String(cString: strerror(error.errnoCode)), url: url).description
    }

    func clientFailure(_ error: HTTPClientError) -> String? {
        switch error {
        case .proxyAuthenticationRequired:
            guard let proxy else { return nil }
            if proxy.username == nil {
                return "proxy: \(proxyName!) asks for credentials (407); put them in \(proxy.variable) as http://USER:PASSWORD@\(proxy.host):\(proxy.port)"
            }
            return "proxy: \(proxyName!) refused the credentials in \(proxy.variable) (407); check the user name and password"
        case .invalidProxyResponse:
            // Some proxies (tinyproxy) answer wrong credentials with 401 rather than 407.
            let check = proxy?.username == nil ? "check" : "check the credentials in \(proxy!.variable) and"
            return "proxy: \(proxyName ?? "the proxy") would not open a tunnel to \(endpoint) (it answered CONNECT with an error, "
                + "such as 401, 403 or 502); \(check) that the proxy allows this host, or list it in NO_PROXY to go direct"
        case .httpProxyHandshakeTimeout, .socksHandshakeTimeout:
            return "proxy: \(proxyName ?? "the proxy") did not answer the request for a tunnel to \(endpoint); check \(proxy?.variable ?? "the proxy settings")"
        case .connectTimeout:
            if let proxyName { return "proxy: cannot connect to \(proxyName) in time; check \(proxy!.variable)" }
            return "cannot connect to \(endpoint) in time; check the host in --base-url, and this machine's network or proxy settings"
        case .tlsHandshakeTimeout:
            return "TLS: \(endpoint) did not finish the handshake in time; check that it is an HTTPS server"
        default:
            return nil
        }
    }

    // MARK: Words

    func scrub(_ text: String) -> String {
        secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
            .reduce(text) { $0.replacingOccurrences(of: $1, with: "<redacted>") }
    }

    static func port(_ url: URL) -> Int { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }

    /// `CERTIFICATE_VERIFY_FAILED` from `error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at …`.
    static func reason(_ description: String) -> String {
        guard let range = description.range(of: "OPENSSL_internal:") else { return "" }
        return String(description[range.upperBound...].prefix { $0 != " " })
    }

    /// `TLSV1_ALERT_PROTOCOL_VERSION` as "tlsv1 alert protocol version".
    static func words(_ reason: String) -> String {
        reason.replacingOccurrences(of: "_", with: " ").lowercased()
    }

    /// A certificate name as people read it: the common name, else the organisation, else all of it.
    static func name(_ parts: [SSLCertificateName]) -> String {
        if let common = parts.last(where: { $0.type == .commonName }) { return common.value }
        if let organization = parts.first(where: { $0.type == .organization }) { return organization.value }
        return parts.map(\.value).joined(separator: ", ")
    }

    /// The DNS names and IP addresses a certificate is for, else its common name.
    static func names(_ certificate: NIOSSLCertificate) -> [String] {
        let alternatives: [String] = certificate._subjectAlternativeNames().compactMap { name in
            switch name.nameType {
            case .dnsName: return String(decoding: name.contents, as: UTF8.self)
            case .ipAddress: return address(Array(name.contents))
            default: return nil
            }
        }
        if !alternatives.isEmpty { return alternatives }
        return certificate.subjectName.filter { $0.type == .commonName }.map(\.value)
    }

    /// `127.0.0.1` or `::1` from an address's 4 or 16 bytes.
    static func address(_ bytes: [UInt8]) -> String? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : bytes.count == 16 ? AF_INET6 : -1
        guard family != -1, inet_ntop(family, bytes, &text, socklen_t(text.count)) != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func date(_ time: time_t) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
    }
}
