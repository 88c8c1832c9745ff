import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessReports
import Testing

@Suite("GitHub job page: step summary and annotations")
struct JobPageTests {
    static let sentinel = "SENTINEL-KEY-jobpage-5c2e81"

    static func results(failures: Int) -> [CaseResult] {
        var results = [
            CaseResult(endpoint: "chains", fixture: "chains/200-typical.json", auth: .apiKey, check: .request, verdict: .pass),
            CaseResult(endpoint: "chains", fixture: "chains/200-typical.json", auth: .bearer, check: .request, verdict: .skip(reason: "no key")),
        ]
        for i in 0..<failures {
            results.append(CaseResult(
                endpoint: "place-details", fixture: "place-details/404,odd:name-\(i).json", auth: .bearer, check: .errorMapping,
                verdict: .fail(message: "expected notFound, got 100% wrong | <b>html</b>\nsecond line",
                               detail: "server echoed Authorization: \(sentinel)\r\nand %41")))
        }
        results.append(CaseResult(endpoint: "place-search", fixture: "place-search/broken.json", auth: nil, check: .load,
                                  verdict: .error(message: "$.response.status: expected integer, found string", detail: "")))
        return results
    }

    func withTempFile(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test func nothingWithoutTheVariables() {
        let out = JobPage(environment: ["CI": "true"]).publish(Self.results(failures: 3), title: "run", fixturesRoot: "Fixtures",
                                                               reportPath: "Reports/junit.xml", key: APIKey(Self.sentinel))
        #expect(out.annotations.isEmpty && out.warnings.isEmpty)
    }

    @Test func stepSummaryListsFailuresFirstThenCountsPerEndpoint() throws {
        try withTempFile { path in
            try "earlier step\n".write(toFile: path, atomically: true, encoding: .utf8)
            var page = JobPage(environment: ["GITHUB_STEP_SUMMARY": path])
            page.maxSummaryProblems = 3
            let out = page.publish(Self.results(failures: 5), title: "fsq-contract run (replay)", fixturesRoot: "Fixtures",
                                   reportPath: "Reports/junit.xml", key: APIKey(Self.sentinel))
            #expect(out.annotations.isEmpty && out.warnings.isEmpty)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines[0] == "earlier step")  // appended, not overwritten
            #expect(lines[1] == "### fsq-contract run (replay): ❌ 6 failed, 1 passed, 1 skipped")
            #expect(lines[3] == "- **FAIL** `place-details/404,odd:name-0.json [bearer] error-mapping`: expected notFound, got 100% wrong \\| &lt;b&gt;html&lt;/b&gt; second line")
            #expect(lines[6] == "- … and 3 more in `Reports/junit.xml`")
            let table = lines.firstIndex(of: "| endpoint | passed | failed | errors | skipped |")!
            #expect(table > 6)
            // Worst endpoint first.
            #expect(lines[table + 2] == "| place-details | 0 | 5 | 0 | 0 |")
            #expect(lines.contains("| place-search | 0 | 0 | 1 | 0 |"))
            #expect(lines.contains("| chains | 1 | 0 | 0 | 1 |"))
            #expect(!text.contains(Self.sentinel))
        }
    }

    @Test func annotationsAreEscapedCappedAndRedacted() {
        let out = JobPage(environment: ["GITHUB_ACTIONS": "true"]).publish(
            Self.results(failures: 12), title: "run", fixturesRoot: "Fixtures/", reportPath: "Reports/junit.xml", key: APIKey(Self.sentinel))
        #expect(out.annotations.count == Annotations.defaultLimit + 1)
        #expect(out.annotations[0] == "::error file=Fixtures/place-details/404%2Codd%3Aname-0.json,"
            + "title=place-details/404%2Codd%3Aname-0.json [bearer] error-mapping::"
            + "expected notFound, got 100%25 wrong | <b>html</b>%0Asecond line%0Aserver echoed Authorization: <redacted>%0D%0Aand %2541")
        #expect(out.annotations.last == "::notice::3 more failing cases are not annotated (see Reports/junit.xml)")
        #expect(out.annotations.allSatisfy { !$0.contains(Self.sentinel) && !$0.contains("\n") && !$0.contains("\r") })
    }

    @Test func anErrorIsAnnotatedWithItsFile() {
        let out = JobPage(environment: ["GITHUB_ACTIONS": "true"]).publish(
            Self.results(failures: 0), title: "run", fixturesRoot: "./Fixtures", reportPath: nil, key: nil)
        #expect(out.annotations == ["::error file=Fixtures/place-search/broken.json,title=place-search/broken.json load::"
            + "$.response.status: expected integer, found string"])
    }

    @Test func anUnwritableSummaryIsAWarningNotACrash() {
        let out = JobPage(environment: ["GITHUB_STEP_SUMMARY": "/nonexistent-dir/summary.md"]).publish(
            Self.results(failures: 1), title: "run", fixturesRoot: nil, reportPath: nil, key: nil)
        #expect(out.warnings.count == 1)
        #expect(out.warnings[0].hasPrefix("GITHUB_STEP_SUMMARY /nonexistent-dir/summary.md: cannot append the summary"))
    }
}
