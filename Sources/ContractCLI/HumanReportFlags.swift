import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// `--html`, `--ctrf` and `--pr-comment`: the reports a person (or a CTRF tool) reads, beside the JUnit report.
/// In CI (`CI` set, as every CI service sets it) the HTML report is written by default beside the JUnit report.
package struct HumanReportFlags: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "Also write one self-contained HTML report here (default when CI is set: beside the JUnit report, e.g. Reports/junit.html).")
    package var html: String?

    @Flag(name: .long, help: "Write no HTML report, even when CI is set.")
    package var noHtml = false

    @Option(name: .long, help: "Also write the run as CTRF JSON (Common Test Report Format 1.0.0) here.")
    package var ctrf: String?

    @Option(name: .long, help: "Also write a pull-request comment body here (markdown, at most 65,536 characters).")
    package var prComment: String?

    @Option(name: .long, help: "The HTML report's link in the pull-request comment (default on GitHub Actions: the run's page, where the artifact is).")
    package var reportLink: String?

    package func validate() throws {
        if noHtml, html != nil { throw ValidationError("--html and --no-html contradict each other; give one") }
        for (flag, path) in [("--html", html), ("--ctrf", ctrf), ("--pr-comment", prComment)] {
            guard let path else { continue }
            if path.isEmpty { throw ValidationError("\(flag) needs a file path, e.g. \(flag) Reports/report") }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw ValidationError("\(flag) \(path) is a folder; give a file path inside it")
            }
        }
    }

    /// The reports as the work takes them.
    package var resolved: HumanReports {
        HumanReports(html: html, noHtml: noHtml, ctrf: ctrf, prComment: prComment, reportLink: reportLink)
    }
}
