// All libxml2 plumbing shared by the writer, reader and validator. No Foundation here (ICU clash).
import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// xmlInitParser must run once before any parallel use (parallel schema contexts deadlocked without it).
/// libxml2 2.9 builds the XSD built-in types lazily and unlocked: two schemas parsed at once left `xs:string`
/// unresolvable ("does not resolve to a(n) simple type definition") for the rest of the process.
let libxmlReady: Bool = {
    xmlInitParser()
    xmlSchemaInitTypes()
    return true
}()

@inline(__always) func ensureLibXML() {
    _ = libxmlReady
}

func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}

/// Fails with `.unreadable` naming the file when it can't be opened for reading.
func checkReadable(_ path: String) throws {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
        throw JUnitXMLError(.unreadable, file: path, reason: "cannot open: \(errnoText())")
    }
    var st = stat()
    let isDir = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    close(fd)
    if isDir { throw JUnitXMLError(.unreadable, file: path, reason: "is a directory") }
}

/// Fails with `.malformed` when the file is empty or does not start like XML, before libxml2 gives its
/// own, less helpful message ("Extra content at the end of the document", "Start tag expected").
func checkLooksLikeXML(_ path: String) throws {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }  // checkReadable reports this
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

/// Collects libxml2's structured errors as `file:line: message` lines instead of printing them.
final class XMLErrorSink {
    let file: String
    var lines: [String] = []
    var count = 0
    let maxLines = 1000

    init(file: String) {
        self.file = file
    }

    /// True once a well-formedness (parser-domain) error arrived, as opposed to schema validity errors.
    var sawParserError = false

    func add(_ e: xmlError) {
        count += 1
        if e.domain == Int32(XML_FROM_PARSER.rawValue) { sawParserError = true }
        guard lines.count < maxLines else { return }
        var msg = e.message.map { String(cString: $0) } ?? "unknown error (code \(e.code))"
        while let last = msg.last, last == "\n" || last == " " { msg.removeLast() }
        msg = msg.split(separator: "\n").joined(separator: " ")
        lines.append(e.line > 0 ? "\(file):\(e.line): \(msg)" : "\(file): \(msg)")
    }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Remaining lines as a count note when more than `maxLines` arrived.
    var allLines: [String] {
        count > lines.count ? lines + ["\(file): … \(count - lines.count) more errors"] : lines
    }
}

/// C callback for xml*SetStructuredErrors; `ctx` is an unretained XMLErrorSink.
func xmlErrorSinkCallback(_ ctx: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let ctx, let error else { return }
    Unmanaged<XMLErrorSink>.fromOpaque(ctx).takeUnretainedValue().add(error.pointee)
}

private func sysClose(_ fd: Int32) {
    _ = close(fd)
}

/// A thin xmlTextWriter over a file descriptor we own; strings must already be cleaned.
final class FDXMLWriter {
    let path: String
    let fd: Int32
    private var writer: xmlTextWriterPtr?

    /// Creates (exclusively) and opens `path` for writing.
    init(creating path: String) throws {
        ensureLibXML()
        self.path = path
        fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o644)  // read back by finish()
        guard fd >= 0 else {
            throw JUnitXMLError(.write, file: path, reason: "cannot create: \(errnoText())")
        }
        guard let out = xmlOutputBufferCreateFd(fd, nil), let w = xmlNewTextWriter(out) else {
            sysClose(fd)
            throw JUnitXMLError(.write, file: path, reason: "cannot create an xmlTextWriter")
        }
        writer = w
    }

    deinit {
        if let writer { xmlFreeTextWriter(writer) }
        sysClose(fd)
    }

    @inline(__always) private func check(_ rc: Int32) throws {
        if rc < 0 {
            let e = errno
            throw JUnitXMLError(.write, file: path, reason: "write failed: \(e != 0 ? errnoText(e) : "xmlTextWriter error")")
        }
    }

    private var w: xmlTextWriterPtr {
        get throws {
            guard let writer else { throw JUnitXMLError(.usage, file: path, reason: "writer already closed") }
            return writer
        }
    }

    func startDocument() throws {
        try check(xmlTextWriterStartDocument(w, "1.0", "UTF-8", nil))
    }

    func endDocument() throws {
        try check(xmlTextWriterEndDocument(w))
    }

    func start(_ name: StaticString) throws {
        try check(xmlTextWriterStartElement(w, name.utf8Start))
    }

    func end() throws {
        try check(xmlTextWriterEndElement(w))
    }

    /// Ends with the full `</name>` form even when empty, as windyroad-style consumers expect for text elements.
    func fullEnd() throws {
        try check(xmlTextWriterFullEndElement(w))
    }

    func attribute(_ name: StaticString, _ value: String) throws {
        let w = try w
        let rc = value.withCString { p in
            p.withMemoryRebound(to: xmlChar.self, capacity: 1) { xmlTextWriterWriteAttribute(w, name.utf8Start, $0) }
        }
        try check(rc)
    }

    func attribute(_ name: StaticString, _ value: some BinaryInteger) throws {
        try attribute(name, String(value))
    }

    /// Element text, escaped by `ByteSink` (minimal references keep schema validation linear).
    func text(_ value: String) throws {
        guard !value.isEmpty else { return }
        var sink = ByteSink(capacity: value.utf8.count + 64)
        defer { sink.deallocate() }
        sink.escaped(value, inAttribute: false)
        try raw(sink.buffer)
    }

    /// Raw bytes, unescaped; also closes a pending start tag.
    func raw(_ s: StaticString) throws {
        try check(xmlTextWriterWriteRawLen(w, s.utf8Start, Int32(s.utf8CodeUnitCount)))
    }

    func raw(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        try check(xmlTextWriterWriteRawLen(w, base.assumingMemoryBound(to: xmlChar.self), Int32(bytes.count)))
    }

    /// Flushes to the fd and returns the file size so far (closed elements are complete on disk).
    func flushedOffset() throws -> Int64 {
        try check(xmlTextWriterFlush(w))
        let off = lseek(fd, 0, SEEK_CUR)
        guard off >= 0 else { throw JUnitXMLError(.write, file: path, reason: "lseek failed: \(errnoText())") }
        return Int64(off)
    }

    /// Copies `length` bytes at `offset` of another file through this writer, in 1 MiB chunks.
    func copy(from source: FDXMLWriter, offset: Int64, length: Int64, buffer: UnsafeMutableRawBufferPointer) throws {
        var done: Int64 = 0
        while done < length {
            let want = Int(min(Int64(buffer.count), length - done))
            let got = pread(source.fd, buffer.baseAddress, want, off_t(offset + done))
            guard got > 0 else {
                throw JUnitXMLError(.write, file: source.path, reason: "read back failed: \(got < 0 ? errnoText() : "short file")")
            }
            try raw(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
            done += Int64(got)
        }
    }

    /// The output is complete only after xmlFreeTextWriter, so close explicitly; optionally fsync.
    func close(sync: Bool) throws {
        guard let writer else { return }
        let flushed = xmlTextWriterFlush(writer)
        xmlFreeTextWriter(writer)
        self.writer = nil
        try check(flushed)
        if sync, fsync(fd) != 0 {
            throw JUnitXMLError(.write, file: path, reason: "fsync failed: \(errnoText())")
        }
    }
}
