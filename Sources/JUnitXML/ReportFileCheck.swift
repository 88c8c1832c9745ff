// No Foundation here (ICU clash with libxml2's headers).
import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks a report or schema file gets before libxml2 reads it, so a wrong file is named with what is wrong.
enum ReportFileCheck {
    /// Fails with `.unreadable` naming the file when it can't be opened for reading.
    static func readable(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw JUnitXMLError(.unreadable, file: path, reason: "cannot open: \(LibXML.errnoText())")
        }
        var st = stat()
        let isDir = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
        close(fd)
        if isDir { throw JUnitXMLError(.unreadable, file: path, reason: "is a directory") }
    }

    /// Fails with `.malformed` when the file is empty or does not start like XML, before libxml2 gives its
    /// own, less helpful message ("Extra content at the end of the document", "Start tag expected").
    static func looksLikeXML(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }  // readable(_:) reports this
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 256)
        let n = read(fd, &head, head.count)
        guard n >= 0 else { return }
        var bytes = head[0..<n]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }  // UTF-8 byte order mark
        let start = bytes.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        if n == 0 {
            throw JUnitXMLError(.malformed, file: path, reason:
                "is empty (0 bytes), not a JUnit report; the run that should have written it probably failed before the end: check its log")
        }
        if start.isEmpty && n < head.count {
            throw JUnitXMLError(.malformed, file: path, reason: "holds only whitespace, not a JUnit report")
        }
        if let first = start.first, first != UInt8(ascii: "<") {
            let preview = String(decoding: start.prefix(40), as: UTF8.self)
                .map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? "." : String($0) }.joined()
            throw JUnitXMLError(.malformed, file: path, reason:
                "is not XML (it starts with \"\(preview)\"); give a JUnit XML report, whose root is <testsuites> or <testsuite>")
        }
    }
}
