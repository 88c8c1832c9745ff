import Foundation
import FoursquarePlaces
import HarnessLive
@testable import LiveHTTPClient
import Testing
import TestSupport

/// The live stack over HTTPS to the emulator with a CA the test makes: whom it trusts, the proxy it goes
/// through, and the one line each way of failing gives.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct NetworkFailureTests {
    static let fixtures = Products.packageRoot.appendingPathComponent("Fixtures")

    /// Sends one GET with the settings; any HTTP answer (the emulator's 401 too) means TLS and proxy worked.
    func get(_ base: String, _ settings: NetworkSettings, timeout: Double = 10) async throws -> HTTPResponse {
        let url = URL(string: base + "/places/search?query=coffee")!
        return try await offThePool {
            try await LiveTransport(stack: AsyncHTTPClientStack(settings: settings), timeout: timeout).send(HTTPRequest(url: url)).1
        }
    }

    /// The one-line cause of a call that must fail, with its raw error.
    func failure(_ base: String, _ settings: NetworkSettings) async -> (cause: String, raw: String) {
        do {
            let response = try await get(base, settings)
            Issue.record("expected a network failure, got HTTP \(response.status)")
        } catch let LiveTransportError.network(cause, raw, _) {
            #expect(Self.isPlain(cause), "\(cause)")
            return (cause, raw)
        } catch {
            Issue.record("expected a network failure, got \(error)")
        }
        return ("", "")
    }

    /// One line, in words: no library type names, no bare error codes, no build paths.
    static func isPlain(_ line: String) -> Bool {
        !line.contains("\n") && !["NIO", "BoringSSL", "HTTPClientError", "Error(", "error:", ".swift", "/.build", "/work/"]
            .contains { line.contains($0) }
    }

    func settings(_ environment: [String: String] = [:], caFile: String? = nil) throws -> NetworkSettings {
        try NetworkSettings(environment: environment, caFile: caFile)
    }

    func withServer<T>(_ pair: (TestCertificates) -> TestCertificates.Pair = \.server,
                       _ body: (EmulatorProcess, TestCertificates) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-pki-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pki = try TestCertificates.make(in: folder)
        let chosen = pair(pki)
        let emulator = try await EmulatorProcess(fixtures: Self.fixtures, arguments: ["--tls-cert", chosen.certificate, "--tls-key", chosen.key])
        defer { emulator.stop() }
        return try await body(emulator, pki)
    }

    // MARK: Trust

    @Test func anUntrustedCertificateNamesItsIssuerAndSaysHowToTrustIt() async throws {
        try await withServer { emulator, pki in
            let (cause, raw) = await failure(emulator.baseURL, try settings())
            #expect(cause == "TLS: the certificate of 127.0.0.1:\(emulator.port) is not trusted (issuer \"\(TestCertificates.caName)\"); "
                + "trust its CA with --ca-file FILE or SSL_CERT_FILE")
            // The library's words stay for the report's detail.
            #expect(raw.contains("CERTIFICATE_VERIFY_FAILED"))
            // Neither the call nor the probe that read the certificate sent a request.
            #expect(!emulator.output.contains("/places/"), "\(emulator.output)")
            // A trusted call still gets through afterwards: the emulator logs it.
            _ = try await get(emulator.baseURL, try settings(caFile: pki.caCertificate))
            #expect(emulator.output.contains("/places/search"))
        }
    }

    @Test func theCAFileOrSSLCertFileOrSSLCertDirMakesItTrusted() async throws {
        try await withServer { emulator, pki in
            // By name too: the certificate lists localhost.
            let named = emulator.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let cases: [(String, NetworkSettings)] = [
                (emulator.baseURL, try settings(caFile: pki.caCertificate)),
                (emulator.baseURL, try settings(["SSL_CERT_FILE": pki.caCertificate])),
                (emulator.baseURL, try settings(["SSL_CERT_DIR": pki.caDirectory])),
                (named, try settings(caFile: pki.caCertificate)),
            ]
            for (base, trust) in cases {
                let response = try await get(base, trust)
                #expect(response.status == 401, "\(base) \(trust.trust)")
            }
        }
    }

    @Test func sslCertFileReplacesTheSystemStoreAndCAFileAddsToIt() async throws {
        try await withServer { emulator, pki in
            // SSL_CERT_FILE naming another bundle (the system's) replaces nothing in our favour: still untrusted…
            let system = "/etc/ssl/certs/ca-certificates.crt"
            guard FileManager.default.fileExists(atPath: system) else { return }
            let (cause, _) = await failure(emulator.baseURL, try settings(["SSL_CERT_FILE": system]))
            #expect(cause.contains("is not trusted"))
            // …and --ca-file adds the CA on top of it.
            #expect(try await get(emulator.baseURL, try settings(["SSL_CERT_FILE": system], caFile: pki.caCertificate)).status == 401)
        }
    }

    @Test func aCAFileThatIsNotPEMIsOneLineBeforeAnyCall() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-ca-\(UUID().uuidString).pem")
        try Data("-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: NetworkSettingsError("--ca-file \(file.path): cannot be read as PEM certificates; name a PEM file of CA certificates")) {
            _ = try AsyncHTTPClientStack(settings: try settings(caFile: file.path))
        }
        #expect(throws: NetworkSettingsError("--ca-file /nonexistent/ca.pem: cannot read the file; name a PEM file of CA certificates")) {
            _ = try settings(caFile: "/nonexistent/ca.pem")
        }
    }

    @Test func anExpiredCertificateSaysSoWithItsDate() async throws {
        try await withServer(\.expired) { emulator, pki in
            // Trusted, so expiry is the only fault.
            let (cause, _) = await failure(emulator.baseURL, try settings(caFile: pki.caCertificate))
            #expect(cause.hasPrefix("TLS: the certificate of 127.0.0.1:\(emulator.port) expired on "), "\(cause)")
            #expect(cause.hasSuffix("; the server must renew it (or this machine's clock is wrong)"))
            // Untrusted as well: expiry is still what the line names, since no CA file fixes it.
            let (untrusted, _) = await failure(emulator.baseURL, try settings())
            #expect(untrusted.contains("expired on"))
        }
    }

    @Test func aNameMismatchSaysWhichNamesTheCertificateIsFor() async throws {
        try await withServer(\.otherName) { emulator, pki in
            let (cause, raw) = await failure(emulator.baseURL, try settings(caFile: pki.caCertificate))
            #expect(cause == "TLS: the certificate of 127.0.0.1:\(emulator.port) is not for 127.0.0.1 (it names \"elsewhere.example\"); "
                + "call the server by a name its certificate lists")
            #expect(!raw.isEmpty)
        }
    }

    @Test func plainHTTPCalledWithHTTPSSaysItDoesNotSpeakTLS() async throws {
        let emulator = try await EmulatorProcess(fixtures: Self.fixtures)
        defer { emulator.stop() }
        let (cause, _) = await failure("https://127.0.0.1:\(emulator.port)", try settings())
        #expect(cause == "TLS: 127.0.0.1:\(emulator.port) does not speak TLS; use http:// in --base-url if it is a plain HTTP server")
    }

    @Test func aNameThatDoesNotResolveSaysSo() async throws {
        // `.invalid` never resolves (RFC 6761): the resolver fails and nothing leaves the machine.
        let (cause, _) = await failure("https://fsq-contract-test.invalid", try settings())
        #expect(cause == "DNS: the name fsq-contract-test.invalid does not resolve; check the host in --base-url, and this machine's DNS or network")
    }

    // MARK: Proxies

    @Test func httpsGoesThroughTheProxyWithItsCredentialsAndTheProxySeesTheTunnel() async throws {
        try await withServer { emulator, pki in
            let proxy = try ConnectProxy.start(.requireCredentials(user: "proxy-user", password: "pa:ss@word"))
            defer { proxy.stop() }
            let environment = ["HTTPS_PROXY": proxy.url(user: "proxy-user", password: "pa:ss@word")]
            #expect(try await get(emulator.baseURL, try settings(environment, caFile: pki.caCertificate)).status == 401)
            #expect(proxy.tunnels == ["127.0.0.1:\(emulator.port)"])
            #expect(proxy.requests.first?.authorization == "Basic " + Data("proxy-user:pa:ss@word".utf8).base64EncodedString())
        }
    }

    @Test func lowerCaseAndAllProxyAreReadAndNoProxyGoesDirect() async throws {
        try await withServer { emulator, pki in
            let proxy = try ConnectProxy.start()
            defer { proxy.stop() }
            _ = try await get(emulator.baseURL, try settings(["https_proxy": proxy.url()], caFile: pki.caCertificate))
            _ = try await get(emulator.baseURL, try settings(["ALL_PROXY": proxy.url()], caFile: pki.caCertificate))
            #expect(proxy.tunnels.count == 2)
            // Listed in NO_PROXY: direct, and the proxy sees nothing more.
            for list in ["127.0.0.1", "localhost,127.0.0.0/8", "*"] {
                _ = try await get(emulator.baseURL, try settings(["HTTPS_PROXY": proxy.url(), "NO_PROXY": list], caFile: pki.caCertificate))
            }
            #expect(proxy.tunnels.count == 2)
        }
    }

    @Test func anUnreachableProxyIsNamedWithoutItsCredentials() async throws {
        try await withRefusedPort { port in
            let url = "http://secret-user:secret-pass@127.0.0.1:\(port)"
            let (cause, raw) = await failure("https://127.0.0.1:9", try settings(["HTTPS_PROXY": url]))
            #expect(cause == "proxy: cannot connect to the proxy http://127.0.0.1:\(port) (from HTTPS_PROXY): connection refused; "
                + "check HTTPS_PROXY, or list 127.0.0.1 in NO_PROXY to go direct")
            for text in [cause, raw] { #expect(!text.contains("secret-")) }
        }
    }

    @Test func aProxyWhoseNameDoesNotResolveIsNamedAsTheProxy() async throws {
        let (cause, _) = await failure("https://127.0.0.1:9", try settings(["https_proxy": "http://u:SECRET-99@proxy.invalid:3128"]))
        #expect(cause == "proxy: the name proxy.invalid of the proxy http://proxy.invalid:3128 (from https_proxy) does not resolve; check https_proxy")
    }

    @Test func aProxyThatAsksForCredentialsOrRefusesTheTunnelSaysSo() async throws {
        try await withServer { emulator, pki in
            let guarded = try ConnectProxy.start(.requireCredentials(user: "u", password: "right"))
            defer { guarded.stop() }
            let (missing, _) = await failure(emulator.baseURL, try settings(["HTTPS_PROXY": guarded.url()], caFile: pki.caCertificate))
            #expect(missing == "proxy: the proxy http://127.0.0.1:\(guarded.port) (from HTTPS_PROXY) asks for credentials (407); "
                + "put them in HTTPS_PROXY as http://USER:PASSWORD@127.0.0.1:\(guarded.port)")
            let (wrong, _) = await failure(emulator.baseURL, try settings(["HTTPS_PROXY": guarded.url(user: "u", password: "wrong")],
                                                                          caFile: pki.caCertificate))
            #expect(wrong == "proxy: the proxy http://127.0.0.1:\(guarded.port) (from HTTPS_PROXY) refused the credentials in HTTPS_PROXY (407); "
                + "check the user name and password")
            let refusing = try ConnectProxy.start(.refuse(status: 502))
            defer { refusing.stop() }
            let (refused, _) = await failure(emulator.baseURL, try settings(["HTTPS_PROXY": refusing.url()], caFile: pki.caCertificate))
            #expect(refused.hasPrefix("proxy: the proxy http://127.0.0.1:\(refusing.port) (from HTTPS_PROXY) would not open a tunnel to 127.0.0.1:\(emulator.port)"))
        }
    }

    @Test func throughAProxyAnUntrustedCertificateIsStillNamedWithItsIssuer() async throws {
        try await withServer { emulator, _ in
            let proxy = try ConnectProxy.start()
            defer { proxy.stop() }
            let (cause, _) = await failure(emulator.baseURL, try settings(["HTTPS_PROXY": proxy.url()]))
            #expect(cause.contains("is not trusted (issuer \"\(TestCertificates.caName)\")"), "\(cause)")
        }
    }
}
