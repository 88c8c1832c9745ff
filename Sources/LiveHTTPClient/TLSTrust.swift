import HarnessCore
import HarnessLive
import Foundation
import NIOSSL

/// The TLS configuration of live calls: full verification (chain and host name) against the trust settings.
enum TLSTrust {
    /// `trust` as NIOSSL reads it: `SSL_CERT_FILE` and `SSL_CERT_DIR` replace the system's store, `--ca-file` adds
    /// to whichever applies. Certificate verification stays `.fullVerification` whatever the settings.
    static func configuration(_ trust: TrustSettings) -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        var directories = trust.certificateDirectories[...]
        if let file = trust.certificateFile {
            tls.trustRoots = .file(file)
        } else if let first = directories.popFirst() {
            tls.trustRoots = .file(first)
        }
        // NIOSSL reads an additional root as one PEM file, so further directories are read here.
        let extra = directories.map { NIOSSLAdditionalTrustRoots.certificates(certificates(in: $0)) }
        tls.additionalTrustRoots = extra + trust.extraCAFiles.map { .file($0) }
        return tls
    }

    /// The certificates of a directory as OpenSSL reads one: the files named by subject hash (`c_rehash`'s
    /// `1a2b3c4d.0`); a file that is not PEM is skipped, as OpenSSL skips it.
    static func certificates(in directory: String) -> [NIOSSLCertificate] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let hashed = names.filter { name in
            let parts = name.split(separator: ".")
            return parts.count == 2 && parts[0].count == 8 && parts[0].allSatisfy(\.isHexDigit) && Int(parts[1]) != nil
        }
        var seen = Set<NIOSSLCertificate>()
        return hashed.sorted().flatMap { name in
            ((try? NIOSSLCertificate.fromPEMFile((directory as NSString).appendingPathComponent(name))) ?? [])
                .filter { seen.insert($0).inserted }
        }
    }

    /// Loads every `--ca-file` now, as NIOSSL will (strictly: one bad certificate fails the file), so a file it
    /// cannot read is one line before any call. `SSL_CERT_FILE` is left to OpenSSL, which skips what it cannot
    /// read, as it does for curl: it often names the system's own bundle.
    static func validate(_ trust: TrustSettings) throws(NetworkSettingsError) {
        for (source, path) in trust.extraCAFiles.map({ ("--ca-file", $0) }) {
            do {
                _ = try NIOSSLCertificate.fromPEMFile(path)
            } catch {
                throw NetworkSettingsError("\(source) \(path): cannot be read as PEM certificates; name a PEM file of CA certificates")
            }
        }
    }
}
