import Testing
@testable import JUnitXML

/// Two shards of one run: the same suite names, different testcases.
private func shard(_ index: Int, fail: Bool) -> TestReport {
    let ts = UTCTimestamp(secondsSince1970: 1_700_000_000 + Int64(index))
    func suite(_ name: String, _ cases: [TestCase]) -> TestSuite {
        TestSuite(name: name, timestamp: ts, hostname: "ci-\(index)",
                  properties: [Property(name: "mode", value: "replay"), Property(name: "shard", value: "\(index)/2")],
                  systemOut: "notes of shard \(index)", package: "fsq-contract", testCases: cases)
    }
    let problem = TestProblem(message: "status 500, expected 200", type: "request", text: "expected: 200\nactual: 500")
    return TestReport(name: "shard\(index)", suites: [
        suite("place-details", [
            TestCase(name: "place-details/200-\(index).json [apiKey] request", classname: "place-details", time: 0.25),
            TestCase(name: "place-details/404-\(index).json [bearer] request", classname: "place-details", time: 0.5,
                     outcome: fail ? .failure(problem) : .passed),
        ]),
        suite("chains", [
            TestCase(name: "chains/200-\(index).json [apiKey] decoding", classname: "chains", time: 0.125,
                     outcome: index == 2 ? .skipped(message: "no key") : .passed),
        ]),
    ])
}

/// Errors from a shared reference XSD, or nil when the shared junit-schemas are not beside the package.
private func referenceErrors(_ xsd: String, _ report: String) throws -> [String]? {
    guard let path = sharedSchema(xsd) else { return nil }
    return try SchemaValidator(schemaPath: path).validate(reportPath: report)
}

@Suite struct MergeTests {
    @Test func shardsBecomeOneSuitePerNameWithCountsSummed() throws {
        let dir = TempDir()
        let a = dir.file("a.xml"), b = dir.file("b.xml"), out = dir.file("merged.xml")
        try writeReport(shard(1, fail: true), to: a)
        try writeReport(shard(2, fail: false), to: b)
        let summary = try ReportMerger.merge([a, b], into: out, options: ReportWriterOptions(rootAttributes: .none))
        #expect(summary == ReportSummary(suites: 2, tests: 6, failures: 1, errors: 0, skipped: 1))

        let suites = xmlAttributes(out, element: "testsuite")
        #expect(suites.map { $0["name"] } == ["place-details", "chains"])
        #expect(suites.map { $0["tests"] } == ["4", "2"])
        #expect(suites[0]["failures"] == "1" && suites[1]["skipped"] == "1")
        #expect(suites[0]["time"] == "1.500" && suites[1]["time"] == "0.250")
        #expect(suites.map { $0["id"] } == ["0", "1"])
        // Earliest timestamp, first hostname.
        #expect(suites[0]["timestamp"] == UTCTimestamp(secondsSince1970: 1_700_000_001).description)
        #expect(xmlAttributes(out, element: "testsuites") == [[:]])

        let read = try ReportReader.read(path: out)
        let details = read.suites[0]
        #expect(details.testCases.map(\.name) == [
            "place-details/200-1.json [apiKey] request", "place-details/404-1.json [bearer] request",
            "place-details/200-2.json [apiKey] request", "place-details/404-2.json [bearer] request",
        ])
        #expect(details.properties.map(\.value) == ["replay", "1/2", "2/2"])
        #expect(details.systemOut == "notes of shard 1\nnotes of shard 2")

        #expect(try SchemaValidator.bundled().validate(reportPath: out) == [])
        #expect(try ConsumerCheck.check(reportPath: out) == [])
        for xsd in ["jenkins-xunit-junit-10.xsd", "windyroad-JUnit.xsd"] {
            if let errors = try referenceErrors(xsd, out) { #expect(errors == [], "\(xsd)") }
        }
        #expect(dir.entries() == ["a.xml", "b.xml", "merged.xml"])
    }

    @Test func rootTotalsSuitJenkinsAndTheCheckSaysAntRejectsThem() throws {
        let dir = TempDir()
        let a = dir.file("a.xml"), out = dir.file("merged.xml")
        try writeReport(shard(1, fail: true), to: a)
        try ReportMerger.merge([a, a], into: out, name: "all", options: ReportWriterOptions(rootAttributes: .jenkinsXUnit))
        let root = xmlAttributes(out, element: "testsuites")[0]
        #expect(root == ["name": "all", "tests": "6", "failures": "2", "errors": "0", "time": "1.750"])
        if let errors = try referenceErrors("jenkins-xunit-junit-10.xsd", out) { #expect(errors == []) }
        if let errors = try referenceErrors("windyroad-JUnit.xsd", out) { #expect(!errors.isEmpty) }
        let findings = try ConsumerCheck.check(reportPath: out)
        #expect(findings.map(\.consumer) == [.ant])
        #expect(findings[0].description.contains("--junit-root-totals"))
    }

    @Test func fileAttributesAreRejectedByJenkinsXUnitAndAnt() throws {
        let dir = TempDir()
        let a = dir.file("a.xml"), out = dir.file("merged.xml")
        try writeReport(sampleReport(), to: a, options: ReportWriterOptions(includeFileAttributes: true))
        try ReportMerger.merge([a], into: out, options: ReportWriterOptions(includeFileAttributes: true, rootAttributes: .none))
        #expect(xmlAttributes(out, element: "testcase")[0]["file"] == "Tests/A.swift")
        let findings = try ConsumerCheck.check(reportPath: out).filter { $0.message.contains("'file'") }
        #expect(Set(findings.map(\.consumer)) == [.jenkinsXUnit, .ant])
        #expect(findings.allSatisfy { $0.message.contains("--junit-file-attributes") && $0.occurrences == 2 })
        if let errors = try referenceErrors("jenkins-xunit-junit-10.xsd", out) {
            #expect(errors.contains { $0.contains("'file'") })
        }
    }

    @Test func anEmptyOrNonXMLInputIsNamedWithWhatIsWrong() throws {
        let dir = TempDir()
        let good = dir.file("good.xml"), out = dir.file("merged.xml")
        try writeReport(shard(1, fail: false), to: good)
        writeText(dir.file("empty.xml"), "")
        writeText(dir.file("log.xml"), "Build failed: swift-build exited 1\n")
        let empty = #expect(throws: JUnitXMLError.self) { try ReportMerger.merge([good, dir.file("empty.xml")], into: out) }
        #expect(empty?.kind == .malformed)
        #expect(empty?.description.hasPrefix(dir.file("empty.xml") + ": is empty (0 bytes), not a JUnit report") == true)
        let text = #expect(throws: JUnitXMLError.self) { try ReportMerger.merge([dir.file("log.xml")], into: out) }
        #expect(text?.description == dir.file("log.xml")
            + ": is not XML (it starts with \"Build failed: swift-build exited 1.\"); give a JUnit XML report, whose root is <testsuites> or <testsuite>")
        // Nothing half-written.
        #expect(dir.entries() == ["empty.xml", "good.xml", "log.xml"])
    }

    @Test func nestedForeignSuitesKeepTheirTestcasesAndCounts() throws {
        let dir = TempDir()
        let foreign = dir.file("foreign.xml"), out = dir.file("merged.xml")
        writeText(foreign, foreignReport)
        let summary = try ReportMerger.merge([foreign, foreign], into: out)
        // The container suite disappears, as in ReportReader.read; same-named leaves are combined.
        #expect(summary == ReportSummary(suites: 3, tests: 12, failures: 2, errors: 2, skipped: 4))
        #expect(xmlAttributes(out, element: "testsuite").map { $0["name"] } == ["Tests\\\\PlaceTest", "Deep", "Empty"])
        #expect(try SchemaValidator.bundled().validate(reportPath: out) == [])
    }
}

@Suite struct SplitTests {
    @Test func oneTestsuiteRootPerFileValidForAntAndSurefire() throws {
        let dir = TempDir()
        let report = dir.file("junit.xml")
        try writeReport(shard(1, fail: true), to: report, options: ReportWriterOptions(rootAttributes: .none))
        let out = TempDir()
        writeText(out.file("TEST-stale.xml"), "<testsuite/>")
        writeText(out.file("keep.txt"), "not ours")
        let files = try ReportSplitter.split(report, into: out.path)
        #expect(files == [out.file("TEST-place-details.xml"), out.file("TEST-chains.xml")])
        #expect(out.entries() == ["TEST-chains.xml", "TEST-place-details.xml", "keep.txt"])

        let details = readText(files[0])
        #expect(details.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"place-details\""))
        #expect(!details.contains("<testsuites") && !details.contains(" package=") && !details.contains(" id="))
        #expect(details.contains("expected: 200\nactual: 500"))
        let attrs = xmlAttributes(files[0], element: "testsuite")[0]
        #expect(attrs["tests"] == "2" && attrs["failures"] == "1" && attrs["time"] == "0.750")
        let read = try ReportReader.read(path: files[0])
        #expect(read.suites[0].properties.count == 2 && read.suites[0].systemOut == "notes of shard 1")

        for file in files {
            #expect(try SchemaValidator.bundled().validate(reportPath: file) == [])
            #expect(try ConsumerCheck.check(reportPath: file) == [], "\(file)")
            for xsd in ["windyroad-JUnit.xsd", "jenkins-xunit-junit-10.xsd"] {
                if let errors = try referenceErrors(xsd, file) { #expect(errors == [], "\(xsd) \(file)") }
            }
            // The Ant and Surefire schemas contradict each other: Ant requires `hostname` and the suite's
            // <system-out>/<system-err>, Surefire's declares neither. Nothing else may differ.
            if let errors = try referenceErrors("surefire-test-report-3.0.2.xsd", file) {
                #expect(errors.count == 2, "\(errors)")
                #expect(errors.allSatisfy { $0.contains("attribute 'hostname': The attribute 'hostname' is not allowed")
                    || $0.contains("Element 'system-out': This element is not expected") }, "\(errors)")
            }
        }
    }

    @Test func unsafeAndClashingSuiteNamesGetDistinctFileNames() {
        var used: Set<String> = []
        #expect(ReportSplitter.fileName(for: "Tests\\PlaceTest", avoiding: &used) == "TEST-Tests_PlaceTest.xml")
        #expect(ReportSplitter.fileName(for: "Tests/PlaceTest", avoiding: &used) == "TEST-Tests_PlaceTest-2.xml")
        #expect(ReportSplitter.fileName(for: "../../etc", avoiding: &used) == "TEST-.._.._etc.xml")
        #expect(ReportSplitter.fileName(for: "", avoiding: &used) == "TEST-unnamed.xml")
    }
}

@Suite struct ConsumerCheckTests {
    /// The rules as code must agree with the reference XSDs on every layout the writer produces and on
    /// other tools' reports.
    @Test func agreesWithTheReferenceSchemas() throws {
        guard let xunit = sharedSchema("jenkins-xunit-junit-10.xsd"), let ant = sharedSchema("windyroad-JUnit.xsd") else { return }
        let dir = TempDir()
        var files: [String] = []
        for (i, options) in [
            ReportWriterOptions(), ReportWriterOptions(rootAttributes: .jenkinsXUnit), ReportWriterOptions(rootAttributes: .none),
            ReportWriterOptions(includeFileAttributes: true, rootAttributes: .none),
        ].enumerated() {
            for (j, report) in [sampleReport(), shard(1, fail: true)].enumerated() {
                files.append(dir.file("w\(i)-\(j).xml"))
                try writeReport(report, to: files.last!, options: options)
            }
        }
        files.append(dir.file("single.xml"))
        try writeReport(TestReport(name: "x", suites: [shard(1, fail: true).suites[0]]), to: files.last!,
                        options: ReportWriterOptions(singleSuiteRoot: true))
        files.append(dir.file("foreign.xml"))
        writeText(files.last!, foreignReport)
        files.append(dir.file("surefire.xml"))
        writeText(files.last!, """
            <testsuite name="S" tests="1" failures="0" errors="0" time="1,000.5" timestamp="2024-01-02T03:04:05Z">
              <testcase name="a" classname="S" time="0.5"><flakyFailure type="X"/></testcase>
            </testsuite>
            """)
        for file in files {
            let findings = try ConsumerCheck.check(reportPath: file)
            let xunitErrors = try SchemaValidator(schemaPath: xunit).validate(reportPath: file)
            let antErrors = try SchemaValidator(schemaPath: ant).validate(reportPath: file)
            #expect(findings.contains { $0.consumer == .jenkinsXUnit } == !xunitErrors.isEmpty, "\(file): \(findings) vs \(xunitErrors)")
            #expect(findings.contains { $0.consumer == .ant } == !antErrors.isEmpty, "\(file): \(findings) vs \(antErrors)")
        }
    }

    @Test func theOldMergeRootIsRejectedByBothWithReasons() throws {
        let dir = TempDir()
        let path = dir.file("old.xml")
        try writeReport(shard(1, fail: false), to: path, options: ReportWriterOptions(rootAttributes: .totals))
        let findings = try ConsumerCheck.check(reportPath: path)
        #expect(findings.map(\.description) == [
            "Jenkins xUnit: line 2: <testsuites> has attribute 'skipped', which is not allowed (the root takes only name, time, tests, failures, errors)",
            "Ant: line 2: <testsuites> has attributes (name, tests, failures, errors, skipped, time); Ant allows none on it (drop --junit-root-totals)",
        ])
        #expect(try ConsumerCheck.check(reportPath: path, consumers: [.jenkinsXUnit]).count == 1)
    }

    @Test func surefireTimes() {
        #expect(ConsumerRules.isSurefireTime("0.125") && ConsumerRules.isSurefireTime("1,000.5") && ConsumerRules.isSurefireTime("12"))
        #expect(!ConsumerRules.isSurefireTime("0.1234") && !ConsumerRules.isSurefireTime("1e-05") && !ConsumerRules.isSurefireTime("-1"))
    }
}
