import Foundation

/// How live calls reach the server: whom they trust and which proxy they go through.
public struct NetworkSettings: Sendable, Equatable {
    /// The CAs live calls trust.
    public var trust: TrustSettings
    /// The proxy each URL goes through.
    public var proxies: ProxySettings

    /// The system's trust store and no proxy.
    public static let direct = NetworkSettings(trust: .system, proxies: .direct)

    /// The given trust and proxies, as they are (not checked).
    public init(trust: TrustSettings, proxies: ProxySettings) {
        self.trust = trust
        self.proxies = proxies
    }

    /// The settings `environment` gives (as curl reads them), plus `caFile` from `--ca-file` or the project file;
    /// throws one line naming a variable or file that cannot be used.
    public init(environment: [String: String], caFile: String? = nil) throws(NetworkSettingsError) {
        trust = TrustSettings(environment: environment, caFile: caFile)
        try trust.validate()
        proxies = try ProxySettings(environment: environment)
    }
}
