import ArgumentParser
import HarnessJobs
import JUnitXML

/// `fsq-contract counts REPORT`: a report's totals as `name=value` lines, the format `$GITHUB_OUTPUT` takes
/// (the GitHub Action's outputs come from here, so the counting lives in one place: `TestReport`).
package struct CountsCommand: ParsableCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "counts",
        abstract: "Print a JUnit report's tests, passed, failed, errors and skipped as name=value lines.",
        discussion: "Exit status: 0 when printed; 2 when the report cannot be read or is not JUnit XML.")

    @Argument(help: "The JUnit XML report.")
    package var file: String

    package func run() throws {
        do {
            let report = try ReportReader.read(path: file)
            print("tests=\(report.tests)\npassed=\(report.passed)\nfailed=\(report.failures)\nerrors=\(report.errors)\nskipped=\(report.skipped)")
        } catch {
            writeStderr("counts: \(file): \(error)")
            throw ExitCode(2)
        }
    }
}
