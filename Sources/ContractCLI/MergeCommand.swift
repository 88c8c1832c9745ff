import ArgumentParser
import HarnessJobs
import JUnitXML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fsq-contract merge --output FILE REPORT…`: combines JUnit reports, one suite per name, recomputing the totals.
package struct MergeCommand: AsyncParsableCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge JUnit XML reports (e.g. shards) into one, one suite per name, with totals recomputed.",
        discussion: """
            Suites with the same name from different reports become one suite with the counts summed. \
            Exit status: 0 when the merged report was written; 1 when it could not be written \
            (the old OUTPUT is left untouched); 2 when an input report is unreadable or not JUnit XML, or when \
            the reports hold no testcase at all.
            """)

    @Option(name: [.short, .long], help: "The merged report to write (atomically).")
    package var output: String?

    @Option(help: "Also write one TEST-<suite>.xml per suite here, each a single <testsuite> (Ant's junitreport, Maven Surefire).")
    package var reportDir: String?

    @Option(help: "The name attribute of the merged <testsuites> (written only with --junit-root-totals).")
    package var name: String = "fsq-contract"

    @Flag(help: "Keep file= and line= on testcases (GitLab, CircleCI); the xUnit and Ant schemas reject them.")
    package var junitFileAttributes = false

    @Flag(help: "Put name/tests/failures/errors/time on <testsuites> (valid for Jenkins xUnit; the Ant schema rejects them).")
    package var junitRootTotals = false

    @Argument(help: "JUnit XML reports to merge, in order.")
    package var reports: [String] = []

    package func validate() throws {
        guard !reports.isEmpty else { throw ValidationError("Give at least one REPORT to merge.") }
        guard output != nil || reportDir != nil else { throw ValidationError("Give --output FILE, --report-dir DIR or both.") }
    }

    package func run() async throws {
        let options = ReportWriterOptions(includeFileAttributes: junitFileAttributes,
                                          rootAttributes: junitRootTotals ? .jenkinsXUnit : .none)
        // Without --output, the merged report is a temp file that only feeds --report-dir.
        let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let target = output ?? "\(tmp)/fsq-contract-merge-\(getpid()).xml"
        defer { if output == nil { unlink(target) } }
        do {
            let merged = try ReportMerger.merge(reports, into: target, name: name, options: options)
            var where_ = output.map { "\($0): " } ?? ""
            if let reportDir {
                let files = try ReportSplitter.split(target, into: reportDir)
                where_ += "\(files.count) files in \(reportDir): "
            }
            print("\(where_)\(merged.suites) suites, \(merged.tests) tests, \(merged.failures) failures, "
                + "\(merged.errors) errors, \(merged.skipped) skipped")
            // Shards that together tested nothing are not a pass.
            if merged.tests == 0 {
                writeStderr("merge: the \(reports.count) report\(reports.count == 1 ? "" : "s") hold no testcase; check that each shard ran")
                throw ExitCode(2)
            }
        } catch let error as JUnitXMLError {
            writeStderr("merge: \(error)")
            throw ExitCode(error.kind == .write ? 1 : 2)
        }
    }
}
