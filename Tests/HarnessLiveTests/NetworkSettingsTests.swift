import Foundation
import HarnessLive
import Testing

/// The proxy and trust settings as curl and OpenSSL read them from the environment.
struct NetworkSettingsTests {
    let https = URL(string: "https://places-api.foursquare.com/places/search")!
    let http = URL(string: "http://127.0.0.1:8080/places/search")!

    @Test func httpsUsesHTTPSProxyAndHTTPUsesHTTPProxyLowerCaseFirst() throws {
        let proxies = try ProxySettings(environment: [
            "https_proxy": "http://lower:3128", "HTTPS_PROXY": "http://upper:3128", "HTTP_PROXY": "plain.example:8080",
        ])
        #expect(proxies.proxy(for: https)?.host == "lower")
        #expect(proxies.proxy(for: https)?.variable == "https_proxy")
        // No scheme means http://, as curl reads it.
        #expect(proxies.proxy(for: http)?.display == "http://plain.example:8080")
    }

    @Test func allProxyCoversWhatTheOthersLeaveAndTheDefaultPortIs1080() throws {
        let proxies = try ProxySettings(environment: ["ALL_PROXY": "http://gateway.corp"])
        #expect(proxies.proxy(for: https)?.port == 1080)
        #expect(proxies.proxy(for: http)?.variable == "ALL_PROXY")
        #expect(try ProxySettings(environment: [:]).proxy(for: https) == nil)
        #expect(try ProxySettings(environment: ["HTTPS_PROXY": ""]).proxy(for: https) == nil)
    }

    @Test func credentialsArePercentDecodedAndNeverInTheDisplay() throws {
        let proxy = try #require(try ProxySettings(environment: ["HTTPS_PROXY": "http://us%40er:p%3Ass@proxy.corp:3128"]).proxy(for: https))
        #expect(proxy.username == "us@er")
        #expect(proxy.password == "p:ss")
        #expect(proxy.display == "http://proxy.corp:3128")
        #expect(proxy.secrets.contains(Data("us@er:p:ss".utf8).base64EncodedString()))
        #expect(proxy.secrets.contains("p:ss"))
    }

    @Test func noProxyListsHostsDomainsAddressesAndRangesAndOnlyThoseGoDirect() throws {
        let base = ["HTTPS_PROXY": "http://proxy.corp:3128", "HTTP_PROXY": "http://proxy.corp:3128"]
        func direct(_ list: String, _ url: String) throws -> Bool {
            var environment = base
            environment["NO_PROXY"] = list
            return try ProxySettings(environment: environment).proxy(for: URL(string: url)!) == nil
        }
        #expect(try direct("foursquare.com", "https://places-api.foursquare.com"))
        #expect(try direct(".foursquare.com", "https://places-api.foursquare.com"))
        #expect(try !direct("foursquare.com", "https://notfoursquare.com"))
        #expect(try direct("localhost, 127.0.0.1", "http://127.0.0.1:8080"))
        #expect(try direct("10.0.0.0/8 127.0.0.0/8", "http://127.0.0.1:8080"))
        #expect(try !direct("10.0.0.0/8", "http://127.0.0.1:8080"))
        #expect(try direct("*", "https://anything.example"))
        #expect(try direct("::1", "http://[::1]:8080"))
        // curl's rule: loopback too goes through the proxy unless it is listed.
        #expect(try !direct("", "http://127.0.0.1:8080"))
        #expect(try !direct("localhost", "http://127.0.0.1:8080"))
        // Lower case wins, as for the other variables.
        #expect(try ProxySettings(environment: base.merging(["no_proxy": "127.0.0.1", "NO_PROXY": "other"]) { $1 })
            .proxy(for: http) == nil)
    }

    @Test func aProxyTheHarnessCannotUseIsOneLineThatNeverQuotesTheValue() throws {
        for (value, words) in [
            ("https://user:SECRET@proxy.corp:3128", "HTTPS_PROXY names an https:// proxy, which the harness cannot use"),
            ("ftp://proxy.corp", "HTTPS_PROXY names a proxy of an unknown kind"),
            ("socks5://user:SECRET@proxy.corp", "HTTPS_PROXY names a SOCKS proxy with credentials"),
            ("http://user:SECRET@proxy.corp:99999", "HTTPS_PROXY has a port outside 1...65535"),
        ] {
            do {
                _ = try ProxySettings(environment: ["HTTPS_PROXY": value])
                Issue.record("\(words): accepted")
            } catch {
                #expect(error.description.hasPrefix(words), "\(error.description)")
                #expect(!error.description.contains("SECRET"))
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(try ProxySettings(environment: ["HTTPS_PROXY": "socks5h://proxy.corp:1080"]).https?.kind == .socks5)
    }

    @Test func sslCertFileAndDirReplaceTheSystemStoreAndCAFileAdds() throws {
        #expect(TrustSettings(environment: [:]).usesSystemStore)
        let trust = TrustSettings(environment: ["SSL_CERT_FILE": "/a.pem", "SSL_CERT_DIR": "/d1:/d2"], caFile: "/ca.pem")
        #expect(!trust.usesSystemStore)
        #expect(trust.certificateFile == "/a.pem")
        #expect(trust.certificateDirectories == ["/d1", "/d2"])
        #expect(trust.extraCAFiles == ["/ca.pem"])
    }

    @Test func aCAFileThatCannotBeUsedIsOneLineNamingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let der = folder.appendingPathComponent("ca.der")
        try Data([0x30, 0x82, 0x01, 0x0A]).write(to: der)
        #expect(throws: NetworkSettingsError("--ca-file \(der.path): holds no PEM certificate (-----BEGIN CERTIFICATE-----); "
            + "convert a DER file with: openssl x509 -inform der -in FILE -out FILE.pem")) {
            _ = try NetworkSettings(environment: [:], caFile: der.path)
        }
        #expect(throws: NetworkSettingsError("SSL_CERT_FILE /missing.pem: cannot read the file; name a PEM file of CA certificates")) {
            _ = try NetworkSettings(environment: ["SSL_CERT_FILE": "/missing.pem"])
        }
        #expect(throws: NetworkSettingsError("SSL_CERT_DIR /missing-dir: is not a directory; name a directory of CA certificates")) {
            _ = try NetworkSettings(environment: ["SSL_CERT_DIR": "/missing-dir"])
        }
    }
}
