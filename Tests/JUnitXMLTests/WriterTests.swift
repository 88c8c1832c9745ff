import Testing
@testable import JUnitXML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct WriterTests {
    @Test func countsAndTimeOnEverySuiteAndTheRoot() throws {
        let dir = TempDir()
        let path = dir.file("report.xml")
        try writeReport(sampleReport(), to: path)

        let root = xmlAttributes(path, element: "testsuites")
        #expect(root == [["name": "sample", "tests": "5", "failures": "1", "errors": "1", "skipped": "1", "time": "3.512"]])
        let suites = xmlAttributes(path, element: "testsuite")
        #expect(suites.count == 2)
        #expect(suites[0]["tests"] == "3" && suites[0]["failures"] == "1" && suites[0]["errors"] == "0")
        #expect(suites[0]["skipped"] == "1" && suites[0]["time"] == "1.512")
        #expect(suites[0]["timestamp"] == "2023-11-14T22:13:20" && suites[0]["hostname"] == "ci-1")
        #expect(suites[0]["package"] == "Places.Search" && suites[0]["id"] == "0")
        #expect(suites[1]["tests"] == "2" && suites[1]["errors"] == "1" && suites[1]["time"] == "2.000")
        #expect(suites[1]["package"] == "places" && suites[1]["id"] == "1")
        // Per-case times are rounded to ms first, so the sums match what is written exactly.
        let cases = xmlAttributes(path, element: "testcase")
        #expect(cases.map { $0["time"]! } == ["0.012", "1.500", "0.000", "0.000", "2.000"])
        #expect(dir.entries() == ["report.xml"])
    }

    @Test func explicitSuiteTimeWinsAndFeedsTheRoot() throws {
        let dir = TempDir()
        let path = dir.file("r.xml")
        var report = sampleReport()
        report.suites[0].time = 10.25
        try writeReport(report, to: path)
        #expect(xmlAttributes(path, element: "testsuite")[0]["time"] == "10.250")
        #expect(xmlAttributes(path, element: "testsuites")[0]["time"] == "12.250")
    }

    @Test func fileAndLineOnlyWhenAskedFor() throws {
        let dir = TempDir()
        let plain = dir.file("plain.xml"), withFile = dir.file("file.xml")
        try writeReport(sampleReport(), to: plain)
        try writeReport(sampleReport(), to: withFile, options: ReportWriterOptions(includeFileAttributes: true))
        #expect(xmlAttributes(plain, element: "testcase").allSatisfy { $0["file"] == nil && $0["line"] == nil })
        let cases = xmlAttributes(withFile, element: "testcase")
        #expect(cases[0]["file"] == "Tests/A.swift" && cases[0]["line"] == "10")
        #expect(cases[1]["line"] == "20")
        #expect(cases[2]["file"] == nil)  // no file given, none written
        let validator = try SchemaValidator.bundled()
        #expect(try validator.validate(reportPath: plain) == [])
        #expect(try validator.validate(reportPath: withFile) == [])
    }

    @Test func timesHaveADotThreeDecimalsAndNoExponent() {
        #expect(formatMilliseconds(milliseconds(0.00001)) == "0.000")
        #expect(formatMilliseconds(milliseconds(1e-3)) == "0.001")
        #expect(formatMilliseconds(milliseconds(1234.5678)) == "1234.568")
        #expect(formatMilliseconds(milliseconds(-3)) == "0.000")
        #expect(formatMilliseconds(milliseconds(.nan)) == "0.000")
        #expect(formatMilliseconds(milliseconds(.infinity)) == "0.000")
        #expect(formatMilliseconds(milliseconds(1e20)) == "1000000000000.000")
        #expect(formatMilliseconds(milliseconds(0.0995)) == "0.100")
    }

    @Test func timestampsAreUTCWithoutZone() {
        #expect(UTCTimestamp(secondsSince1970: 0).description == "1970-01-01T00:00:00")
        #expect(UTCTimestamp(secondsSince1970: 951_782_400).description == "2000-02-29T00:00:00")
        #expect(UTCTimestamp(secondsSince1970: 1_700_000_000).description == "2023-11-14T22:13:20")
        #expect(UTCTimestamp(secondsSince1970: -1).description == "1969-12-31T23:59:59")
        #expect(UTCTimestamp(parsing: "2023-11-14T22:13:20")?.secondsSince1970 == 1_700_000_000)
        #expect(UTCTimestamp(parsing: "2023-11-14T23:13:20.123+01:00")?.secondsSince1970 == 1_700_000_000)
        #expect(UTCTimestamp(parsing: "2023-11-14T22:13:20Z")?.secondsSince1970 == 1_700_000_000)
        #expect(UTCTimestamp(parsing: "yesterday") == nil)
        let now = UTCTimestamp.now()
        #expect(UTCTimestamp(parsing: now.description) == now)
    }

    @Test func failureTextCarriesTheMessage() throws {
        let dir = TempDir()
        let path = dir.file("r.xml")
        let cases = [
            TestCase(name: "a", classname: "c", outcome: .failure(TestProblem(message: "boom", type: "T", text: ""))),
            TestCase(name: "b", classname: "c", outcome: .failure(TestProblem(message: "boom", type: "T", text: "stack"))),
            TestCase(name: "c", classname: "c", outcome: .error(TestProblem(message: "boom", type: "T", text: "boom at line 3"))),
        ]
        try writeReport(TestReport(name: "r", suites: [TestSuite(name: "s", testCases: cases)]), to: path)
        let read = try ReportReader.read(path: path).suites[0].testCases
        #expect(read[0].outcome == .failure(TestProblem(message: "boom", type: "T", text: "boom")))
        #expect(read[1].outcome == .failure(TestProblem(message: "boom", type: "T", text: "boom\nstack")))
        #expect(read[2].outcome == .error(TestProblem(message: "boom", type: "T", text: "boom at line 3")))
    }

    @Test func textIsEscapedMinimallySoValidationStaysLinear() throws {
        let dir = TempDir()
        let path = dir.file("r.xml")
        let text = "{\"a\": \"<b>\"} ]]> & \r\n"
        try writeReport(TestReport(name: "r", suites: [TestSuite(name: "s", testCases: [
            TestCase(name: "t", classname: "c", outcome: .failure(TestProblem(message: "", type: "T", text: text)))])]), to: path)
        #expect(readText(path).contains("<failure message=\"\" type=\"T\">{\"a\": \"&lt;b>\"} ]]&gt; &amp; &#13;\n</failure>"))
        guard case .failure(let p) = try ReportReader.read(path: path).suites[0].testCases[0].outcome else {
            Issue.record("not a failure")
            return
        }
        #expect(utf8Equal(p.text, text))
    }

    @Test func unfinishedWriterNeverTouchesTheOldReport() throws {
        let dir = TempDir()
        let path = dir.file("junit.xml")
        try writeReport(sampleReport(), to: path)
        let before = readBytes(path)

        let writer = try StreamingReportWriter(path: path, reportName: "new")
        try writer.beginSuite(TestSuite(name: "half"))
        for i in 0..<2000 { try writer.add(TestCase(name: "t\(i)", classname: "c")) }
        try writer.endSuite()
        try writer.beginSuite(TestSuite(name: "second"))
        try writer.add(TestCase(name: "x", classname: "c"))
        // The state a crash would leave: temp files beside the report, the report itself unchanged.
        #expect(readBytes(path) == before)
        #expect(dir.entries().count > 1)
        #expect(dir.entries().filter { $0 != "junit.xml" }.allSatisfy { $0.hasPrefix(".junit.xml.") && $0.hasSuffix(".tmp") })

        writer.abandon()
        #expect(dir.entries() == ["junit.xml"])
        #expect(readBytes(path) == before)
        #expect(throws: JUnitXMLError.self) { try writer.add(TestCase(name: "late", classname: "c")) }
    }

    @Test func droppingAnUnfinishedWriterCleansUp() throws {
        let dir = TempDir()
        do {
            let writer = try StreamingReportWriter(path: dir.file("r.xml"), reportName: "r")
            try writer.beginSuite(TestSuite(name: "s"))
            try writer.add(TestCase(name: "t", classname: "c"))
        }
        #expect(dir.entries() == [])
    }

    @Test func finishReplacesTheOldReportAtomically() throws {
        let dir = TempDir()
        let path = dir.file("junit.xml")
        writeText(path, "old")
        let writer = try StreamingReportWriter(path: path, reportName: "new")
        try writer.beginSuite(TestSuite(name: "s"))
        try writer.add(TestCase(name: "t", classname: "c"))
        try writer.endSuite()
        #expect(readText(path) == "old")
        try writer.finish()
        #expect(readText(path).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"new\""))
        #expect(dir.entries() == ["junit.xml"])
        #expect(throws: JUnitXMLError.self) { try writer.finish() }
    }

    @Test func failedFinishLeavesOldReportAndNoTempFiles() throws {
        let dir = TempDir()
        let path = dir.file("junit.xml")
        mkdir(path, 0o755)  // rename(file, non-empty dir) fails
        writeText(path + "/keep", "x")
        defer { unlink(path + "/keep"); rmdir(path) }
        let writer = try StreamingReportWriter(path: path, reportName: "r")
        try writer.beginSuite(TestSuite(name: "s"))
        try writer.endSuite()
        let error = #expect(throws: JUnitXMLError.self) { try writer.finish() }
        #expect(error?.kind == .write)
        #expect(error?.description.hasPrefix(path + ": rename") == true)
        #expect(dir.entries() == ["junit.xml"])
        #expect(readText(path + "/keep") == "x")
    }

    @Test func callsOutOfOrderAreUsageErrors() throws {
        let dir = TempDir()
        let writer = try StreamingReportWriter(path: dir.file("r.xml"), reportName: "r")
        #expect { try writer.add(TestCase(name: "t", classname: "c")) } throws: { ($0 as? JUnitXMLError)?.kind == .usage }
        #expect { try writer.endSuite() } throws: { ($0 as? JUnitXMLError)?.kind == .usage }
        try writer.beginSuite(TestSuite(name: "s"))
        #expect { try writer.beginSuite(TestSuite(name: "s2")) } throws: { ($0 as? JUnitXMLError)?.kind == .usage }
        #expect { try writer.finish() } throws: { ($0 as? JUnitXMLError)?.kind == .usage }
        try writer.endSuite()
        try writer.finish()
        #expect(dir.entries() == ["r.xml"])
    }

    @Test func missingDirectoryIsAWriteErrorNamingTheFile() {
        let error = #expect(throws: JUnitXMLError.self) {
            _ = try StreamingReportWriter(path: "/nonexistent-dir-xyz/r.xml", reportName: "r")
        }
        #expect(error?.kind == .write)
        #expect(error?.description.hasPrefix("/nonexistent-dir-xyz/r.xml: cannot create temp file") == true)
    }

    @Test func emptyReportAndEmptySuiteAreValid() throws {
        let dir = TempDir()
        let validator = try SchemaValidator.bundled()
        try writeReport(TestReport(name: "empty"), to: dir.file("a.xml"))
        try writeReport(TestReport(name: "e", suites: [TestSuite(name: "", hostname: "")]), to: dir.file("b.xml"))
        #expect(try validator.validate(reportPath: dir.file("a.xml")) == [])
        #expect(try validator.validate(reportPath: dir.file("b.xml")) == [])
        #expect(xmlAttributes(dir.file("a.xml"), element: "testsuites")[0]["tests"] == "0")
        let suite = xmlAttributes(dir.file("b.xml"), element: "testsuite")[0]
        #expect(suite["name"] == "unnamed" && suite["hostname"] == "localhost")
    }
}
