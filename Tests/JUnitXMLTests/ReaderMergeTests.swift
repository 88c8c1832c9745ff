import Testing
@testable import JUnitXML

/// Another tool's style (PHPUnit/Jest-like): nested suites, no timestamp or hostname, `skipped` only as an
/// element, CDATA, a testcase without classname or time, a failure without type, testcase-level output.
let foreignReport = """
    <?xml version="1.0" encoding="UTF-8"?>
    <testsuites>
      <testsuite name="All tests" tests="6" assertions="9" errors="0" failures="1" time="0.75">
        <testsuite name="Tests\\\\PlaceTest" file="/src/tests/PlaceTest.php" tests="4" time="0.5">
          <properties><property name="env" value="ci"/></properties>
          <testcase name="testSearch" classname="Tests.PlaceTest" file="/src/tests/PlaceTest.php" line="12" time="0.25"/>
          <testcase name="testDetails" classname="Tests.PlaceTest" time="0.125">
            <failure><![CDATA[Expected <200> but was <500>
    at PlaceTest.php:40]]></failure>
          </testcase>
          <testcase name="testPhotos" classname="Tests.PlaceTest" time="0.0">
            <skipped/>
          </testcase>
          <testcase name="testTips" classname="Tests.PlaceTest" time="1,000.5">
            <skipped message="no tips fixture">long reason</skipped>
            <system-out>tips out</system-out>
          </testcase>
        </testsuite>
        <testsuite name="Tests\\\\Nested">
          <testsuite name="Deep">
            <testcase name="noClassNoTime"/>
            <testcase name="err" classname="Deep"><error message="boom" type="RuntimeException">trace</error><system-err>e</system-err></testcase>
          </testsuite>
        </testsuite>
        <testsuite name="Empty"/>
      </testsuite>
    </testsuites>
    """

@Suite struct ReaderMergeTests {
    @Test func readsAnotherToolsReport() throws {
        let dir = TempDir()
        let path = dir.file("phpunit.xml")
        writeText(path, foreignReport)
        let report = try ReportReader.read(path: path)
        #expect(report.name == "phpunit")
        // Containers without testcases of their own disappear; leaves stay, in document order of their ends.
        #expect(report.suites.map(\.name) == ["Tests\\\\PlaceTest", "Deep", "Empty"])
        #expect(report.tests == 6 && report.failures == 1 && report.errors == 1 && report.skipped == 2)
        let place = report.suites[0]
        #expect(place.properties == [Property(name: "env", value: "ci")])
        #expect(place.hostname == "localhost")
        #expect(place.time == 0.5)
        #expect(place.testCases[0].file == "/src/tests/PlaceTest.php" && place.testCases[0].line == 12)
        #expect(place.testCases[1].outcome == .failure(TestProblem(
            message: "", type: "", text: "Expected <200> but was <500>\nat PlaceTest.php:40")))
        #expect(place.testCases[2].outcome == .skipped(message: nil))
        #expect(place.testCases[3].outcome == .skipped(message: "no tips fixture"))
        #expect(place.testCases[3].time == 1000.5)
        #expect(place.testCases[3].systemOut == "tips out")
        let deep = report.suites[1]
        #expect(deep.testCases[0] == TestCase(name: "noClassNoTime", classname: ""))
        #expect(deep.testCases[1].outcome == .error(TestProblem(message: "boom", type: "RuntimeException", text: "trace")))
        #expect(deep.testCases[1].systemErr == "e")
        #expect(report.suites[2].testCases.isEmpty)
        // No timestamp: the file's modification time, which is "just now".
        let now = UTCTimestamp.now().secondsSince1970
        #expect(abs(place.timestamp.secondsSince1970 - now) < 120)
    }

    @Test func timingsAreKeyedByClassnameAndName() throws {
        let dir = TempDir()
        let path = dir.file("phpunit.xml")
        writeText(path, foreignReport)
        let t = try ReportReader.timings(path: path)
        #expect(t["Tests.PlaceTest.testSearch"] == 0.25)
        #expect(t["Tests.PlaceTest.testTips"] == 1000.5)
        #expect(t["noClassNoTime"] == 0)
        #expect(t.count == 6)
    }

    @Test func readsBackWhatItWrites() throws {
        let dir = TempDir()
        let path = dir.file("r.xml")
        let report = sampleReport()
        try writeReport(report, to: path, options: ReportWriterOptions(includeFileAttributes: true))
        var read = try ReportReader.read(path: path)
        #expect(read.tests == 5 && read.failures == 1 && read.errors == 1 && read.skipped == 1)
        // Writing rounds times to ms, fills package/id/suite time and puts the message into the body.
        var want = report
        for s in want.suites.indices {
            want.suites[s].package = want.suites[s].package ?? want.suites[s].name
            want.suites[s].id = s
            for c in want.suites[s].testCases.indices {
                want.suites[s].testCases[c].time = Double(milliseconds(want.suites[s].testCases[c].time)) / 1000
                if case .failure(let p) = want.suites[s].testCases[c].outcome {
                    want.suites[s].testCases[c].outcome = .failure(TestProblem(message: p.message, type: p.type, text: StreamingReportWriter.bodyText(p)))
                }
                if case .error(let p) = want.suites[s].testCases[c].outcome {
                    want.suites[s].testCases[c].outcome = .error(TestProblem(message: p.message, type: p.type, text: StreamingReportWriter.bodyText(p)))
                }
            }
        }
        for s in read.suites.indices { read.suites[s].time = nil }
        #expect(read == want)
    }

    @Test func mergeSumsAndValidates() throws {
        let dir = TempDir()
        let a = dir.file("a.xml"), foreign = dir.file("foreign.xml"), out = dir.file("merged.xml")
        try writeReport(sampleReport(), to: a)
        writeText(foreign, foreignReport)
        let merged = try ReportMerger.merge([a, foreign, a], into: out, name: "all")
        // The two copies of `a` combine by suite name: 2 + 3 suites.
        #expect(merged.suites == 2 + 3)
        #expect(merged.tests == 5 + 6 + 5)
        #expect(merged.failures == 1 + 1 + 1 && merged.errors == 1 + 1 + 1 && merged.skipped == 1 + 2 + 1)

        let root = xmlAttributes(out, element: "testsuites")[0]
        #expect(root["name"] == "all" && root["tests"] == "16" && root["failures"] == "3")
        #expect(root["errors"] == "3" && root["skipped"] == "4")
        // 3.512 + (0.5 + 0 + 0) + 3.512: suites keep their own time attribute, summed per name.
        #expect(root["time"] == "7.524")
        let suites = xmlAttributes(out, element: "testsuite")
        #expect(suites.map { Int($0["tests"]!)! }.reduce(0, +) == 16)
        #expect(suites.map { $0["id"]! } == (0..<5).map(String.init))
        #expect(suites.map { $0["tests"]! } == ["6", "4", "4", "2", "0"])
        #expect(try SchemaValidator.bundled().validate(reportPath: out) == [])
        let reread = try ReportReader.read(path: out)
        #expect(reread.tests == 16 && reread.failures == 3 && reread.errors == 3 && reread.skipped == 4)
        #expect(dir.entries() == ["a.xml", "foreign.xml", "merged.xml"])
    }

    @Test func mergeFailsOnUnreadableInputAndLeavesNoOutput() throws {
        let dir = TempDir()
        let a = dir.file("a.xml"), out = dir.file("merged.xml")
        try writeReport(sampleReport(), to: a)
        let error = #expect(throws: JUnitXMLError.self) {
            _ = try ReportMerger.merge([a, dir.file("missing.xml")], into: out)
        }
        #expect(error?.kind == .unreadable)
        #expect(error?.description.hasPrefix(dir.file("missing.xml") + ": cannot open") == true)
        #expect(dir.entries() == ["a.xml"])
    }

    @Test func malformedAndForeignDocumentsAreRejected() throws {
        let dir = TempDir()
        writeText(dir.file("broken.xml"), "<testsuites><testsuite name=\"x\">\n<testcase name=\"a\">\n</testsuites>")
        writeText(dir.file("html.xml"), "<html><body/></html>")
        writeText(dir.file("empty.xml"), "")
        let broken = #expect(throws: JUnitXMLError.self) { try ReportReader.read(path: dir.file("broken.xml")) }
        #expect(broken?.kind == .malformed)
        #expect(broken?.description.contains("line") == false || broken?.description.contains("3") == true)
        let html = #expect(throws: JUnitXMLError.self) { try ReportReader.read(path: dir.file("html.xml")) }
        #expect(html?.kind == .malformed && html?.reason.contains("<html>") == true)
        #expect(throws: JUnitXMLError.self) { try ReportReader.read(path: dir.file("empty.xml")) }
        let missing = #expect(throws: JUnitXMLError.self) { try ReportReader.timings(path: dir.file("nope.xml")) }
        #expect(missing?.kind == .unreadable)
        let isDir = #expect(throws: JUnitXMLError.self) { try ReportReader.read(path: dir.path) }
        #expect(isDir?.kind == .unreadable)
    }

    @Test func readsASurefireStyleRootTestsuite() throws {
        let dir = TempDir()
        let path = dir.file("TEST-x.xml")
        writeText(path, """
            <testsuite name="com.x.FooTest" tests="2" failures="0" errors="0" skipped="0" timestamp="2024-01-02T03:04:05" time="1">
              <testcase name="a" classname="com.x.FooTest" time="0.5"><flakyFailure type="X"><system-out>flaky</system-out></flakyFailure></testcase>
              <testcase name="b" classname="com.x.FooTest" time="0.5"/>
              <system-out><![CDATA[hello]]></system-out>
            </testsuite>
            """)
        let r = try ReportReader.read(path: path)
        #expect(r.name == "com.x.FooTest")
        #expect(r.suites.count == 1 && r.tests == 2 && r.failures == 0)
        #expect(r.suites[0].testCases[0].systemOut == nil)  // flakyFailure's output is not the testcase's
        #expect(r.suites[0].systemOut == "hello")
        #expect(r.suites[0].timestamp.description == "2024-01-02T03:04:05")
    }
}
