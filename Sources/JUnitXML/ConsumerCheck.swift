// What decides whether Jenkins xUnit and Ant accept a report, as code (streaming). No Foundation (ICU clash).
import CLibXML2

/// A JUnit consumer whose acceptance rules `ConsumerCheck` knows.
public enum JUnitConsumer: String, CaseIterable, Sendable {
    /// The Jenkins xUnit plugin, which skips a file that fails its `junit-10.xsd`.
    case jenkinsXUnit = "jenkins-xunit"
    /// Apache Ant's JUnit format (the windyroad schema): `<junitreport>`'s aggregate, and one `<testsuite>`
    /// per file for its input.
    case ant

    public var title: String {
        switch self {
        case .jenkinsXUnit: "Jenkins xUnit"
        case .ant: "Ant"
        }
    }
}

/// One reason a consumer rejects a report.
public struct ConsumerFinding: Sendable, Hashable, CustomStringConvertible {
    public var consumer: JUnitConsumer
    /// First line where it happens.
    public var line: Int
    public var message: String
    /// How many times the same problem occurs in the file.
    public var occurrences: Int

    public var description: String {
        let more = occurrences > 1 ? " (and \(occurrences - 1) more like it)" : ""
        return "\(consumer.title): line \(line): \(message)\(more)"
    }
}

/// Checks a report, while streaming it, against the rules that make Jenkins xUnit and Ant accept or reject it.
///
/// These are the structural rules of the two consumers' schemas (allowed and required attributes, element
/// order, number formats), written as code so that each finding can say which flag produced it.
public enum ConsumerCheck {
    /// Empty when every consumer in `consumers` accepts the file. Throws `JUnitXMLError` when the file can't
    /// be read or is not well-formed XML.
    public static func check(reportPath: String, consumers: [JUnitConsumer] = JUnitConsumer.allCases) throws -> [ConsumerFinding] {
        LibXML.ensureReady()
        try ReportFileCheck.readable(reportPath)
        try ReportFileCheck.looksLikeXML(reportPath)
        guard let reader = xmlReaderForFile(reportPath, nil, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue)) else {
            throw JUnitXMLError(.unreadable, file: reportPath, reason: "cannot open for reading")
        }
        defer { xmlFreeTextReader(reader) }
        let sink = XMLErrorSink(file: reportPath)
        xmlTextReaderSetStructuredErrorHandler(reader, XMLErrorSink.callback, sink.opaque)
        var rules = ConsumerRules(consumers: Set(consumers))
        while true {
            let rc = xmlTextReaderRead(reader)
            if rc == 0 { break }
            if rc < 0 || !sink.lines.isEmpty {
                throw JUnitXMLError(.malformed, file: reportPath, reason: "not well-formed XML: \(sink.lines.first ?? "parse error")")
            }
            let line = Int(xmlGetLineNo(xmlTextReaderCurrentNode(reader)))
            switch xmlTextReaderNodeType(reader) {
            case 1:
                let name = String(cString: xmlTextReaderConstLocalName(reader))
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                var attributes: [(String, String)] = []
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    attributes.append((String(cString: xmlTextReaderConstLocalName(reader)),
                                       String(cString: xmlTextReaderConstValue(reader))))
                }
                rules.start(name, attributes, line: line)
                if empty { rules.end(line: line) }
            case 15:
                rules.end(line: line)
            default:
                break
            }
        }
        return rules.findings
    }
}

struct ConsumerRules {
    let consumers: Set<JUnitConsumer>
    private(set) var findings: [ConsumerFinding] = []
    /// Findings differ by value (e.g. each bad `time`); past this many, only repeats are counted, so memory
    /// stays bounded on a huge report.
    static let maxDistinct = 200
    private var index: [String: Int] = [:]

    private struct Element {
        var name: String
        /// Ant's fixed order inside a suite: properties, testcase*, system-out, system-err.
        var antStep = 0
        var problems = 0
    }

    private var stack: [Element] = []
    private var rootName = ""

    init(consumers: Set<JUnitConsumer>) {
        self.consumers = consumers
    }

    private mutating func flag(_ consumer: JUnitConsumer, _ line: Int, _ message: String) {
        guard consumers.contains(consumer) else { return }
        let key = consumer.rawValue + "\u{0}" + message
        if let i = index[key] {
            findings[i].occurrences += 1
        } else if findings.count < Self.maxDistinct {
            index[key] = findings.count
            findings.append(ConsumerFinding(consumer: consumer, line: line, message: message, occurrences: 1))
        }
    }

    private static let hints: [String: String] = [
        "file": " (written by --junit-file-attributes)",
        "line": " (written by --junit-file-attributes)",
    ]

    mutating func start(_ name: String, _ attributes: [(String, String)], line: Int) {
        let parent = stack.last?.name
        let values = Dictionary(attributes, uniquingKeysWith: { a, _ in a })
        if stack.isEmpty {
            rootName = name
            if name != "testsuites" && name != "testsuite" {
                for c in JUnitConsumer.allCases { flag(c, line, "root element <\(name)> is not <testsuites> or <testsuite>") }
            }
        }
        xunit(name, parent: parent, values, attributes, line: line)
        ant(name, parent: parent, values, attributes, line: line)
        stack.append(Element(name: name))
    }

    mutating func end(line: Int) {
        guard let element = stack.popLast() else { return }
        if element.name == "testsuite" && element.antStep < 4 {
            let missing = ["<properties>", "<system-out>", "<system-out>", "<system-err>"][element.antStep]
            flag(.ant, line, "<testsuite> lacks \(missing); Ant requires <properties>, the testcases, <system-out> and <system-err>, in that order")
        }
    }

    // MARK: Jenkins xUnit (junit-10.xsd)

    private static let xunitAttributes: [String: Set<String>] = [
        "testsuites": ["name", "time", "tests", "failures", "errors"],
        "testsuite": ["name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname", "id",
                      "package", "file", "log", "url", "version"],
        "testcase": ["name", "time", "classname", "group"],
        "property": ["name", "value"],
        "properties": [],
        "failure": ["type", "message"], "error": ["type", "message"], "skipped": ["type", "message"],
        "rerunFailure": ["type", "message"], "rerunError": ["type", "message"],
        "flakyFailure": ["type", "message"], "flakyError": ["type", "message"],
        "system-out": [], "system-err": [], "stackTrace": [],
    ]

    private static let xunitChildren: [String: Set<String>] = [
        "testsuites": ["testsuite"],
        "testsuite": ["testsuite", "properties", "testcase", "system-out", "system-err"],
        "properties": ["property"],
        "testcase": ["skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError",
                     "system-out", "system-err"],
        "rerunFailure": ["stackTrace", "system-out", "system-err"], "rerunError": ["stackTrace", "system-out", "system-err"],
        "flakyFailure": ["stackTrace", "system-out", "system-err"], "flakyError": ["stackTrace", "system-out", "system-err"],
    ]

    private mutating func xunit(_ name: String, parent: String?, _ values: [String: String], _ attributes: [(String, String)], line: Int) {
        if let parent {
            guard let allowed = Self.xunitChildren[parent], allowed.contains(name) else {
                flag(.jenkinsXUnit, line, "<\(name)> is not allowed inside <\(parent)>")
                return
            }
        }
        guard let allowed = Self.xunitAttributes[name] else { return }
        for (attribute, _) in attributes where !allowed.contains(attribute) {
            let hint = name == "testsuites" ? " (the root takes only name, time, tests, failures, errors)" : Self.hints[attribute] ?? ""
            flag(.jenkinsXUnit, line, "<\(name)> has attribute '\(attribute)', which is not allowed\(hint)")
        }
        let required: [String] = switch name {
        case "testsuite": ["name", "tests", "failures", "errors"]
        case "testcase": ["name"]
        case "property": ["name", "value"]
        case "rerunFailure", "rerunError", "flakyFailure", "flakyError": ["type"]
        default: []
        }
        for attribute in required where values[attribute] == nil {
            flag(.jenkinsXUnit, line, "<\(name)> lacks the required attribute '\(attribute)'")
        }
        if name == "testsuites" || name == "testsuite", let time = values["time"], !Self.isSurefireTime(time) {
            flag(.jenkinsXUnit, line, "<\(name)> time=\"\(time)\" is not seconds with at most 3 decimals")
        }
    }

    /// junit-10.xsd's SUREFIRE_TIME: digits, optionally grouped by thousands commas, then at most 3 decimals.
    static func isSurefireTime(_ s: String) -> Bool {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        let whole = parts[0]
        guard whole.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ",") }) else { return false }
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        if groups.count > 1 {
            guard groups.first!.count <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return false }
        }
        if parts.count == 2 {
            return parts[1].count <= 3 && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
        }
        return true
    }

    // MARK: Ant (windyroad JUnit.xsd)

    private mutating func ant(_ name: String, parent: String?, _ values: [String: String], _ attributes: [(String, String)], line: Int) {
        let names = Set(attributes.map(\.0))
        switch (parent, name) {
        case (nil, "testsuites"):
            if !attributes.isEmpty {
                let list = attributes.map(\.0).joined(separator: ", ")
                flag(.ant, line, "<testsuites> has attributes (\(list)); Ant allows none on it (drop --junit-root-totals)")
            }
        case ("testsuites", "testsuite"), (nil, "testsuite"):
            let aggregated = parent != nil
            var allowed: Set<String> = ["name", "timestamp", "hostname", "tests", "failures", "errors", "skipped", "time"]
            var required = ["name", "timestamp", "hostname", "tests", "failures", "errors", "time"]
            if aggregated {
                allowed.formUnion(["package", "id"])
                required += ["package", "id"]
            }
            for a in attributes.map(\.0) where !allowed.contains(a) {
                let why = !aggregated && (a == "package" || a == "id") ? "; Ant allows it only inside <testsuites>" : ""
                flag(.ant, line, "<testsuite> has attribute '\(a)', which is not allowed\(why)")
            }
            for a in required where !names.contains(a) {
                flag(.ant, line, "<testsuite> lacks the required attribute '\(a)'")
            }
            if let v = values["name"], Self.collapsed(v).isEmpty { flag(.ant, line, "<testsuite> has an empty name") }
            if let v = values["hostname"], Self.collapsed(v).isEmpty { flag(.ant, line, "<testsuite> has an empty hostname (use localhost)") }
            if let v = values["timestamp"], !Self.isAntTimestamp(v) {
                flag(.ant, line, "<testsuite> timestamp=\"\(v)\" is not YYYY-MM-DDThh:mm:ss without a time zone")
            }
            for a in ["tests", "failures", "errors", "skipped", "id"] {
                if let v = values[a], Int32(v.trimmingSpaces) == nil { flag(.ant, line, "<testsuite> \(a)=\"\(v)\" is not an integer") }
            }
            if let v = values["time"], !Self.isDecimal(v) { flag(.ant, line, "<testsuite> time=\"\(v)\" is not a decimal number") }
        case ("testsuite", _):
            let step = stack[stack.count - 1].antStep
            let next: Int? = switch (name, step) {
            case ("properties", 0): 1
            case ("testcase", 1), ("testcase", 2): 2
            case ("system-out", 1), ("system-out", 2): 3
            case ("system-err", 3): 4
            default: nil
            }
            if let next {
                stack[stack.count - 1].antStep = next
            } else if name == "testsuite" {
                flag(.ant, line, "a <testsuite> nested in another is not allowed")
            } else {
                flag(.ant, line, "<\(name)> is out of place in <testsuite>; Ant requires <properties>, the testcases, <system-out> and <system-err>, in that order")
            }
        case ("properties", "property"):
            if let v = values["name"], Self.collapsed(v).isEmpty { flag(.ant, line, "<property> has an empty name") }
            if values["name"] == nil || values["value"] == nil { flag(.ant, line, "<property> needs both name and value") }
            for a in names.subtracting(["name", "value"]) { flag(.ant, line, "<property> has attribute '\(a)', which is not allowed") }
        case ("testcase", "skipped"), ("testcase", "failure"), ("testcase", "error"):
            stack[stack.count - 1].problems += 1
            if stack[stack.count - 1].problems > 1 {
                flag(.ant, line, "<testcase> has more than one of <skipped>, <failure>, <error>")
            }
            let allowed: Set<String> = name == "skipped" ? ["message"] : ["message", "type"]
            for a in names.subtracting(allowed) { flag(.ant, line, "<\(name)> has attribute '\(a)', which is not allowed") }
            if name != "skipped" && !names.contains("type") { flag(.ant, line, "<\(name)> lacks the required attribute 'type'") }
        case ("testcase", _):
            flag(.ant, line, "<\(name)> is not allowed inside <testcase> (Ant allows only one <skipped>, <failure> or <error>)")
        default:
            break
        }
        if name == "testcase" && parent == "testsuite" {
            for a in names.subtracting(["name", "classname", "time"]) {
                flag(.ant, line, "<testcase> has attribute '\(a)', which is not allowed\(Self.hints[a] ?? "")")
            }
            for a in ["name", "classname", "time"] where !names.contains(a) {
                flag(.ant, line, "<testcase> lacks the required attribute '\(a)'")
            }
            if let v = values["time"], !Self.isDecimal(v) { flag(.ant, line, "<testcase> time=\"\(v)\" is not a decimal number") }
        }
        if parent == "testsuites" && name != "testsuite" {
            flag(.ant, line, "<\(name)> is not allowed inside <testsuites>")
        }
    }

    static func collapsed(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }

    static func isDecimal(_ s: String) -> Bool {
        var t = Substring(s.trimmingSpaces)
        if t.first == "-" || t.first == "+" { t = t.dropFirst() }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !(parts.allSatisfy(\.isEmpty)) else { return false }
        return parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    static func isAntTimestamp(_ s: String) -> Bool {
        let bytes = Array(s.trimmingSpaces.utf8)
        guard bytes.count == 19 else { return false }
        for (i, b) in bytes.enumerated() {
            switch i {
            case 4, 7: if b != UInt8(ascii: "-") { return false }
            case 10: if b != UInt8(ascii: "T") { return false }
            case 13, 16: if b != UInt8(ascii: ":") { return false }
            default: if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) { return false }
            }
        }
        return true
    }
}

private extension String {
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
