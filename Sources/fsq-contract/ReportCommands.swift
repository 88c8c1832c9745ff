import ArgumentParser
import JUnitXML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fsq-contract merge --output FILE REPORT…`: combines JUnit reports, recomputing the totals.
struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge JUnit XML reports into one, with totals recomputed.",
        discussion: """
            Exit status: 0 when the merged report was written; 1 when it could not be written \
            (the old OUTPUT is left untouched); 2 when an input report is unreadable or not JUnit XML.
            """)

    @Option(name: [.short, .long], help: "The merged report to write (atomically).")
    var output: String

    @Option(help: "The name attribute of the merged <testsuites>.")
    var name: String = "fsq-contract"

    @Argument(help: "JUnit XML reports to merge, in order.")
    var reports: [String]

    func validate() throws {
        guard !reports.isEmpty else { throw ValidationError("Give at least one REPORT to merge.") }
    }

    func run() async throws {
        do {
            let merged = try ReportMerger.merge(reports, into: output, name: name)
            print("\(output): \(merged.suites.count) suites, \(merged.tests) tests, \(merged.failures) failures, "
                + "\(merged.errors) errors, \(merged.skipped) skipped")
        } catch let error as JUnitXMLError {
            writeStderr("merge: \(error)")
            throw ExitCode(error.kind == .write ? 1 : 2)
        }
    }
}

/// `fsq-contract validate-report FILE [--schema XSD]`: checks a report against an XSD.
struct ValidateReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate-report",
        abstract: "Validate a JUnit XML report against an XSD (default: the project's own schema).",
        discussion: """
            Exit status: 0 when valid; 1 when invalid (one line per error, with its line number, on stderr); \
            2 when the report or the schema can't be read.
            """)

    @Argument(help: "The JUnit XML report.")
    var file: String

    @Option(help: "XSD to validate against (default: the bundled fsq-contract schema).")
    var schema: String?

    func run() throws {
        do {
            let validator = try schema.map { try SchemaValidator(schemaPath: $0) } ?? SchemaValidator.bundled()
            let errors = try validator.validate(reportPath: file)
            guard errors.isEmpty else {
                errors.forEach(writeStderr)
                writeStderr("\(file): invalid (\(errors.count) errors)")
                throw ExitCode(1)
            }
            print("\(file): valid")
        } catch let error as JUnitXMLError {
            writeStderr("validate-report: \(error)")
            throw ExitCode(2)
        }
    }
}
