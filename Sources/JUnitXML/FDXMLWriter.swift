// No Foundation here (ICU clash with libxml2's headers).
import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        LibXML.ensureReady()
        self.path = path
        fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o644)  // read back by finish()
        guard fd >= 0 else {
            throw JUnitXMLError(.write, file: path, reason: "cannot create: \(LibXML.errnoText())")
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
            throw JUnitXMLError(.write, file: path, reason: "write failed: \(e != 0 ? LibXML.errnoText(e) : "xmlTextWriter error")")
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
        guard off >= 0 else { throw JUnitXMLError(.write, file: path, reason: "lseek failed: \(LibXML.errnoText())") }
        return Int64(off)
    }

    /// Copies `length` bytes at `offset` of another file through this writer, in 1 MiB chunks.
    func copy(from source: FDXMLWriter, offset: Int64, length: Int64, buffer: UnsafeMutableRawBufferPointer) throws {
        var done: Int64 = 0
        while done < length {
            let want = Int(min(Int64(buffer.count), length - done))
            let got = pread(source.fd, buffer.baseAddress, want, off_t(offset + done))
            guard got > 0 else {
                throw JUnitXMLError(.write, file: source.path, reason: "read back failed: \(got < 0 ? LibXML.errnoText() : "short file")")
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
            throw JUnitXMLError(.write, file: path, reason: "fsync failed: \(LibXML.errnoText())")
        }
    }
}
