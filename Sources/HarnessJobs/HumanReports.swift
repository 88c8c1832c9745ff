import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// The reports a person (or a CTRF tool) reads, beside the JUnit report: `--html`, `--ctrf` and `--pr-comment`. In CI
/// (`CI` set, as every CI service sets it) the HTML report is written by default beside the JUnit report.
package struct HumanReports: Sendable {
    /// `--html`: where the HTML report goes.
    package var html: String?
    /// `--no-html`: no HTML report, even when CI is set.
    package var noHtml = false
    /// `--ctrf`: where the CTRF JSON goes.
    package var ctrf: String?
    /// `--pr-comment`: where the pull-request comment's body goes.
    package var prComment: String?
    /// `--report-link`: the HTML report's link in the comment.
    package var reportLink: String?

    /// The reports at these paths; none by default (but the HTML page in CI).
    package init(html: String? = nil, noHtml: Bool = false, ctrf: String? = nil, prComment: String? = nil, reportLink: String? = nil) {
        self.html = html
        self.noHtml = noHtml
        self.ctrf = ctrf
        self.prComment = prComment
        self.reportLink = reportLink
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
    package var ciPageOnly: HumanReports {
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
