import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessReports
import Testing

/// A small run in memory: passes, a failure, a skip, a broken file, in two contracts and both styles.
enum HumanReportSample {
    static let sentinel = "SENTINEL-KEY-html-9b41d7"
    static let hostile = "<script>alert(1)</script>"

    static let facts: [String: HumanReport.FixtureFacts] = {
        var failing = HumanReport.FixtureFacts(contract: .seed, endpoint: "place-details", status: 404, path: "/places/abc",
                                               query: ["fields": "name,tel"], expectedError: "notFound")
        failing.body = "{\"name\": \"\(hostile)\"}"
        failing.responseHeaders = ["content-type": "application/json"]
        return [
            "place-details/200-typical.json": .init(contract: .seed, endpoint: "place-details", status: 200, path: "/places/abc"),
            "place-details/404-not-found.json": failing,
            "chains/2025-06-17/200-typical.json": .init(contract: .v20250617, endpoint: "chains", status: 200, path: "/chains/x"),
            "chains/2025-06-17/429.json": .init(contract: .v20250617, endpoint: "chains", status: 429, path: "/chains/x"),
        ]
    }()

    static let results: [CaseResult] = [
        CaseResult(endpoint: "place-details", fixture: "place-details/200-typical.json", auth: .apiKey, check: .request, verdict: .pass),
        CaseResult(endpoint: "place-details", fixture: "place-details/200-typical.json", auth: .bearer, check: .request, verdict: .pass),
        CaseResult(endpoint: "place-details", fixture: "place-details/200-typical.json", auth: nil, check: .decoding, verdict: .pass),
        CaseResult(endpoint: "place-details", fixture: "place-details/404-not-found.json", auth: .bearer, check: .request, verdict: .pass),
        CaseResult(endpoint: "place-details", fixture: "place-details/404-not-found.json", auth: nil, check: .errorMapping,
                   verdict: .fail(message: "expected notFound, got \(hostile)",
                                  detail: "expected notFound\ngot decodingFailed\nserver echoed Authorization: \(sentinel)")),
        CaseResult(endpoint: "chains", fixture: "chains/2025-06-17/200-typical.json", auth: .bearer, check: .liveStatus, time: 0.25,
                   verdict: .pass, notes: "flaky: passed only after retrying 503 (attempts: 3)"),
        CaseResult(endpoint: "chains", fixture: "chains/2025-06-17/429.json", auth: .bearer, check: .liveStatus,
                   verdict: .skip(reason: "a 429 cannot be provoked without spending the budget")),
        CaseResult(endpoint: "place-search", fixture: "place-search/broken.json", auth: nil, check: .load,
                   verdict: .error(message: "$.response.status: expected integer", detail: "$.response.status: expected integer")),
    ]

    static func report(mode: String = "replay") -> HumanReport {
        let now = Date()
        var report = HumanReport(title: "fsq-contract run (\(mode))", mode: mode, junitPath: "Reports/junit.xml",
                                 fixturesFolder: "Fixtures", started: now.addingTimeInterval(-2), finished: now,
                                 cases: results.map(HumanReport.Case.init), facts: facts)
        report.phases = [.init("discover", 0.01), .init("load+replay", 1.5)]
        return report
    }
}

@Suite("HTML report")
struct HTMLReportTests {
    @Test func everyValueIsEscaped() {
        #expect(HTMLText.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTMLText.escape("plain café") == "plain café")
        let html = HTMLReport(HumanReportSample.report()).render()
        #expect(!html.contains(HumanReportSample.hostile))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // Our own script is the only one.
        #expect(html.components(separatedBy: "<script>").count == 2)
    }

    @Test func theMatrixCountsEveryCaseOnce() {
        let report = HumanReportSample.report()
        let matrix = CoverageMatrix(report)
        #expect(matrix.total == report.cases.count)
        #expect(matrix.unplaced.errors == 1)
        let seedBearer = matrix.tables.first { $0.contract == "seed" && $0.auth == "bearer" }
        #expect(seedBearer?.counts("place-details", "2xx")?.passed == 1)
        #expect(seedBearer?.counts("place-details", "404")?.passed == 1)
        let seedAny = matrix.tables.first { $0.contract == "seed" && $0.auth == CoverageMatrix.anyAuth }
        #expect(seedAny?.counts("place-details", "404")?.failed == 1)
        // Every endpoint of the contract is a row, so a gap shows as not covered.
        #expect(seedBearer?.rows.contains("chains") == true)
        #expect(seedBearer?.counts("chains", "2xx") == nil)
        let current = matrix.tables.first { $0.contract == "2025-06-17" && $0.auth == "bearer" }
        #expect(current?.counts("chains", "429")?.skipReasons == ["a 429 cannot be provoked without spending the budget"])
        #expect(matrix.tables.allSatisfy { Array($0.columns.prefix(Coverage.requiredStatuses.count)) == Coverage.requiredStatuses })
    }

    @Test func theDocumentIsSelfContainedAndShowsEachFailure() {
        let html = HTMLReport(HumanReportSample.report()).render()
        #expect(html.contains("Content-Security-Policy"))
        for external in ["src=\"http", "href=\"http", "src=\"//", "@import", "url(", "<link"] {
            #expect(!html.contains(external), "\(external)")
        }
        #expect(html.contains("id=\"failure-1\""))
        #expect(html.contains("id=\"failure-2\""))  // the broken file's error
        #expect(html.contains("Fixtures/place-details/404-not-found.json"))
        // The error-mapping case has no style of its own: curl takes the contract's preferred one (seed: apiKey).
        #expect(html.contains("curl -sS -i -X GET &#39;https://places-api.foursquare.com/places/abc?fields=name,tel&#39; "
                              + "-H &#39;accept: application/json&#39; -H &quot;Authorization: $FSQ_API_KEY&quot;"))
        #expect(html.contains("fsq-contract run --fixtures Fixtures --filter place-details/404-not-found.json"))
        #expect(html.contains("Statuses not provoked, and why"))
        #expect(html.contains("id=\"unplaced\""))
    }

    @Test func theKeyIsRedactedFromTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)/r.html").path
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try HTMLReport(HumanReportSample.report(mode: "live")).write(to: path, key: APIKey(HumanReportSample.sentinel))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(HumanReportSample.sentinel))
        #expect(text.contains("&lt;redacted&gt;"))
    }

    @Test func aLiveRunShowsTheSlowestCallsAndTheCalls() {
        var report = HumanReportSample.report(mode: "live")
        report.callsLine = "calls: 3 made, none retried"
        let html = HTMLReport(report).render()
        #expect(html.contains("Slowest calls"))
        #expect(html.contains("calls: 3 made, none retried"))
        #expect(html.contains("fsq-contract run --fixtures Fixtures --filter place-details/404-not-found.json --live"))
    }

    @Test func driftIsAChangelog() {
        var report = HumanReportSample.report(mode: "drift")
        report.drift = DriftChangelog(
            headline: "drift: 1 breaking, 0 warning, 1 info", changes: [
                .init(level: .info, kind: "added", field: "$.new", phrase: "added", endpoints: ["chains"], fixtures: ["chains/a.json"], calls: 1),
                .init(level: .breaking, kind: "removed", field: "$.name", phrase: "removed \(HumanReportSample.hostile)",
                      endpoints: ["place-details"], fixtures: ["place-details/200-typical.json"], calls: 2),
            ],
            stale: [StaleFixture(fixture: "place-details/200-typical.json", endpoint: "place-details", contract: .seed, placeID: "old", answeredID: "new")],
            baselinePath: "baseline.json",
            baseline: [.init(fingerprint: "seed/chains drift $.x removed", reason: "known", expires: "2020-01-01", standing: .expired)])
        let html = HTMLReport(report).render()
        #expect(html.contains("Drift changelog"))
        #expect(html.contains("breaking (1)") && html.contains("warning (0)") && html.contains("info (1)"))
        #expect(html.contains("2020-01-01") && html.contains("expired"))
        #expect(html.contains("--place-id new"))
        #expect(!html.contains(HumanReportSample.hostile))
    }
}
