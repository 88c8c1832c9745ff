import ArgumentParser
import HarnessJobs
import JUnitXML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fsq-contract validate-report FILE [--schema XSD]`: checks a report against an XSD and the consumers' rules.
package struct ValidateReportCommand: ParsableCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "validate-report",
        abstract: "Validate a JUnit XML report: the project's schema and what Jenkins xUnit and Ant accept, or a given XSD.",
        discussion: """
            Without --schema, the report is checked against the project's own schema and against the rules \
            that decide whether Jenkins xUnit and Ant accept it (--consumer narrows those). \
            Exit status: 0 when valid; 1 when invalid (one line per error, with its line number, on stderr); \
            2 when the report or the schema can't be read.
            """)

    @Argument(help: "The JUnit XML report.")
    package var file: String

    @Option(help: "XSD to validate against instead of the default checks.")
    package var schema: String?

    @Option(help: "A consumer whose rules must pass (jenkins-xunit, ant); repeat for several. Default: all.")
    package var consumer: [JUnitConsumer] = []

    package func run() throws {
        do {
            let validator = try schema.map { try SchemaValidator(schemaPath: $0) } ?? SchemaValidator.bundled()
            var errors = try validator.validate(reportPath: file)
            var accepted = ""
            if schema == nil && errors.isEmpty {
                let consumers = consumer.isEmpty ? JUnitConsumer.allCases : consumer
                let findings = try ConsumerCheck.check(reportPath: file, consumers: consumers)
                errors += findings.map { "\(file): \($0)" }
                accepted = "; accepted by " + consumers.map(\.title).joined(separator: " and ")
            }
            guard errors.isEmpty else {
                errors.forEach(writeStderr)
                writeStderr("\(file): invalid (\(errors.count) errors)")
                throw ExitCode(1)
            }
            print("\(file): valid\(accepted)")
        } catch let error as JUnitXMLError {
            writeStderr("validate-report: \(error)")
            throw ExitCode(2)
        }
    }
}

extension JUnitConsumer: ExpressibleByArgument {}
