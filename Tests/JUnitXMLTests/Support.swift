// Test helpers: temp dirs, file I/O and a raw libxml2 view of written files. No Foundation (ICU clash).
import CLibXML2
@testable import JUnitXML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under /tmp, removed (one level deep) on deinit.
final class TempDir {
    let path: String

    init() {
        var template = Array("/tmp/junitxml-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        for name in entries() { unlink(path + "/" + name) }
        rmdir(path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Names in the directory, sorted, without `.` and `..`.
    func entries() -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let e = readdir(dir) {
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

func readBytes(_ path: String) -> [UInt8] {
    guard let f = fopen(path, "rb") else { return [] }
    defer { fclose(f) }
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        out.append(contentsOf: buf[0..<n])
    }
    return out
}

func readText(_ path: String) -> String { String(decoding: readBytes(path), as: UTF8.self) }

func writeText(_ path: String, _ text: String) {
    let f = fopen(path, "wb")!
    defer { fclose(f) }
    var t = text
    t.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, f) }
}

/// Attributes of every `element` in document order, read with libxml2's own reader.
func xmlAttributes(_ path: String, element: String) -> [[String: String]] {
    LibXML.ensureReady()
    guard let r = xmlReaderForFile(path, nil, Int32(XML_PARSE_NONET.rawValue)) else { return [] }
    defer { xmlFreeTextReader(r) }
    var result: [[String: String]] = []
    while xmlTextReaderRead(r) == 1 {
        guard xmlTextReaderNodeType(r) == 1, String(cString: xmlTextReaderConstLocalName(r)) == element else { continue }
        var attrs: [String: String] = [:]
        while xmlTextReaderMoveToNextAttribute(r) == 1 {
            attrs[String(cString: xmlTextReaderConstLocalName(r))] = String(cString: xmlTextReaderConstValue(r))
        }
        result.append(attrs)
    }
    return result
}

/// True when libxml2's parser (default limits, no recovery) accepts the file as well-formed XML.
func isWellFormed(_ path: String) -> Bool {
    LibXML.ensureReady()
    let opts = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    guard let doc = xmlReadFile(path, nil, opts) else { return false }
    xmlFreeDoc(doc)
    return true
}

/// A small deterministic report: 2 suites, every outcome, properties and output.
func sampleReport() -> TestReport {
    let ts = UTCTimestamp(secondsSince1970: 1_700_000_000)
    let a = TestSuite(
        name: "Places.Search", timestamp: ts, hostname: "ci-1",
        properties: [Property(name: "base-url", value: "http://127.0.0.1:8080"), Property(name: "seed", value: "42")],
        systemOut: "started\n", systemErr: "",
        testCases: [
            TestCase(name: "ok", classname: "Places.Search", time: 0.0123, file: "Tests/A.swift", line: 10),
            TestCase(name: "bad status", classname: "Places.Search", time: 1.5,
                     outcome: .failure(TestProblem(message: "expected 200, got 500", type: "StatusMismatch", text: "body: {\"error\":1}")),
                     file: "Tests/A.swift", line: 20),
            TestCase(name: "skipped one", classname: "Places.Search", outcome: .skipped(message: "not recorded")),
        ])
    let b = TestSuite(
        name: "Places.Details", timestamp: ts, hostname: "ci-1", package: "places",
        testCases: [
            TestCase(name: "crash", classname: "Places.Details", time: 0.0004,
                     outcome: .error(TestProblem(message: "timed out", type: "Timeout", text: "")),
                     systemOut: "out", systemErr: "err"),
            TestCase(name: "ok2", classname: "Places.Details", time: 2),
        ])
    return TestReport(name: "sample", suites: [a, b])
}
