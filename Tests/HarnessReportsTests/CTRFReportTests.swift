import Foundation
import FoursquarePlaces
import HarnessReports
import Testing

@Suite("CTRF report")
struct CTRFReportTests {
    func tests(_ document: [String: Any]) -> [[String: Any]] {
        (document["results"] as? [String: Any])?["tests"] as? [[String: Any]] ?? []
    }

    @Test func oneTestPerCaseWithCountsThatAgree() throws {
        let report = HumanReportSample.report()
        let document = CTRFReport(report).document()
        #expect(document["reportFormat"] as? String == "CTRF")
        #expect(document["specVersion"] as? String == "1.0.0")
        let tests = tests(document)
        #expect(tests.count == report.cases.count)
        let summary = (document["results"] as? [String: Any])?["summary"] as? [String: Any]
        #expect(summary?["tests"] as? Int == report.cases.count)
        // JUnit's failure and error are both CTRF's failed; rawStatus keeps which.
        #expect(summary?["failed"] as? Int == 2)
        #expect(summary?["skipped"] as? Int == 1)
        #expect(summary?["passed"] as? Int == 5)
        #expect(summary?["flaky"] as? Int == 1)
        #expect(tests.contains { $0["rawStatus"] as? String == "error" && $0["status"] as? String == "failed" })
    }

    @Test func suiteTagsAndLabelsGroupByOperationStatusContractAndAuth() {
        let tests = tests(CTRFReport(HumanReportSample.report()).document())
        let failing = tests.first { ($0["name"] as? String)?.hasSuffix("error-mapping") == true }
        #expect(failing?["suite"] as? [String] == ["seed", "place-details"])
        #expect(failing?["tags"] as? [String] == ["operation:place-details", "status:404", "contract:seed", "auth:any", "check:error-mapping"])
        let labels = failing?["labels"] as? [String: String]
        #expect(labels == ["operation": "place-details", "status": "404", "contract": "seed", "auth": "any", "check": "error-mapping"])
        #expect(failing?["filePath"] as? String == "Fixtures/place-details/404-not-found.json")
        #expect((failing?["trace"] as? String)?.contains("got decodingFailed") == true)
    }

    @Test func aFlakyCaseUsesCTRFsOwnFields() {
        let tests = tests(CTRFReport(HumanReportSample.report(mode: "live")).document())
        let flaky = tests.first { $0["flaky"] as? Bool == true }
        #expect(flaky?["retries"] as? Int == 2)
        let attempts = flaky?["retryAttempts"] as? [[String: Any]]
        #expect(attempts?.map { $0["status"] as? String } == ["failed", "failed", "passed"])
        #expect(flaky?["duration"] as? Int == 250)
    }

    @Test func theKeyIsRedactedFromTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ctrf-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try CTRFReport(HumanReportSample.report(mode: "live")).write(to: path, key: APIKey(HumanReportSample.sentinel))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(HumanReportSample.sentinel))
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }
}

@Suite("Pull-request comment")
struct PullRequestCommentTests {
    @Test func theStepSummaryWithALink() {
        let text = PullRequestComment.markdown(HumanReportSample.report(), link: "https://example.invalid/run#artifacts",
                                               key: APIKey(HumanReportSample.sentinel))
        #expect(text.hasPrefix("### fsq-contract run (replay): ❌ 2 failed, 5 passed, 1 skipped"))
        #expect(text.contains("[Full HTML report](https://example.invalid/run#artifacts)"))
        #expect(text.contains("&lt;script&gt;"))
        #expect(!text.contains(HumanReportSample.sentinel))
    }

    @Test func aLongOneIsTrimmedToWhatGitHubTakes() {
        var report = HumanReportSample.report()
        let failing = report.cases.first { $0.outcome == .failed }!
        report.cases = (0..<5000).map { i in
            var c = failing
            c.fixture = "place-details/\(String(repeating: "x", count: 40))-\(i).json"
            c.suite = "suite-\(i)"
            return c
        }
        let text = PullRequestComment.markdown(report, link: "https://example.invalid/r")
        #expect(text.count <= PullRequestComment.maxCharacters)
        #expect(text.contains("trimmed to fit a comment"))
        #expect(text.hasSuffix("(https://example.invalid/r) (coverage matrix, each failure's request, expected and actual, and how to reproduce it)\n"))
    }
}
