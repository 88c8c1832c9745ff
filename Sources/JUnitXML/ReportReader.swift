// Streaming reader on xmlTextReader. No Foundation here (ICU clash).
import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JUnit reports (ours and other tools': nested suites, missing attributes) into the model.
public enum ReportReader {
    /// Reads the whole report. Nested suites are flattened: every `<testsuite>` holding testcases
    /// (or nothing at all) becomes one `TestSuite`. Counts come from the testcases, not the attributes.
    public static func read(path: String) throws -> TestReport {
        var parser = try JUnitParser(path: path, keepCases: true)
        try parser.run()
        return TestReport(name: parser.reportName ?? baseName(path), suites: parser.suites)
    }

    /// Per-testcase seconds keyed `classname.name` (just `name` when there is no classname);
    /// repeated keys are summed. Streams: only the dictionary is kept.
    public static func timings(path: String) throws -> [String: Double] {
        var result: [String: Double] = [:]
        var parser = try JUnitParser(path: path, keepCases: false)
        parser.onCase = { tc in
            let key = tc.classname.isEmpty ? tc.name : tc.classname + "." + tc.name
            result[key, default: 0] += tc.time
        }
        try parser.run()
        return result
    }

    /// Streams a report: `suiteStart` at each `<testsuite>` start tag (name, timestamp, time…), `testCase` for
    /// each testcase, `suiteEnd` with the complete header (properties, output) and its shape. Keeps nothing.
    public static func stream(
        path: String,
        suiteStart: @escaping (TestSuite) throws -> Void = { _ in },
        testCase: @escaping (TestCase) throws -> Void,
        suiteEnd: @escaping (TestSuite, SuiteShape) throws -> Void = { _, _ in }
    ) throws {
        var parser = try JUnitParser(path: path, keepCases: false)
        parser.onSuiteStart = suiteStart
        parser.onCase = testCase
        parser.onSuiteEnd = suiteEnd
        try parser.run()
    }

    /// What a `<testsuite>` held, so a streaming consumer can drop containers the way `read` does.
    public struct SuiteShape: Sendable, Hashable {
        /// Testcases directly inside this suite.
        public var testCases: Int
        /// Whether it held other `<testsuite>` elements.
        public var hasChildSuites: Bool
        /// True for a suite `read` keeps: it has testcases of its own, or no child suites.
        public var isLeaf: Bool { testCases > 0 || !hasChildSuites }
    }

    static func baseName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".xml") { name.removeLast(4) }
        return name
    }
}

private enum Node: Int32 {
    case element = 1, text = 3, cdata = 4, whitespace = 13, significantWhitespace = 14, endElement = 15
}

/// Event-driven state machine over xmlTextReader.
private struct JUnitParser {
    let path: String
    let keepCases: Bool
    var onCase: ((TestCase) throws -> Void)?
    var onSuiteStart: ((TestSuite) throws -> Void)?
    var onSuiteEnd: ((TestSuite, ReportReader.SuiteShape) throws -> Void)?
    var reportName: String?
    var suites: [TestSuite] = []
    let defaultTimestamp: UTCTimestamp

    private struct SuiteBuilder {
        var suite: TestSuite
        var hasChildSuites = false
        var caseCount = 0
    }

    private var suiteStack: [SuiteBuilder] = []
    private var elements: [String] = []
    private var currentCase: TestCase?
    /// Element whose text is being collected, and where it goes.
    private var capture: (depth: Int, target: String)?
    private var captured = ""

    init(path: String, keepCases: Bool) throws {
        LibXML.ensureReady()
        try ReportFileCheck.readable(path)
        try ReportFileCheck.looksLikeXML(path)
        self.path = path
        self.keepCases = keepCases
        // Reports without a timestamp get the file's modification time: close to when the run ended.
        var st = stat()
        defaultTimestamp = stat(path, &st) == 0 ? UTCTimestamp(secondsSince1970: Int64(st.st_mtim.tv_sec)) : .now()
    }

    mutating func run() throws {
        // HUGE: other tools' reports may hold text nodes over 10 MB; NONET: never fetch DTDs.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOCDATA.rawValue)
        guard let reader = xmlReaderForFile(path, nil, options) else {
            throw JUnitXMLError(.unreadable, file: path, reason: "cannot open for reading")
        }
        defer { xmlFreeTextReader(reader) }
        let sink = XMLErrorSink(file: path)
        xmlTextReaderSetStructuredErrorHandler(reader, XMLErrorSink.callback, sink.opaque)
        var sawRoot = false
        while true {
            let rc = xmlTextReaderRead(reader)
            if rc == 0 { break }
            if rc < 0 || !sink.lines.isEmpty {
                let reason = sink.lines.first.map { String($0.dropFirst(path.count + 1)) } ?? "parse error"
                throw JUnitXMLError(.malformed, file: path, reason: "not well-formed XML: \(reason.drop(while: { $0 == " " }))")
            }
            guard let type = Node(rawValue: xmlTextReaderNodeType(reader)) else { continue }
            switch type {
            case .element:
                let name = localName(reader)
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                if !sawRoot {
                    sawRoot = true
                    guard name == "testsuites" || name == "testsuite" else {
                        throw JUnitXMLError(.malformed, file: path, reason: "root element <\(name)> is not <testsuites> or <testsuite>")
                    }
                }
                try startElement(name, reader)
                if empty { try endElement(name) } else { elements.append(name) }
            case .endElement:
                if let name = elements.popLast() { try endElement(name) }
            case .text, .cdata, .whitespace, .significantWhitespace:
                if capture != nil, let v = xmlTextReaderConstValue(reader) {
                    captured += String(cString: v)
                }
            }
        }
        if !sawRoot { throw JUnitXMLError(.malformed, file: path, reason: "empty document") }
    }

    private func localName(_ reader: xmlTextReaderPtr) -> String {
        xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
    }

    private func attr(_ reader: xmlTextReaderPtr, _ name: StaticString) -> String? {
        guard let v = xmlTextReaderGetAttribute(reader, name.utf8Start) else { return nil }
        defer { fsq_xmlFree(v) }
        return String(cString: v)
    }

    private func seconds(_ s: String?) -> Double? {
        guard let s else { return nil }
        // Surefire allows thousands separators ("1,234.5").
        let trimmed = s.filter { $0 != "," && $0 != " " }
        return Double(trimmed).flatMap { $0.isFinite ? $0 : nil }
    }

    private var parent: String? { elements.last }

    private mutating func startElement(_ name: String, _ r: xmlTextReaderPtr) throws {
        switch name {
        case "testsuites":
            if elements.isEmpty { reportName = attr(r, "name") }
        case "testsuite":
            if elements.isEmpty, reportName == nil { reportName = attr(r, "name") }
            if !suiteStack.isEmpty { suiteStack[suiteStack.count - 1].hasChildSuites = true }
            let suite = TestSuite(
                name: attr(r, "name") ?? "",
                timestamp: attr(r, "timestamp").flatMap(UTCTimestamp.init(parsing:)) ?? defaultTimestamp,
                hostname: attr(r, "hostname") ?? "localhost",
                package: attr(r, "package"),
                id: attr(r, "id").flatMap { Int($0) },
                time: seconds(attr(r, "time")))
            suiteStack.append(SuiteBuilder(suite: suite))
            try onSuiteStart?(suite)
        case "property" where parent == "properties" && elements.dropLast().last == "testsuite":
            if !suiteStack.isEmpty {
                suiteStack[suiteStack.count - 1].suite.properties.append(
                    Property(name: attr(r, "name") ?? "", value: attr(r, "value") ?? ""))
            }
        case "testcase":
            if suiteStack.isEmpty {  // testcases directly under <testsuites>
                let implicit = TestSuite(name: reportName ?? ReportReader.baseName(path), timestamp: defaultTimestamp)
                suiteStack.append(SuiteBuilder(suite: implicit))
                try onSuiteStart?(implicit)
            }
            let line = attr(r, "line").flatMap { Int($0) }
            currentCase = TestCase(
                name: attr(r, "name") ?? "", classname: attr(r, "classname") ?? "",
                time: seconds(attr(r, "time")) ?? 0, file: attr(r, "file"), line: line)
        case "failure", "error":
            guard parent == "testcase", let tc = currentCase else { return }
            // The first failure or error wins over skipped and over later ones.
            switch tc.outcome {
            case .failure, .error: return
            case .passed, .skipped: break
            }
            let p = TestProblem(message: attr(r, "message") ?? "", type: attr(r, "type") ?? "", text: "")
            currentCase!.outcome = name == "failure" ? .failure(p) : .error(p)
            beginCapture(name)
        case "skipped" where parent == "testcase" && currentCase != nil:
            if case .passed = currentCase!.outcome {
                currentCase!.outcome = .skipped(message: attr(r, "message"))
            }
        case "system-out", "system-err":
            if parent == "testcase" && currentCase != nil {
                beginCapture(name == "system-out" ? "case-out" : "case-err")
            } else if parent == "testsuite" && !suiteStack.isEmpty {
                beginCapture(name == "system-out" ? "suite-out" : "suite-err")
            }
        default:
            break
        }
    }

    private mutating func beginCapture(_ target: String) {
        capture = (elements.count, target)
        captured = ""
    }

    private mutating func endElement(_ name: String) throws {
        if let c = capture, c.depth == elements.count {
            finishCapture(c.target)
            capture = nil
            captured = ""
        }
        switch name {
        case "testcase":
            guard let tc = currentCase else { return }
            currentCase = nil
            try onCase?(tc)
            suiteStack[suiteStack.count - 1].caseCount += 1
            if keepCases { suiteStack[suiteStack.count - 1].suite.testCases.append(tc) }
        case "testsuite":
            guard let b = suiteStack.popLast() else { return }
            try finishSuite(b)
        case "testsuites":
            // Testcases directly under the root landed in an implicit suite.
            while let b = suiteStack.popLast() { try finishSuite(b) }
        default:
            break
        }
    }

    private mutating func finishSuite(_ b: SuiteBuilder) throws {
        let shape = ReportReader.SuiteShape(testCases: b.caseCount, hasChildSuites: b.hasChildSuites)
        if keepCases && shape.isLeaf { suites.append(b.suite) }
        try onSuiteEnd?(b.suite, shape)
    }

    private mutating func finishCapture(_ target: String) {
        let text = captured
        switch target {
        case "failure", "error":
            switch currentCase?.outcome {
            case .failure(var p)?:
                p.text = text
                currentCase!.outcome = .failure(p)
            case .error(var p)?:
                p.text = text
                currentCase!.outcome = .error(p)
            default: break
            }
        case "case-out": currentCase?.systemOut = text
        case "case-err": currentCase?.systemErr = text
        case "suite-out": suiteStack[suiteStack.count - 1].suite.systemOut = text
        case "suite-err": suiteStack[suiteStack.count - 1].suite.systemErr = text
        default: break
        }
    }
}
