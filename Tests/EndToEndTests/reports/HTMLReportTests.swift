import Foundation
import FoursquarePlaces
import JUnitXML
import Testing
import TestSupport

/// `--html`, `--ctrf` and `--pr-comment` from the built binaries: counts equal the JUnit report's, hostile fixture
/// text renders as text, CTRF validates against its schema, and the key is in none of them.
@Suite("HTML, CTRF and pull-request comment reports", .serialized, .timeLimit(.minutes(5)))
struct HTMLReportTests {
    /// JUnit's four counts from the report file.
    func junitCounts(_ path: String) throws -> (tests: Int, failed: Int, errors: Int, skipped: Int) {
        let cases = try E2E.cases(path)
        var failed = 0, errors = 0, skipped = 0
        for c in cases {
            switch c.outcome {
            case .failure: failed += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            case .passed: break
            }
        }
        return (cases.count, failed, errors, skipped)
    }

    /// The matrix's counts, summed from its cells' data attributes (and the cases in no cell).
    func matrixCounts(_ html: String) -> (tests: Int, failed: Int, errors: Int, skipped: Int) {
        var sums = ["passed": 0, "failed": 0, "errors": 0, "skipped": 0]
        for match in html.matches(of: /data-passed="(\d+)" data-failed="(\d+)" data-errors="(\d+)" data-skipped="(\d+)"/) {
            sums["passed"]! += Int(match.output.1)!
            sums["failed"]! += Int(match.output.2)!
            sums["errors"]! += Int(match.output.3)!
            sums["skipped"]! += Int(match.output.4)!
        }
        return (sums.values.reduce(0, +), sums["failed"]!, sums["errors"]!, sums["skipped"]!)
    }

    /// The errors python's jsonschema finds in `path` against the CTRF schema (empty: valid); nil when python or
    /// jsonschema is missing, which the caller must not take for a pass.
    /// Without the schema (`ConsumerSchemas`), no errors, after a warning that the check was skipped.
    func ctrfSchemaErrors(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String]? {
        guard let schema = ConsumerSchemas.found("report-schemas/ctrf.schema.json", sourceLocation: sourceLocation)?.path else { return [] }
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("NO-JSONSCHEMA"); sys.exit(3)
            schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
            for e in jsonschema.Draft7Validator(schema).iter_errors(doc): print(e.message[:200])
            """
        let result = try await runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, schema, path],
                                          environment: ProcessInfo.processInfo.environment, currentDirectory: nil, timeout: .seconds(60))
        if result.status == 3 || result.status == 127 { return nil }
        guard result.status == 0 else { return ["python3 exited \(result.status): \(result.stderr.suffix(300))"] }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func theShippedReplayCountsEqualJUnitsAndCTRFValidates() async throws {
        try await withTemporaryDirectory { tmp in
            let junit = tmp.appendingPathComponent("junit.xml").path
            let html = tmp.appendingPathComponent("report.html").path
            let ctrf = tmp.appendingPathComponent("ctrf.json").path
            let comment = tmp.appendingPathComponent("comment.md").path
            let result = try await Products.run(
                ["run", "--report", junit, "--html", html, "--ctrf", ctrf, "--pr-comment", comment, "--report-link", "https://example.invalid/a"],
                // The shipped corpus must leave no gap: every documented member, status and header form of every
                // contract. Run here, in a process of its own, rather than in memory, where a whole-corpus replay
                // held the test process's two pool threads for minutes.
                environment: ["FSQ_COVERAGE_MINIMUM": "100"], currentDirectory: Products.packageRoot)
            #expect(result.status == 0, "\(result.stdout.suffix(2000))\n\(result.stderr)")
            #expect(result.stdout.contains("(2025-06-17: full; seed: full)"), "\(result.stdout.suffix(2000))")
            #expect(result.stdout.contains("html: \(html) ("))
            let junitCounts = try junitCounts(junit)
            let text = try String(contentsOfFile: html, encoding: .utf8)
            let matrix = matrixCounts(text)
            #expect(matrix.tests == junitCounts.tests && matrix.failed == junitCounts.failed
                    && matrix.errors == junitCounts.errors && matrix.skipped == junitCounts.skipped, "\(matrix) \(junitCounts)")
            #expect(text.contains("data-count=\"tests\">\(junitCounts.tests)<"))
            let document = try E2E.object(URL(fileURLWithPath: ctrf))
            let summary = (document["results"] as? [String: Any])?["summary"] as? [String: Any]
            #expect(summary?["tests"] as? Int == junitCounts.tests)
            #expect(((document["results"] as? [String: Any])?["tests"] as? [Any])?.count == junitCounts.tests)
            let errors = try #require(try await ctrfSchemaErrors(ctrf), "python3 with jsonschema is needed (bash scripts/setup.sh installs it)")
            #expect(errors.isEmpty, "\(errors)")
            let markdown = try String(contentsOfFile: comment, encoding: .utf8)
            #expect(markdown.count <= PullRequestCommentLimit.characters)
            #expect(markdown.hasPrefix("### fsq-contract run (replay): ✅"))
            #expect(markdown.contains("(https://example.invalid/a)"))
        }
    }

    @Test func aHostilePlaceNameRendersAsText() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try copyFixtures(["place-details/200-typical.json"], to: fixtures)
            let url = fixtures.appendingPathComponent("place-details/200-typical.json")
            try E2E.editBody(url) { $0["name"] = "<script>alert(1)</script>" }
            // A success fixture that expects an error: its case fails, so the body is shown beside the failure.
            var fixture = try E2E.object(url)
            fixture["expect"] = ["error": "notFound"]
            try E2E.write(fixture, to: url)
            let html = tmp.appendingPathComponent("r/report.html").path
            let result = try await Products.run(
                ["run", "--fixtures", fixtures.path, "--report", tmp.appendingPathComponent("r/junit.xml").path, "--html", html])
            #expect(result.status == 1, "\(result.stdout.suffix(2000))\n\(result.stderr)")
            let text = try String(contentsOfFile: html, encoding: .utf8)
            #expect(!text.contains("<script>alert(1)"))
            #expect(text.contains("&quot;name&quot; : &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;"))
            #expect(text.contains("class=\"failure\""))
            #expect(text.contains("--filter place-details/200-typical.json"))
        }
    }

    @Test func theHTMLIsWrittenBesideTheJUnitReportInCIAndNotOtherwise() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp.appendingPathComponent("F"))
            let arguments = ["run", "--fixtures", tmp.appendingPathComponent("F").path, "--report", tmp.appendingPathComponent("out/junit.xml").path]
            let plain = try await Products.run(arguments)
            #expect(plain.status == 0)
            #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("out/junit.html").path))
            let ci = try await Products.run(arguments, environment: ["CI": "true"])
            #expect(ci.status == 0)
            #expect(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("out/junit.html").path))
            let off = try await Products.run(arguments + ["--no-html"], environment: ["CI": "true"])
            #expect(off.status == 0)
            let bad = try await Products.run(arguments + ["--html", tmp.path])
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("--html \(tmp.path) is a folder"))
        }
    }

    /// A live run and a drift run with a sentinel key, against the emulator and the independent stand-in: the key
    /// is in no HTML, CTRF or comment byte, and drift's HTML is a changelog.
    @Test func liveAndDriftReportsNeverHoldTheKey() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = Products.packageRoot.appendingPathComponent("Fixtures")
            let emulator = try await EmulatorProcess(fixtures: fixtures)
            let live = try await Products.run(
                ["run", "--live", "--base-url", emulator.baseURL, "--fixtures", fixtures.path, "--filter", "chains/*",
                 "--report", tmp.appendingPathComponent("live.xml").path, "--ctrf", tmp.appendingPathComponent("live.ctrf.json").path,
                 "--pr-comment", tmp.appendingPathComponent("live.md").path],
                environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "true"])
            emulator.stop()
            #expect(live.status == 0, "\(live.stdout.suffix(2000))\n\(live.stderr)")
            let liveHTML = try String(contentsOf: tmp.appendingPathComponent("live.html"), encoding: .utf8)
            #expect(liveHTML.contains("Slowest calls") && liveHTML.contains("calls: "))
            let liveCounts = try junitCounts(tmp.appendingPathComponent("live.xml").path)
            #expect(matrixCounts(liveHTML).tests == liveCounts.tests)
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let drift = try await Products.run(
                    ["drift", "--base-url", standIn.baseURL.absoluteString, "--fixtures", E2E.standInCorpus.path, "--contract", "2025-06-17",
                     "--report", tmp.appendingPathComponent("drift.xml").path, "--html", tmp.appendingPathComponent("drift.html").path,
                     "--ctrf", tmp.appendingPathComponent("drift.ctrf.json").path, "--retries", "0"],
                    environment: ["FSQ_API_KEY": E2E.sentinel])
                #expect(drift.status == 0, "\(drift.stdout.suffix(2000))\n\(drift.stderr)")
            }
            let driftHTML = try String(contentsOf: tmp.appendingPathComponent("drift.html"), encoding: .utf8)
            #expect(driftHTML.contains("Drift changelog") && driftHTML.contains("Stale fixtures"))
            let driftCounts = try junitCounts(tmp.appendingPathComponent("drift.xml").path)
            #expect(matrixCounts(driftHTML).tests == driftCounts.tests)
            let ctrf = try E2E.object(tmp.appendingPathComponent("drift.ctrf.json"))
            #expect(((ctrf["results"] as? [String: Any])?["summary"] as? [String: Any])?["tests"] as? Int == driftCounts.tests)
            let errors = try #require(try await ctrfSchemaErrors(tmp.appendingPathComponent("drift.ctrf.json").path))
            #expect(errors.isEmpty, "\(errors)")
            #expect(!E2E.allText(under: tmp).contains(E2E.sentinel), "the key leaked into a report")
        }
    }

    /// The Action's run step writes the three beside its report and gives the comment's body as a multi-line output.
    @Test func theActionWritesTheReportsAndTheCommentOutput() async throws {
        try await withTemporaryDirectory { folder in
            let workspace = folder.appendingPathComponent("app")
            try copyFixtures(GitHubActionTests.fixtures, to: workspace.appendingPathComponent("Fixtures"))
            let step = try await GitHubActionTests.runStep(in: workspace, ["mode": "replay"])
            #expect(step.status == 0, "\(step.log)")
            #expect(step.outputs["html"] == "Reports/junit.html" && step.outputs["ctrf"] == "Reports/junit.ctrf.json")
            #expect(step.outputs["pr-comment-file"] == "Reports/junit.pr-comment.md")
            for path in ["Reports/junit.html", "Reports/junit.ctrf.json", "Reports/junit.pr-comment.md"] {
                #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent(path).path), "\(path)")
            }
            let raw = try String(contentsOf: folder.appendingPathComponent("github-output"), encoding: .utf8)
            let lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try #require(lines.firstIndex { $0.hasPrefix("pr-comment<<") }, "\(raw)")
            let delimiter = String(lines[start].dropFirst("pr-comment<<".count))
            let end = try #require(lines[(start + 1)...].firstIndex(of: delimiter), "the comment's delimiter is not closed")
            let body = lines[(start + 1)..<end].joined(separator: "\n")
            #expect(body.hasPrefix("### fsq-contract run (replay): ✅"), "\(body)")
            #expect(body.count <= PullRequestCommentLimit.characters)
        }
    }
}

/// GitHub's limit on a comment body, as the tests state it apart from the code.
enum PullRequestCommentLimit {
    static let characters = 65_536
}
