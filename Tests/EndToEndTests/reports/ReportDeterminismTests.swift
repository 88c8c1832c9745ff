import Foundation
import Testing
import TestSupport

/// Two replays of the same fixtures write the same report, apart from when they ran and how long cases took.
@Suite("report determinism")
struct ReportDeterminismTests {
    /// The report with every `time="…"` and `timestamp="…"` value blanked.
    static func timeless(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.replacingOccurrences(of: #"\b(time|timestamp)="[^"]*""#, with: #"$1="""#, options: .regularExpression)
    }

    @Test func theShippedCorpusReplaysToTheSameReportTwice() async throws {
        try await withTemporaryDirectory { tmp in
            var reports: [String] = []
            for run in 1...2 {
                let report = tmp.appendingPathComponent("junit-\(run).xml").path
                let result = try await Products.run(["run", "--report", report], currentDirectory: Products.packageRoot)
                #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
                reports.append(try Self.timeless(report))
            }
            // Not vacuous: the report has the cases, and blanking touched only the time attributes.
            #expect(reports[0].components(separatedBy: "<testcase ").count - 1 >= 300)
            #expect(reports[0].contains(#"time="""#) && reports[0].contains(#"timestamp="""#))
            #expect(reports[0] == reports[1], "the two reports differ beyond time and timestamp")
        }
    }

    @Test func blankingKeepsEverythingButTimes() throws {
        let sample = #"<testsuite name="a" timestamp="2026-11-23T13:00:00" time="0.012"><testcase name="x time=1" time="0.5"/></testsuite>"#
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("timeless-\(UUID().uuidString).xml").path
        try sample.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.timeless(path) == #"<testsuite name="a" timestamp="" time=""><testcase name="x time=1" time=""/></testsuite>"#)
    }
}
