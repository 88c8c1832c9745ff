#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a JUnit report testcase by testcase with flat memory, atomically (temp file, then rename).
///
/// Counts must sit on each `<testsuite>` start tag, so testcases stream to a temporary body file and each
/// suite's start tag and trailer go to a second temporary file; `finish()` stitches them together behind the
/// `<testsuites>` root in a third temp file, next to the destination, and renames it into place.
public final class StreamingReportWriter {
    /// The destination path.
    public let path: String
    private let reportName: String
    private let options: ReportWriterOptions
    private let limit: Int
    private let finalPath: String
    private let bodyPath: String
    private let metaPath: String
    private var body: FDXMLWriter?
    private var meta: FDXMLWriter?

    private struct Span {
        var headStart: Int64, headEnd: Int64, footEnd: Int64
        /// Byte ranges of the suite's testcases in the body file; several when suites are combined by name.
        var bodies: [(start: Int64, end: Int64)]
    }

    private struct Counts {
        var tests = 0, failures = 0, errors = 0, skipped = 0
        var ms: Int64 = 0

        mutating func add(_ other: Counts) {
            tests += other.tests
            failures += other.failures
            errors += other.errors
            skipped += other.skipped
            ms += other.ms
        }
    }

    /// A suite whose head is written at `finish()` because later suites of the same name may still join it.
    private struct Pending {
        var header: TestSuite
        var counts: Counts
        var bodies: [(start: Int64, end: Int64)]
    }

    private var spans: [Span] = []
    private var pending: [Pending] = []
    private var pendingIndex: [String: Int] = [:]
    private var current: (suite: TestSuite, counts: Counts, bodyStart: Int64)?
    private var totals = Counts()
    private var done = false
    /// Reused for every testcase; swapped into a local while writing to skip runtime exclusivity checks.
    private var sink = ByteSink()

    public init(path: String, reportName: String, options: ReportWriterOptions = .init()) throws {
        self.path = path
        self.reportName = reportName
        self.options = options
        limit = min(max(options.maxTextBytes, 0), XMLText.hardTextLimit)
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let prefix = "\(dir).\(base).\(getpid()).\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
        finalPath = prefix + ".tmp"
        bodyPath = prefix + ".body.tmp"
        metaPath = prefix + ".meta.tmp"
        do {
            body = try FDXMLWriter(creating: bodyPath)
            meta = try FDXMLWriter(creating: metaPath)
        } catch let e as JUnitXMLError {
            abandon()
            throw JUnitXMLError(.write, file: path, reason: "cannot create temp file \(e.file): \(e.reason)")
        }
    }

    deinit {
        if !done { abandon() }
        sink.deallocate()
    }

    /// Opens a suite; `suite.testCases` is ignored (use `add`).
    public func beginSuite(_ suite: TestSuite) throws {
        try requireOpen()
        guard current == nil else { throw usage("beginSuite called while suite '\(current!.suite.name)' is open") }
        var header = suite
        header.testCases = []
        let start = try guarded { try body!.flushedOffset() }
        current = (header, Counts(), start)
    }

    /// Appends one testcase to the open suite.
    public func add(_ testCase: TestCase) throws {
        try requireOpen()
        guard current != nil else { throw usage("add called outside a suite") }
        try guarded { try writeCase(testCase) }
        let ms = milliseconds(testCase.time)
        current!.counts.tests += 1
        current!.counts.ms += ms
        switch testCase.outcome {
        case .passed: break
        case .failure: current!.counts.failures += 1
        case .error: current!.counts.errors += 1
        case .skipped: current!.counts.skipped += 1
        }
    }

    /// Changes the open suite's properties or system-out, which are written when it closes.
    public func amendSuite(_ change: (inout TestSuite) -> Void) throws {
        try requireOpen()
        guard current != nil else { throw usage("amendSuite called outside a suite") }
        change(&current!.suite)
    }

    /// Closes the open suite, writing its start tag with the final counts.
    ///
    /// `header` replaces the one given to `beginSuite` (a streaming reader learns a suite's properties and
    /// output only at its end). With `combineSuitesByName`, the suite joins an earlier one of the same name.
    public func endSuite(header: TestSuite? = nil) throws {
        try requireOpen()
        guard let (begun, counts, bodyStart) = current else { throw usage("endSuite called without beginSuite") }
        var suite = header ?? begun
        suite.testCases = []
        try guarded {
            let bodyEnd = try body!.flushedOffset()
            var c = counts
            if let t = suite.time { c.ms = milliseconds(t) }
            totals.add(c)
            if options.combineSuitesByName {
                let key = Self.nonEmpty(suite.name, "unnamed")
                if let i = pendingIndex[key] {
                    pending[i].header.absorb(suite)
                    pending[i].counts.add(c)
                    pending[i].bodies.append((bodyStart, bodyEnd))
                } else {
                    pendingIndex[key] = pending.count
                    pending.append(Pending(header: suite, counts: c, bodies: [(bodyStart, bodyEnd)]))
                }
            } else {
                try writeSuite(suite, c, bodies: [(bodyStart, bodyEnd)])
            }
        }
        current = nil
    }

    /// Number of suites and testcases written so far, and their outcomes.
    public var summary: ReportSummary {
        ReportSummary(suites: options.combineSuitesByName ? pending.count : spans.count, tests: totals.tests,
                      failures: totals.failures, errors: totals.errors, skipped: totals.skipped)
    }

    private func writeSuite(_ suite: TestSuite, _ c: Counts, bodies: [(start: Int64, end: Int64)]) throws {
        let headStart = try meta!.flushedOffset()
        try writeSuiteHead(suite, c, index: spans.count)
        let headEnd = try meta!.flushedOffset()
        try writeSuiteFoot(suite)
        let footEnd = try meta!.flushedOffset()
        spans.append(Span(headStart: headStart, headEnd: headEnd, footEnd: footEnd, bodies: bodies))
    }

    /// Writes the root with the totals and atomically renames the report into place.
    public func finish() throws {
        try requireOpen()
        if let current { throw usage("finish called while suite '\(current.suite.name)' is open") }
        if options.singleSuiteRoot && summary.suites != 1 {
            throw usage("a single-suite file needs exactly one suite, got \(summary.suites)")
        }
        try guarded {
            for p in pending { try writeSuite(p.header, p.counts, bodies: p.bodies) }
            let body = body!, meta = meta!
            _ = try body.flushedOffset()
            _ = try meta.flushedOffset()
            let out = try FDXMLWriter(creating: finalPath)
            try out.startDocument()
            if !options.singleSuiteRoot { try out.start("testsuites") }
            switch options.singleSuiteRoot ? .none : options.rootAttributes {
            case .totals, .jenkinsXUnit:
                try out.attribute("name", XMLText.clean(reportName, maxBytes: limit))
                try out.attribute("tests", totals.tests)
                try out.attribute("failures", totals.failures)
                try out.attribute("errors", totals.errors)
                if options.rootAttributes == .totals { try out.attribute("skipped", totals.skipped) }
                try out.attribute("time", formatMilliseconds(totals.ms))
            case .none:
                break
            }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { buffer.deallocate() }
            for s in spans {
                // A root <testsuite> starts on its own line, like the suites inside <testsuites>.
                let head = options.singleSuiteRoot ? 3 : 0  // skip "\n  "
                try out.copy(from: meta, offset: s.headStart + Int64(head), length: s.headEnd - s.headStart - Int64(head), buffer: buffer)
                for b in s.bodies {
                    try out.copy(from: body, offset: b.start, length: b.end - b.start, buffer: buffer)
                }
                try out.copy(from: meta, offset: s.headEnd, length: s.footEnd - s.headEnd, buffer: buffer)
            }
            try out.raw("\n")
            if !options.singleSuiteRoot { try out.end() }
            try out.endDocument()
            try out.close(sync: options.durable)
            guard rename(finalPath, path) == 0 else {
                throw JUnitXMLError(.write, file: path, reason: "rename from \(finalPath) failed: \(LibXML.errnoText())")
            }
            if options.durable { syncDirectory() }
        }
        done = true
        self.body = nil
        self.meta = nil
        unlink(bodyPath)
        unlink(metaPath)
    }

    /// Removes the temp files; any existing report at `path` is left untouched.
    public func abandon() {
        done = true
        body = nil
        meta = nil
        unlink(bodyPath)
        unlink(metaPath)
        unlink(finalPath)
    }

    // MARK: - Internals

    private func requireOpen() throws {
        if done { throw usage("the writer was already finished or abandoned") }
    }

    private func usage(_ reason: String) -> JUnitXMLError {
        JUnitXMLError(.usage, file: path, reason: reason)
    }

    /// A failed write leaves nothing behind: abandon, then rethrow.
    private func guarded<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch {
            abandon()
            throw error
        }
    }

    private func clean(_ s: String) -> String {
        XMLText.clean(s, maxBytes: limit)
    }

    /// Serialized into `sink` and written raw in one call: the hot path for a million testcases.
    private func writeCase(_ tc: TestCase) throws {
        var sink = ByteSink.placeholder
        swap(&sink, &self.sink)
        defer { swap(&sink, &self.sink) }
        sink.reset()
        sink.append("\n    <testcase")
        sink.attribute("name", clean(tc.name))
        sink.attribute("classname", clean(tc.classname))
        sink.attribute("time", milliseconds: milliseconds(tc.time))
        if options.includeFileAttributes {
            if let file = tc.file { sink.attribute("file", clean(file)) }
            if let line = tc.line { sink.attribute("line", int: line) }
        }
        if case .passed = tc.outcome, tc.systemOut == nil, tc.systemErr == nil {
            sink.append("/>")
        } else {
            sink.append(">")
            switch tc.outcome {
            case .passed:
                break
            case .failure(let p):
                writeProblem("failure", p, into: &sink)
            case .error(let p):
                writeProblem("error", p, into: &sink)
            case .skipped(let message):
                sink.append("\n      <skipped")
                if let message { sink.attribute("message", clean(message)) }
                sink.append("/>")
            }
            if let out = tc.systemOut {
                sink.append("\n      <system-out>")
                sink.escaped(clean(out), inAttribute: false)
                sink.append("</system-out>")
            }
            if let err = tc.systemErr {
                sink.append("\n      <system-err>")
                sink.escaped(clean(err), inAttribute: false)
                sink.append("</system-err>")
            }
            sink.append("\n    </testcase>")
        }
        defer { sink.trim(to: 1 << 20) }
        try body!.raw(sink.buffer)
    }

    private func writeProblem(_ element: StaticString, _ p: TestProblem, into sink: inout ByteSink) {
        sink.append("\n      <")
        sink.append(element)
        sink.attribute("message", clean(p.message))
        sink.attribute("type", clean(p.type))
        sink.append(">")
        sink.escaped(clean(Self.bodyText(p)), inAttribute: false)
        sink.append("</")
        sink.append(element)
        sink.append(">")
    }

    /// GitLab ignores `message`, so the body must carry it too: the message leads unless the text already does.
    static func bodyText(_ p: TestProblem) -> String {
        if p.text.isEmpty { return p.message }
        if p.message.isEmpty || p.text.hasPrefix(p.message) { return p.text }
        return p.message + "\n" + p.text
    }

    static func nonEmpty(_ s: String, _ fallback: String) -> String {
        s.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) ? fallback : s
    }

    private func writeSuiteHead(_ s: TestSuite, _ c: Counts, index: Int) throws {
        let w = meta!
        let name = clean(Self.nonEmpty(s.name, "unnamed"))
        try w.raw("\n  ")
        try w.start("testsuite")
        try w.attribute("name", name)
        try w.attribute("tests", c.tests)
        try w.attribute("failures", c.failures)
        try w.attribute("errors", c.errors)
        try w.attribute("skipped", c.skipped)
        try w.attribute("time", formatMilliseconds(c.ms))
        try w.attribute("timestamp", s.timestamp.description)
        try w.attribute("hostname", clean(Self.nonEmpty(s.hostname, "localhost")))
        // The Ant schema allows package and id only on suites inside <testsuites>.
        if !options.singleSuiteRoot {
            try w.attribute("package", s.package.map { clean(Self.nonEmpty($0, name)) } ?? name)
            try w.attribute("id", s.id ?? index)
        }
        try w.raw("\n    ")
        try w.start("properties")
        for p in s.properties {
            try w.raw("\n      ")
            try w.start("property")
            try w.attribute("name", clean(p.name))
            try w.attribute("value", clean(p.value))
            try w.end()
        }
        if !s.properties.isEmpty { try w.raw("\n    ") }
        try w.fullEnd()
    }

    private func writeSuiteFoot(_ s: TestSuite) throws {
        let w = meta!
        try w.raw("\n    ")
        try w.start("system-out")
        try w.text(clean(s.systemOut))
        try w.fullEnd()
        try w.raw("\n    ")
        try w.start("system-err")
        try w.text(clean(s.systemErr))
        try w.fullEnd()
        try w.raw("\n  ")
        try w.end()
    }

    private func syncDirectory() {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let fd = open(dir, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }
}

/// Writes a whole in-memory report through `StreamingReportWriter`.
public func writeReport(_ report: TestReport, to path: String, options: ReportWriterOptions = .init()) throws {
    let writer = try StreamingReportWriter(path: path, reportName: report.name, options: options)
    do {
        for suite in report.suites {
            try writer.beginSuite(suite)
            for tc in suite.testCases { try writer.add(tc) }
            try writer.endSuite()
        }
        try writer.finish()
    } catch {
        writer.abandon()
        throw error
    }
}
