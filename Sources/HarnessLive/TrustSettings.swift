import Foundation
import HarnessCore

/// The certificate authorities live calls trust.
///
/// The system's trust store by default. `SSL_CERT_FILE` (a PEM bundle) and `SSL_CERT_DIR` (directories of PEM
/// files, separated by `:`) replace it, as they do for OpenSSL and curl. `--ca-file` (or the project file's
/// `caFile`) adds one more CA on top of whichever of those applies. Verification is never turned off.
package struct TrustSettings: Sendable, Hashable {
    /// `SSL_CERT_FILE`: replaces the system's bundle.
    package var certificateFile: String?
    /// `SSL_CERT_DIR`: replaces the system's directory.
    package var certificateDirectories: [String]
    /// `--ca-file` or the project file's `caFile`: trusted as well.
    package var extraCAFiles: [String]

    /// The system's store and nothing else.
    package static let system = TrustSettings(certificateFile: nil, certificateDirectories: [], extraCAFiles: [])

    /// The given files and directories.
    package init(certificateFile: String?, certificateDirectories: [String], extraCAFiles: [String]) {
        self.certificateFile = certificateFile
        self.certificateDirectories = certificateDirectories
        self.extraCAFiles = extraCAFiles
    }

    /// Reads `SSL_CERT_FILE` and `SSL_CERT_DIR`; `caFile` is `--ca-file`'s argument (or the project file's).
    package init(environment: [String: String], caFile: String? = nil) {
        certificateFile = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        certificateDirectories = (environment["SSL_CERT_DIR"] ?? "").split(separator: ":").map(String.init)
        extraCAFiles = caFile.map { [$0] } ?? []
    }

    /// True when the system's store is used (neither `SSL_CERT_FILE` nor `SSL_CERT_DIR` replaces it).
    package var usesSystemStore: Bool { certificateFile == nil && certificateDirectories.isEmpty }

    /// Checks that every named file or directory can be read and holds a PEM certificate, so a typo is one line
    /// before any call rather than a TLS failure on every case.
    package func validate() throws(NetworkSettingsError) {
        var named: [(String, String)] = extraCAFiles.map { ("--ca-file", $0) }
        if let certificateFile { named.append(("SSL_CERT_FILE", certificateFile)) }
        for (source, path) in named {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw NetworkSettingsError("\(source) \(path): cannot read the file; name a PEM file of CA certificates")
            }
            guard String(decoding: data, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
                throw NetworkSettingsError("\(source) \(path): holds no PEM certificate (-----BEGIN CERTIFICATE-----); "
                    + "convert a DER file with: openssl x509 -inform der -in FILE -out FILE.pem")
            }
        }
        for directory in certificateDirectories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw NetworkSettingsError("SSL_CERT_DIR \(directory): is not a directory; name a directory of CA certificates")
            }
        }
    }
}
