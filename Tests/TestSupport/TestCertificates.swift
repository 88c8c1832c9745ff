import Foundation

/// A throwaway CA and server certificates it signed, made with the openssl CLI in a folder of their own:
/// what a company's TLS-inspecting proxy or internal gateway presents.
///
///     let pki = try TestCertificates.make(in: folder)
///     ... --tls-cert pki.server.certificate --tls-key pki.server.key, SSL_CERT_FILE=pki.caCertificate ...
public struct TestCertificates: Sendable {
    /// A certificate and its private key, as PEM files.
    public struct Pair: Sendable {
        public let certificate: String
        public let key: String
    }

    /// The CA's name, as a cause that names the issuer shows it.
    public static let caName = "fsq-contract Test CA"

    /// The CA certificate (PEM): what `--ca-file` and `SSL_CERT_FILE` name.
    public let caCertificate: String
    /// A directory holding the CA certificate under its subject hash, as `SSL_CERT_DIR` expects.
    public let caDirectory: String
    /// For 127.0.0.1, ::1 and localhost, valid for two days.
    public let server: Pair
    /// For 127.0.0.1 and localhost, but expired yesterday.
    public let expired: Pair
    /// Valid, but only for `elsewhere.example`.
    public let otherName: Pair

    /// Makes the CA and the three server certificates under `folder`; throws with openssl's output on failure.
    public static func make(in folder: URL) throws -> TestCertificates {
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(["req", "-x509"] + ec + ["-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2",
                                           "-subj", "/O=fsq-contract tests/CN=\(caName)",
                                           "-addext", "basicConstraints=critical,CA:TRUE",
                                           "-addext", "keyUsage=critical,keyCertSign,cRLSign"])
        func leaf(_ name: String, names: String, days: String) throws -> Pair {
            try openssl(["req"] + ec + ["-keyout", path("\(name).key"), "-out", path("\(name).csr"), "-subj", "/CN=\(name)"])
            let extensions = path("\(name).ext")
            try Data("subjectAltName=\(names)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8)
                .write(to: URL(fileURLWithPath: extensions))
            try openssl(["x509", "-req", "-in", path("\(name).csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                         "-set_serial", String(Int.random(in: 1000...999_999)), "-days", days, "-extfile", extensions,
                         "-out", path("\(name).pem")])
            return Pair(certificate: path("\(name).pem"), key: path("\(name).key"))
        }
        let server = try leaf("server", names: "IP:127.0.0.1,IP:::1,DNS:localhost", days: "2")
        // A negative number of days puts notAfter before now: a certificate that has expired.
        let expired = try leaf("expired", names: "IP:127.0.0.1,DNS:localhost", days: "-1")
        let otherName = try leaf("other-name", names: "DNS:elsewhere.example", days: "2")
        let directory = folder.appendingPathComponent("ca-dir")
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        let hash = try openssl(["x509", "-in", path("ca.pem"), "-noout", "-subject_hash"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try fm.copyItem(atPath: path("ca.pem"), toPath: directory.appendingPathComponent("\(hash).0").path)
        return TestCertificates(caCertificate: path("ca.pem"), caDirectory: directory.path, server: server,
                                expired: expired, otherName: otherName)
    }

    @discardableResult
    static func openssl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw TestCertificatesError(description: "openssl \(arguments.first ?? "") failed: \(text)")
        }
        return text
    }
}

/// openssl could not make a test certificate.
public struct TestCertificatesError: Error, CustomStringConvertible {
    public let description: String
}
