import ArgumentParser
import HarnessCore
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

    /// Whether the CI variable asks for the default HTML report (`CI` set to anything but `false` or `0`).
    package static func inCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased(), !value.isEmpty else { return false }
        return value != "false" && value != "0"
    }

    /// Where the HTML report goes: `--html`, else in CI the JUnit report's path with `.html`, else nowhere.
    package func htmlPath(junit: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if noHtml { return nil }
        if let html { return html }
        guard Self.inCI(environment) else { return nil }
        return ((junit as NSString).deletingPathExtension as NSString).appendingPathExtension("html") ?? junit + ".html"
    }

    /// Whether any human report is asked for (the run then collects its cases).
    /// These flags without the pages asked for by path (`--html`, `--ctrf`, `--pr-comment`, `--report-link`): only
    /// the HTML page CI gets by default, unless `--no-html`.
    package var ciPageOnly: HumanReportFlags {
        var flags = self
        flags.html = nil
        flags.ctrf = nil
        flags.prComment = nil
        flags.reportLink = nil
        return flags
    }

    package func wanted(junit: String) -> Bool { htmlPath(junit: junit) != nil || ctrf != nil || prComment != nil }

    /// The comment's link: `--report-link`, else the GitHub run's page, else none.
    package func link(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let reportLink { return reportLink }
        guard let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
              let run = environment["GITHUB_RUN_ID"] else { return nil }
        return "\(server)/\(repository)/actions/runs/\(run)#artifacts"
    }

    /// Writes every report asked for, with the key redacted, and prints where each went; a file that cannot be
    /// written is a usage error naming its flag.
    package func write(_ report: HumanReport, junit: String, key: APIKey?) throws {
        var report = report
        if let path = htmlPath(junit: junit) {
            let start = ContinuousClock.now
            let html = HTMLReport(report)
            do { try html.write(to: path, key: key) } catch {
                throw UsageFailure("--html \(path): cannot write the HTML report: \(ReportStream.describe(error))")
            }
            let seconds = (ContinuousClock.now - start).seconds
            report.phases.append(.init("html", seconds))
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            print(String(format: "html: %@ (%d bytes, %.2fs)", path, size, seconds))
        }
        if let path = ctrf {
            do { try CTRFReport(report).write(to: path, key: key) } catch {
                throw UsageFailure("--ctrf \(path): cannot write the CTRF report: \(ReportStream.describe(error))")
            }
            print("ctrf: \(path) (\(report.cases.count) tests)")
        }
        if let path = prComment {
            let markdown = PullRequestComment.markdown(report, link: link(), key: key)
            do { try HumanReportFile.write(Data(markdown.utf8), to: path) } catch {
                throw UsageFailure("--pr-comment \(path): cannot write the comment: \(ReportStream.describe(error))")
            }
            print("pr-comment: \(path) (\(markdown.count) characters)")
        }
    }
}
