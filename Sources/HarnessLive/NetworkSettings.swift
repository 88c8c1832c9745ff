import Foundation
import HarnessCore

/// How live calls reach the server: whom they trust and which proxy they go through.
package struct NetworkSettings: Sendable, Equatable {
    /// The CAs live calls trust.
    package var trust: TrustSettings
    /// The proxy each URL goes through.
    package var proxies: ProxySettings

    /// The system's trust store and no proxy.
    package static let direct = NetworkSettings(trust: .system, proxies: .direct)

    /// The given trust and proxies, as they are (not checked).
    package init(trust: TrustSettings, proxies: ProxySettings) {
        self.trust = trust
        self.proxies = proxies
    }

    /// The settings `environment` gives (as curl reads them), plus `caFile` from `--ca-file` or the project file;
    /// throws one line naming a variable or file that cannot be used.
    package init(environment: [String: String], caFile: String? = nil) throws(NetworkSettingsError) {
        trust = TrustSettings(environment: environment, caFile: caFile)
        try trust.validate()
        proxies = try ProxySettings(environment: environment)
    }
}
