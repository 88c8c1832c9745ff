import Foundation
import Testing
import TestSupport

/// Every verb, run twice on the same input, writes the same bytes: terminal output, reports, summaries and
/// recorded fixtures, ordering included. What legitimately differs between two runs is blanked first, each kind by
/// name (`Normalised`), so a diff in CI artifacts is news, not noise.
@Suite("deterministic output", .serialized)
struct DeterministicOutputTests {
    /// What two honest runs may differ in, and nothing else.
    enum Normalised {
        /// JUnit `time="0.012"` and `timestamp="2026-…"` attributes.
        static func reportTimes(_ text: String) -> String {
            text.replacingOccurrences(of: #"\b(time|timestamp)="[^"]*""#, with: #"$1="""#, options: .regularExpression)
        }

        /// Durations on the terminal and in summaries: `0.05s`, `12 ms`, `1.2 s`.
        static func durations(_ text: String) -> String {
            text.replacingOccurrences(of: #"\b\d+(\.\d+)?\s?(ms|s)\b"#, with: "<duration>", options: .regularExpression)
        }

        /// ISO 8601 instants: a recording's `"at"`, a summary's date.
        static func instants(_ text: String) -> String {
            text.replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?"#, with: "<instant>",
                                      options: .regularExpression)
        }

        /// HTTP dates: a recorded answer's `date` header (`Wed, 25 Nov 2026 02:14:11 GMT`).
        static func httpDates(_ text: String) -> String {
            text.replacingOccurrences(of: #"[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT"#, with: "<http-date>",
                                      options: .regularExpression)
        }

        /// The emulator's port, which the system picks per run.
        static func ports(_ text: String) -> String {
            text.replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:<port>", options: .regularExpression)
        }

        /// `--timings`' phase split: `discover=0.007 stream=0.049`.
        static func timings(_ text: String) -> String {
            text.replacingOccurrences(of: #"\b(discover|stream|finish|load|replay|report)=\d+(\.\d+)?"#, with: "$1=<duration>",
                                      options: .regularExpression)
        }

        static func all(_ text: String, folders: [String: String] = [:]) -> String {
            var text = text
            for (path, name) in folders { text = text.replacingOccurrences(of: path, with: name) }
            return ports(httpDates(instants(timings(durations(reportTimes(text))))))
        }
    }

    static var document: String { FoursquareDocument.path }

    @Test
    func listWithTheDocumentPrintsTheSameTableThreeTimes() async throws {
        var outputs: [String] = []
        for _ in 1...3 {
            let result = try await Products.run(["list", "--openapi", Self.document], currentDirectory: Products.packageRoot)
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs[0].contains("OpenAPI coverage, contract 2025-06-17"))
        // Every documented operation is in the registry now, so the table has no "does not know" section.
        #expect(!outputs[0].contains("Documented operations the registry does not know"))
        #expect(outputs[1] == outputs[0], "the second list --openapi differs from the first")
        #expect(outputs[2] == outputs[0], "the third list --openapi differs from the first")
        let plain = try await Products.run(["list"], currentDirectory: Products.packageRoot)
        let again = try await Products.run(["list"], currentDirectory: Products.packageRoot)
        #expect(plain.stdout == again.stdout && plain.stdout.contains("Coverage in"))
    }

    @Test
    func runMergeCountsAndValidateReportRepeatThemselves() async throws {
        try await withTemporaryDirectory { tmp in
            var outputs: [String] = []
            var reports: [String] = []
            for run in 1...2 {
                let report = tmp.appendingPathComponent("junit-\(run).xml").path
                let result = try await Products.run(["run", "--report", report, "--openapi", Self.document, "--timings"],
                                                    currentDirectory: Products.packageRoot)
                #expect(result.status == 0, "\(result.stdout.suffix(1500))")
                outputs.append(Normalised.all(result.stdout + result.stderr, folders: [report: "<report>"]))
                reports.append(Normalised.reportTimes(try String(contentsOfFile: report, encoding: .utf8)))
            }
            #expect(reports[0].contains(" openapi\""), "the report has no openapi testcases")
            #expect(outputs[0] == outputs[1], "run --openapi prints differently twice:\n\(outputs[0])\n---\n\(outputs[1])")
            #expect(reports[0] == reports[1], "run --openapi writes a different report twice")

            let first = tmp.appendingPathComponent("junit-1.xml").path, second = tmp.appendingPathComponent("junit-2.xml").path
            var merged: [String] = []
            for run in 1...2 {
                let output = tmp.appendingPathComponent("merged-\(run).xml").path
                let result = try await Products.run(["merge", "--output", output, first, second])
                #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
                merged.append(Normalised.reportTimes(try String(contentsOfFile: output, encoding: .utf8)))
                merged.append(Normalised.all(result.stdout, folders: [output: "<merged>"]))
            }
            #expect(merged[0] == merged[2] && merged[1] == merged[3], "merge writes differently twice")
            for verb in [["counts", first], ["validate-report", first]] {
                let one = try await Products.run(verb), two = try await Products.run(verb)
                #expect(one.status == two.status && one.stdout == two.stdout && !one.stdout.isEmpty, "\(verb[0]) prints differently twice")
            }
        }
    }

    @Test func recordAndDriftAgainstTheEmulatorRepeatThemselves() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served")
            try copyFixtures(["chains/200-typical.json", "chains/404-not-found.json", "place-search/200-near.json"], to: served)
            let emulator = try await EmulatorProcess(fixtures: served)
            defer { emulator.stop() }
            // A planned case the folder does not have yet, so each run writes a new, freshly recorded fixture.
            let plan = tmp.appendingPathComponent("plan.json")
            try Data(#"[{"endpoint": "chains", "case": "200-from-plan", "auth": "bearer", "parameters": {"query": "coffee", "limit": "5"}}]"#.utf8)
                .write(to: plan)
            var recordOutputs: [String] = [], recordedFiles: [String] = []
            var driftOutputs: [String] = []
            for run in 1...2 {
                let folder = tmp.appendingPathComponent("recorded-\(run)")
                try copyFixtures(["chains/200-typical.json", "chains/404-not-found.json", "place-search/200-near.json"], to: folder)
                let recorded = try await Products.run(["record", "--base-url", emulator.baseURL, "--fixtures", folder.path, "--mode", "all",
                                                       "--plan", plan.path],
                                                      environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "false"])
                recordOutputs.append(Normalised.all(recorded.stdout + recorded.stderr, folders: [folder.path: "<fixtures>"]))
                recordedFiles.append(Normalised.all(E2E.allText(under: folder), folders: [folder.path: "<fixtures>"]))

                let report = tmp.appendingPathComponent("drift-\(run).xml"), summary = tmp.appendingPathComponent("drift-\(run).md")
                let drift = try await Products.run(["drift", "--base-url", emulator.baseURL, "--fixtures", served.path, "--report", report.path,
                                                    "--summary", summary.path, "--retries", "0"],
                                                   environment: ["FSQ_API_KEY": E2E.sentinel])
                driftOutputs.append(Normalised.all(drift.stdout + drift.stderr, folders: [report.path: "<report>", summary.path: "<summary>"])
                                    + Normalised.all(try String(contentsOf: report, encoding: .utf8))
                                    + Normalised.all(try String(contentsOf: summary, encoding: .utf8)))
            }
            #expect(recordedFiles[0].contains("\"source\": \"recorded\""), "record wrote nothing")
            #expect(recordOutputs[0] == recordOutputs[1], "record prints differently twice:\n\(recordOutputs[0])\n---\n\(recordOutputs[1])")
            #expect(recordedFiles[0] == recordedFiles[1], "record writes different fixtures twice")
            #expect(driftOutputs[0].contains("<testcase"), "drift wrote no report")
            #expect(driftOutputs[0] == driftOutputs[1], "drift prints or writes differently twice:\n\(driftOutputs[0])\n---\n\(driftOutputs[1])")
        }
    }

    @Test func normalisingBlanksOnlyWhatItNames() {
        let sample = #"<testsuite time="0.5" timestamp="2026-11-25T01:00:00"> took 0.05s, 12 ms at 127.0.0.1:41234 on 2026-11-25T01:00:00Z; 3 fixtures; load=0.034; Wed, 25 Nov 2026 02:14:11 GMT"#
        #expect(Normalised.all(sample) == #"<testsuite time="" timestamp=""> took <duration>, <duration> at 127.0.0.1:<port> on <instant>; 3 fixtures; load=<duration>; <http-date>"#)
    }
}
