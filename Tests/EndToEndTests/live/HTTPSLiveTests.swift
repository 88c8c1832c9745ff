import Foundation
import Testing
import TestSupport

/// `run --live`, `record` and `drift` over HTTPS to the emulator serving a certificate from a CA the test makes,
/// as a company's TLS-inspecting proxy or internal gateway would present it, directly and through a proxy.
@Suite("live verbs over HTTPS and through a proxy", .serialized)
struct HTTPSLiveTests {
    static let served = ["chains/200-typical.json", "chains/404-not-found.json", "place-details/200-minimal-fields.json"]

    /// The three live verbs, each told to call `base` for the fixtures in `folder`.
    func verbs(_ folder: URL, _ base: String, _ extra: [String] = []) -> [(name: String, arguments: [String])] {
        let reports = folder.deletingLastPathComponent().appendingPathComponent("Reports-\(UUID().uuidString)")
        return [
            ("run --live", ["run", "--live", "--report", reports.appendingPathComponent("live.xml").path]),
            ("record", ["record", "--mode", "failed"]),
            ("drift", ["drift", "--report", reports.appendingPathComponent("drift.xml").path,
                       "--summary", reports.appendingPathComponent("drift.md").path]),
        ].map { ($0.0, $0.1 + ["--base-url", base, "--fixtures", folder.path, "--retries", "0"] + extra) }
    }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ["FSQ_API_KEY": E2E.sentinel, "CI": "false"]
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    func withPKI<T>(_ body: (URL, TestCertificates) async throws -> T) async throws -> T {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("fixtures")
            try copyFixtures(Self.served, to: fixtures)
            return try await body(fixtures, try TestCertificates.make(in: tmp.appendingPathComponent("pki")))
        }
    }

    /// No call gets an answer, so a verb that judges the contract could not judge it: exit 3, not 1 (a contract
    /// change). `record` judges nothing: its fixtures were not recorded, which is its failure (1).
    static func status(whenNothingAnswers verb: String) -> Int32 { verb == "record" ? 1 : 3 }

    @Test func untrustedEveryLiveVerbEndsWithTheOneLineCause() async throws {
        try await withPKI { fixtures, pki in
            let emulator = try await EmulatorProcess(fixtures: fixtures, arguments: ["--tls-cert", pki.server.certificate, "--tls-key", pki.server.key])
            defer { emulator.stop() }
            let cause = "TLS: the certificate of 127.0.0.1:\(emulator.port) is not trusted (issuer \"\(TestCertificates.caName)\"); "
                + "trust its CA with --ca-file FILE or SSL_CERT_FILE"
            for verb in verbs(fixtures, emulator.baseURL) {
                let result = try await Products.run(verb.arguments, environment: environment())
                #expect(result.status == Self.status(whenNothingAnswers: verb.name), "\(verb.name): \(result.stdout)\n\(result.stderr)")
                // The cause's line names what happened; its advice is the hint's line (both within 200 characters).
                #expect(cause.components(separatedBy: "; ").allSatisfy(result.stdout.contains), "\(verb.name): \(result.stdout)")
                for text in [result.stdout, result.stderr] {
                    for word in ["NIOSSL", "BoringSSL", "CERTIFICATE_VERIFY_FAILED", "/.build/", "handshakeFailed"] {
                        #expect(!text.contains(word), "\(verb.name) printed \(word)")
                    }
                }
            }
            // A certificate that does not verify is not retried: another attempt would fail the same way. The
            // library's own words are in the report's detail only.
            let report = fixtures.deletingLastPathComponent().appendingPathComponent("retried.xml")
            let retried = try await Products.run(["run", "--live", "--base-url", emulator.baseURL, "--fixtures", fixtures.path,
                                                  "--report", report.path, "--retries", "2"], environment: environment())
            #expect(retried.status == 3)
            let xml = try String(contentsOf: report, encoding: .utf8)
            #expect(xml.contains("attempts: 1") && !xml.contains("attempts: 2") && !xml.contains("attempts: 3"))
            #expect(xml.contains("raw error: ") && xml.contains("CERTIFICATE_VERIFY_FAILED"))
        }
    }

    @Test func sslCertFileOrCAFileMakesEveryLiveVerbGreenAgainstServeWithTLS() async throws {
        try await withPKI { fixtures, pki in
            let emulator = try await EmulatorProcess(fixtures: fixtures, arguments: ["--tls-cert", pki.server.certificate, "--tls-key", pki.server.key],
                                               launcher: .contractServe)
            defer { emulator.stop() }
            #expect(emulator.baseURL.hasPrefix("https://"))
            for (trust, flags) in [(["SSL_CERT_FILE": pki.caCertificate], [String]()), ([:], ["--ca-file", pki.caCertificate])] {
                for verb in verbs(fixtures, emulator.baseURL, flags) {
                    let result = try await Products.run(verb.arguments, environment: environment(trust))
                    #expect(result.status == 0, "\(verb.name) \(trust) \(flags): \(result.stdout.suffix(2000))\n\(result.stderr)")
                }
            }
        }
    }

    @Test func throughACredentialedProxyEveryVerbIsGreenAndTheCredentialsAreNowhere() async throws {
        try await withPKI { fixtures, pki in
            let emulator = try await EmulatorProcess(fixtures: fixtures, arguments: ["--tls-cert", pki.server.certificate, "--tls-key", pki.server.key])
            defer { emulator.stop() }
            let user = "SENTINEL-PROXY-USER-3c9e"
            let password = "SENTINEL-PROXY-PASS-8b1d"
            let proxy = try ConnectProxy.start(.requireCredentials(user: user, password: password))
            defer { proxy.stop() }
            let secrets = [user, password, Data("\(user):\(password)".utf8).base64EncodedString()]
            var tunnels = 0
            for verb in verbs(fixtures, emulator.baseURL, ["--ca-file", pki.caCertificate]) {
                let result = try await Products.run(verb.arguments, environment: environment(["HTTPS_PROXY": proxy.url(user: user, password: password)]))
                #expect(result.status == 0, "\(verb.name): \(result.stdout.suffix(2000))\n\(result.stderr)")
                // Every verb's calls went through the proxy's tunnels, credentials and all.
                #expect(proxy.tunnels.count > tunnels, "\(verb.name) opened no tunnel")
                tunnels = proxy.tunnels.count
                for secret in secrets {
                    #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(verb.name) printed a proxy credential")
                }
            }
            #expect(proxy.tunnels.allSatisfy { $0 == "127.0.0.1:\(emulator.port)" })
            #expect(proxy.requests.allSatisfy { $0.opened })
            // Reports, the drift summary and the fixtures record nothing of the credentials.
            let written = E2E.allText(under: fixtures.deletingLastPathComponent())
            for secret in secrets { #expect(!written.contains(secret), "a proxy credential was written to a file") }
            #expect(!emulator.output.contains(password))
        }
    }

    @Test func anUnreachableProxyIsOneLineNamingItWithoutItsCredentials() async throws {
        try await withPKI { fixtures, pki in
            try await withRefusedPort { port in
                let password = "SENTINEL-PROXY-PASS-55aa"
                let proxyURL = "http://someone:\(password)@127.0.0.1:\(port)"
                let cause = "proxy: cannot connect to the proxy http://127.0.0.1:\(port) (from HTTPS_PROXY): connection refused; "
                    + "check HTTPS_PROXY, or list 127.0.0.1 in NO_PROXY to go direct"
                for verb in verbs(fixtures, "https://127.0.0.1:9", ["--ca-file", pki.caCertificate]) {
                    let result = try await Products.run(verb.arguments, environment: environment(["HTTPS_PROXY": proxyURL]))
                    #expect(result.status == Self.status(whenNothingAnswers: verb.name), "\(verb.name): \(result.stdout)")
                    // The cause's line names what happened; its advice is the hint's line (both within 200 characters).
                #expect(cause.components(separatedBy: "; ").allSatisfy(result.stdout.contains), "\(verb.name): \(result.stdout)")
                    #expect(!(result.stdout + result.stderr).contains(password))
                }
                #expect(!E2E.allText(under: fixtures.deletingLastPathComponent()).contains(password))
            }
        }
    }

    @Test func theProjectFilesCAFileIsTrustedAndABadOneIsOneLine() async throws {
        try await withPKI { fixtures, pki in
            let emulator = try await EmulatorProcess(fixtures: fixtures, arguments: ["--tls-cert", pki.server.certificate, "--tls-key", pki.server.key])
            defer { emulator.stop() }
            let folder = fixtures.deletingLastPathComponent()
            try Data(#"{"fixtures": "fixtures", "caFile": "pki/ca.pem"}"#.utf8).write(to: folder.appendingPathComponent("fsq-contract.json"))
            let green = try await Products.run(["run", "--live", "--base-url", emulator.baseURL, "--report", "Reports/live.xml"],
                                               environment: environment(), currentDirectory: folder)
            #expect(green.status == 0, "\(green.stdout.suffix(2000))\n\(green.stderr)")
            let bad = try await Products.run(["run", "--live", "--base-url", emulator.baseURL, "--ca-file", "missing.pem"],
                                             environment: environment(), currentDirectory: folder)
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("--ca-file missing.pem: cannot read the file; name a PEM file of CA certificates"), "\(bad.stderr)")
            let badProxy = try await Products.run(["run", "--live", "--base-url", emulator.baseURL],
                                                  environment: environment(["HTTPS_PROXY": "https://user:SENTINEL-PW-1@proxy.invalid:8443"]),
                                                  currentDirectory: folder)
            #expect(badProxy.status == 2)
            #expect(badProxy.stderr.contains("HTTPS_PROXY names an https:// proxy"), "\(badProxy.stderr)")
            #expect(!(badProxy.stdout + badProxy.stderr).contains("SENTINEL-PW-1"))
        }
    }
}
