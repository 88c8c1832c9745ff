// Per-suite files for Ant and Maven Surefire. No Foundation here (ICU clash).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one `TEST-<suite>.xml` per suite, each with a single `<testsuite>` root: the layout Ant's
/// `<junitreport>`, Maven Surefire and tools built on their format read.
public enum ReportSplitter {
    /// Streams the (flat) report at `reportPath` into `directory`, one file per suite, each written
    /// atomically. Afterwards, `TEST-*.xml` files in `directory` that this call did not write are removed, so
    /// a suite from an earlier run cannot inflate the totals. Returns the paths written, in report order.
    @discardableResult
    public static func split(
        _ reportPath: String, into directory: String, options: ReportWriterOptions = .init()
    ) throws -> [String] {
        var options = options
        options.singleSuiteRoot = true
        options.combineSuitesByName = false
        options.includeFileAttributes = false  // neither the Ant nor the Surefire schema has them
        try makeDirectory(directory)
        var written: [String] = []
        var used: Set<String> = []
        var writer: StreamingReportWriter?
        do {
            try ReportReader.stream(
                path: reportPath,
                suiteStart: { suite in
                    guard writer == nil else {
                        throw JUnitXMLError(.malformed, file: reportPath, reason:
                            "suite '\(suite.name)' is nested in another; merge the report (fsq-contract merge) before splitting it")
                    }
                    let path = directory + "/" + fileName(for: suite.name, avoiding: &used)
                    writer = try StreamingReportWriter(path: path, reportName: suite.name, options: options)
                    try writer!.beginSuite(suite)
                    written.append(path)
                },
                testCase: { try writer?.add($0) },
                suiteEnd: { suite, _ in
                    var header = suite
                    header.id = nil
                    try writer?.endSuite(header: header)
                    try writer?.finish()
                    writer = nil
                })
        } catch {
            writer?.abandon()
            throw error
        }
        removeStale(in: directory, keeping: Set(written.map { String($0.dropFirst(directory.count + 1)) }))
        return written
    }

    /// `TEST-<name>.xml` with every character outside `[A-Za-z0-9._-]` as `_`; a clash gets `-2`, `-3`…
    static func fileName(for suiteName: String, avoiding used: inout Set<String>) -> String {
        let safe = String(suiteName.unicodeScalars.map { s -> Character in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "." || s == "-" || s == "_")
                ? Character(s) : "_"
        })
        let base = "TEST-" + (safe.isEmpty ? "unnamed" : safe)
        var name = base + ".xml"
        var n = 2
        while used.contains(name) {
            name = "\(base)-\(n).xml"
            n += 1
        }
        used.insert(name)
        return name
    }

    private static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw JUnitXMLError(.write, file: path, reason: "cannot create the directory: \(LibXML.errnoText())")
            }
        }
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw JUnitXMLError(.write, file: path, reason: "is not a directory")
        }
    }

    private static func removeStale(in directory: String, keeping: Set<String>) {
        guard let dir = opendir(directory) else { return }
        var stale: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix("TEST-") && name.hasSuffix(".xml") && !keeping.contains(name) { stale.append(name) }
        }
        closedir(dir)
        for name in stale { unlink(directory + "/" + name) }
    }
}
