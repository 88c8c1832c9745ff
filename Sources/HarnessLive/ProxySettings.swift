import Foundation
import HarnessCore

/// A proxy named by an environment variable, as curl reads it: `[scheme://][user[:password]@]host[:port]`.
package struct ProxyServer: Sendable, Hashable {
    /// How the harness talks to the proxy.
    package enum Kind: String, Sendable, Hashable {
        /// An HTTP proxy: HTTPS (and HTTP) go through a `CONNECT` tunnel.
        case http
        /// A SOCKS5 proxy (`socks5://` or `socks5h://`), without credentials.
        case socks5
    }

    /// HTTP (`CONNECT` tunnels) or SOCKS5.
    package var kind: Kind
    /// The proxy's host name or address, without brackets.
    package var host: String
    /// The proxy's port: 1080 when the URL names none, as curl reads it.
    package var port: Int
    /// From the URL's user part, percent-decoded; sent as `Proxy-Authorization: Basic …`, printed nowhere.
    package var username: String?
    package var password: String?
    /// The variable that named it (`HTTPS_PROXY`, `all_proxy`, …), for messages.
    package var variable: String

    /// `http://host:port`: the proxy as messages name it, never with its credentials.
    package var display: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(kind.rawValue)://\(shown):\(port)"
    }

    /// The texts that must never be printed: the password, the user name, and the `user:password` pair as
    /// `Proxy-Authorization` carries it (base64) and as the URL carries it (percent-encoded).
    package var secrets: [String] {
        guard let username else { return [] }
        let pair = "\(username):\(password ?? "")"
        var texts = [pair, Data(pair.utf8).base64EncodedString()]
        if let password, password.count >= 3 { texts.append(password) }
        if username.count >= 3 { texts.append(username) }
        if let encoded = pair.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { texts.append(encoded) }
        return texts
    }

    /// Parses one variable's value; nil for an empty value (curl ignores those too).
    package init?(parsing value: String, variable: String) throws(NetworkSettingsError) {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let withScheme = text.contains("://") ? text : "http://" + text
        // The value is never quoted back: it may hold credentials.
        let expected = "use http://[user:password@]host:port or socks5://host:port"
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty else {
            throw NetworkSettingsError("\(variable) is not a proxy URL; \(expected)")
        }
        switch components.scheme?.lowercased() {
        case "http": kind = .http
        case "socks5", "socks5h": kind = .socks5
        case "https":
            throw NetworkSettingsError("\(variable) names an https:// proxy, which the harness cannot use; \(expected)")
        default:
            throw NetworkSettingsError("\(variable) names a proxy of an unknown kind; \(expected)")
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        // curl's default proxy port.
        port = components.port ?? 1080
        guard (1...65535).contains(port) else { throw NetworkSettingsError("\(variable) has a port outside 1...65535; \(expected)") }
        username = components.percentEncodedUser.flatMap { $0.removingPercentEncoding ?? $0 }.flatMap { $0.isEmpty ? nil : $0 }
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding ?? $0 }
        if kind == .socks5, username != nil {
            throw NetworkSettingsError("\(variable) names a SOCKS proxy with credentials, which the harness cannot send; use an HTTP proxy")
        }
        self.variable = variable
    }
}

/// Which proxy each URL goes through, from the environment as curl reads it: `https_proxy` for https URLs,
/// `http_proxy` for http ones, `all_proxy` for both when those are unset (each also upper-case, the lower-case
/// form first), and `no_proxy` for the hosts that go direct.
package struct ProxySettings: Sendable, Equatable {
    /// The proxy for `https://` URLs (`https_proxy`, else `all_proxy`).
    package var https: ProxyServer?
    /// The proxy for `http://` URLs (`http_proxy`, else `all_proxy`).
    package var http: ProxyServer?
    /// The hosts that go direct (`no_proxy`).
    package var bypass: NoProxyList

    /// No proxy at all.
    package static let direct = ProxySettings(https: nil, http: nil, bypass: NoProxyList(""))

    /// The given proxies and bypass list.
    package init(https: ProxyServer?, http: ProxyServer?, bypass: NoProxyList) {
        self.https = https
        self.http = http
        self.bypass = bypass
    }

    /// Reads `https_proxy`, `http_proxy`, `all_proxy` and `no_proxy` (and their upper-case forms).
    package init(environment: [String: String]) throws(NetworkSettingsError) {
        func named(_ name: String) throws(NetworkSettingsError) -> ProxyServer? {
            for variable in [name.lowercased(), name.uppercased()] {
                if let value = environment[variable], let server = try ProxyServer(parsing: value, variable: variable) {
                    return server
                }
            }
            return nil
        }
        let all = try named("all_proxy")
        https = try named("https_proxy") ?? all
        http = try named("http_proxy") ?? all
        bypass = NoProxyList(environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
    }

    /// The proxy for `url`, or nil to connect directly.
    package func proxy(for url: URL) -> ProxyServer? {
        let server = url.scheme?.lowercased() == "https" ? https : http
        guard let server, let host = url.host else { return server }
        return bypass.matches(host: host) ? nil : server
    }

    /// Every credential text of every proxy, for scrubbing.
    package var secrets: [String] { [https, http].compactMap { $0 }.flatMap(\.secrets) }
}

/// `no_proxy`, as curl reads it: `*` for every host, else host names (each also covering its subdomains, with or
/// without a leading dot), IP addresses and IPv4 CIDR ranges, separated by commas or spaces.
/// Only what it lists goes direct: loopback too goes through the proxy unless listed.
package struct NoProxyList: Sendable, Equatable {
    /// The entries, lower-cased, IPv6 brackets removed.
    package let entries: [String]

    /// Parses the variable's value.
    package init(_ text: String) {
        entries = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
            .map { $0.lowercased() }
            .map { $0.hasPrefix("[") && $0.hasSuffix("]") ? String($0.dropFirst().dropLast()) : $0 }
            .filter { !$0.isEmpty }
    }

    /// True when `rawHost` (a URL's host) is listed: it then goes direct.
    package func matches(host rawHost: String) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        return entries.contains { entry in
            if entry == "*" { return true }
            if let slash = entry.firstIndex(of: "/") {
                return Self.ipv4(host).map { Self.inRange($0, String(entry[..<slash]), bits: Int(entry[entry.index(after: slash)...])) } ?? false
            }
            var name = entry.hasPrefix(".") ? String(entry.dropFirst()) : entry
            if name.hasSuffix(".") { name.removeLast() }
            return host == name || host.hasSuffix("." + name)
        }
    }

    static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard let byte = UInt8(part) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }

    static func inRange(_ address: UInt32, _ network: String, bits: Int?) -> Bool {
        guard let base = ipv4(network), let bits, (0...32).contains(bits) else { return false }
        let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << (32 - bits)
        return address & mask == base & mask
    }
}

/// A network setting (a proxy variable, a CA file) the harness cannot use: one line naming it and what to do.
package struct NetworkSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line, naming the variable, flag or file.
    package let description: String
    /// A line naming the setting and what to do.
    package init(_ description: String) { self.description = description }
}
