import Testing
@testable import JUnitXML

@Suite struct SchemaTests {
    @Test func writtenReportsPassTheProjectSchema() throws {
        let dir = TempDir()
        let fromFile = try SchemaValidator(schemaPath: #require(BundledSchema.path))
        let inMemory = try SchemaValidator.bundled()
        let variants: [ReportWriterOptions] = [
            .init(), .init(includeFileAttributes: true), .init(rootAttributes: .jenkinsXUnit), .init(rootAttributes: .none),
        ]
        for (i, options) in variants.enumerated() {
            let path = dir.file("r\(i).xml")
            try writeReport(sampleReport(), to: path, options: options)
            #expect(try fromFile.validate(reportPath: path) == [], "variant \(i)")
            #expect(try inMemory.validate(reportPath: path) == [], "variant \(i)")
        }
    }

    @Test func bundledSchemaFileHoldsTheConstant() throws {
        let path = try #require(BundledSchema.path)
        #expect(readText(path) == BundledSchema.xsd)
    }

    @Test func invalidReportsGiveOneLinePerErrorWithLineNumbers() throws {
        let dir = TempDir()
        let path = dir.file("bad.xml")
        writeText(path, """
            <?xml version="1.0"?>
            <testsuites>
              <testsuite name="s" tests="x" failures="0" errors="0" skipped="0" time="1.5" timestamp="2024-01-01T00:00:00Z" hostname="h" package="s" id="0">
                <properties/>
                <testcase classname="c" time="0.000"/>
                <system-out/>
                <system-err/>
              </testsuite>
            </testsuites>
            """)
        let errors = try SchemaValidator.bundled().validate(reportPath: path)
        #expect(errors.count >= 4)  // tests, time, timestamp, missing name
        #expect(errors.allSatisfy { $0.hasPrefix(path + ":") && !$0.contains("\n") })
        #expect(errors.contains { $0.hasPrefix(path + ":3:") && $0.contains("'tests'") })
        #expect(errors.contains { $0.hasPrefix(path + ":3:") && $0.contains("'time'") })
        #expect(errors.contains { $0.hasPrefix(path + ":3:") && $0.contains("'timestamp'") })
        #expect(errors.contains { $0.hasPrefix(path + ":5:") && $0.contains("'name'") })
    }

    @Test func malformedIsInvalidButMissingThrows() throws {
        let dir = TempDir()
        writeText(dir.file("broken.xml"), "<testsuites>\n<testsuite>\n")
        let validator = try SchemaValidator.bundled()
        let errors = try validator.validate(reportPath: dir.file("broken.xml"))
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.hasPrefix(dir.file("broken.xml") + ":") })
        #expect(errors.contains { $0.contains("not well-formed") || $0.contains("Premature end") })
        let error = #expect(throws: JUnitXMLError.self) { try validator.validate(reportPath: dir.file("missing.xml")) }
        #expect(error?.kind == .unreadable)
        let schemaError = #expect(throws: JUnitXMLError.self) { try SchemaValidator(schemaPath: dir.file("none.xsd")) }
        #expect(schemaError?.kind == .unreadable)
        writeText(dir.file("bad.xsd"), "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:bogus/></xs:schema>")
        let badSchema = #expect(throws: JUnitXMLError.self) { try SchemaValidator(schemaPath: dir.file("bad.xsd")) }
        #expect(badSchema?.kind == .malformed)
    }

    @Test func oversizedTextNodeIsReportedNotSilentlyAccepted() throws {
        // Other tools may write >10 MB nodes; default libxml2 readers refuse them, so validation must too.
        let dir = TempDir()
        let path = dir.file("huge.xml")
        writeText(path, "<testsuites><testsuite name=\"s\"><system-out>" + String(repeating: "x", count: 10_000_001)
            + "</system-out></testsuite></testsuites>")
        #expect(try !SchemaValidator.bundled().validate(reportPath: path).isEmpty)
        #expect(try ReportReader.read(path: path).suites[0].systemOut.utf8.count == 10_000_001)  // the reader is lenient
    }

    // MARK: Public schemas from ../shared/junit-schemas (skipped when absent)

    @Test(.enabled(if: sharedSchema("jenkins-xunit-junit-10.xsd") != nil))
    func jenkinsXUnitSchemaAcceptsTheDefaultModeWithItsRootProfile() throws {
        let jenkins = try SchemaValidator(schemaPath: #require(sharedSchema("jenkins-xunit-junit-10.xsd")))
        let dir = TempDir()
        let ok = dir.file("ok.xml"), withFile = dir.file("file.xml"), defaults = dir.file("default.xml")
        try writeReport(sampleReport(), to: ok, options: .init(rootAttributes: .jenkinsXUnit))
        #expect(try jenkins.validate(reportPath: ok) == [])
        // The option matters: file/line break this XSD.
        try writeReport(sampleReport(), to: withFile, options: .init(includeFileAttributes: true, rootAttributes: .jenkinsXUnit))
        #expect(try jenkins.validate(reportPath: withFile).contains { $0.contains("'file'") })
        // Out of the box, the only objection is `skipped` on <testsuites>.
        try writeReport(sampleReport(), to: defaults)
        let errors = try jenkins.validate(reportPath: defaults)
        #expect(errors.count == 1 && errors[0].contains("'skipped'") && errors[0].contains(":2:"))
    }

    @Test(.enabled(if: sharedSchema("windyroad-JUnit.xsd") != nil))
    func windyroadSchemaAcceptsTheDefaultModeWithABareRoot() throws {
        let windy = try SchemaValidator(schemaPath: #require(sharedSchema("windyroad-JUnit.xsd")))
        let dir = TempDir()
        // Windyroad forbids testcase-level output, so this sample has none.
        var report = sampleReport()
        for s in report.suites.indices {
            for c in report.suites[s].testCases.indices {
                report.suites[s].testCases[c].systemOut = nil
                report.suites[s].testCases[c].systemErr = nil
            }
        }
        let ok = dir.file("ok.xml"), defaults = dir.file("default.xml")
        try writeReport(report, to: ok, options: .init(rootAttributes: .none))
        #expect(try windy.validate(reportPath: ok) == [])
        // Out of the box, the only objections are the totals on <testsuites>, which this XSD doesn't declare.
        try writeReport(report, to: defaults)
        let errors = try windy.validate(reportPath: defaults)
        #expect(!errors.isEmpty && errors.allSatisfy { $0.contains(":2:") && $0.contains("attribute") })
    }
}
