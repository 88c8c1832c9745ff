import Foundation
import JUnitXML
import Testing
import TestSupport

/// Every path where a verb could test nothing, and the exit status it gives: a selection that yields no case is
/// a usage error (exit 2, one line saying why and what would select something); the deliberate skips exit 0
/// with a loud line. The "Exit statuses" article (ContractCLI.docc/ExitStatuses.md) lists the same rows.
@Suite("no false green", .serialized, .timeLimit(.minutes(5)))
struct NoFalseGreenTests {
    static let refused = "http://127.0.0.1:9"

    /// Exit status and the one stderr line, for a run that must stop before any call.
    func usage(_ arguments: [String], key: String? = E2E.sentinel, contains expected: String,
               sourceLocation: SourceLocation = #_sourceLocation) async throws {
        var environment = ["CI": "false"]
        if let key { environment["FSQ_API_KEY"] = key }
        let result = try await Products.run(arguments, environment: environment)
        #expect(result.status == 2, "\(arguments): exit \(result.status)\n\(result.stdout.suffix(400))", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("warning:") }
        #expect(lines.count == 1, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func anAuthStyleTheContractDoesNotTakeSelectsNothingInEveryVerb() async throws {
        try await withTemporaryDirectory { tmp in
            let report = tmp.appendingPathComponent("r.xml").path
            let line = "--auth apiKey selects nothing: 2025-06-17 takes bearer only; use --auth bearer or --contract seed"
            try await usage(["run", "--contract", "2025-06-17", "--auth", "apiKey", "--report", report], contains: line)
            try await usage(["run", "--live", "--base-url", Self.refused, "--contract", "2025-06-17", "--auth", "apiKey",
                             "--report", report], contains: line)
            try await usage(["drift", "--base-url", Self.refused, "--contract", "2025-06-17", "--auth", "apiKey",
                             "--report", report], contains: line)
        }
    }

    @Test func aCorpusWhoseContractsAllRefuseTheStyleSelectsNothing() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("fixtures")
            try copyShippedFixtures(to: fixtures) { $0.hasPrefix("place-details/2025-06-17/") }
            let report = tmp.appendingPathComponent("r.xml").path
            for verb in [["run"], ["run", "--live", "--base-url", Self.refused], ["drift", "--base-url", Self.refused]] {
                try await usage(verb + ["--fixtures", fixtures.path, "--auth", "apiKey", "--report", report],
                                contains: "--auth apiKey selects nothing: 2025-06-17 takes bearer only")
            }
        }
    }

    @Test func apiVersionIsAUsageErrorWhereItCannotApply() async throws {
        try await withTemporaryDirectory { tmp in
            let report = tmp.appendingPathComponent("r.xml").path
            let shipped = Products.packageRoot.appendingPathComponent("Fixtures").path
            try await usage(["run", "--api-version", "2026-01-01", "--report", report, "--fixtures", shipped],
                            contains: "fixtures recorded at X-Places-Api-Version 2025-06-17 (e.g. ")
            #expect(!FileManager.default.fileExists(atPath: report), "no report of red cases")
            try await usage(["run", "--live", "--base-url", Self.refused, "--auth", "apiKey", "--api-version", "2026-01-01",
                             "--report", report, "--fixtures", shipped], contains: "--auth apiKey sends no X-Places-Api-Version header")
            try await usage(["drift", "--base-url", Self.refused, "--auth", "apiKey", "--api-version", "2026-01-01",
                             "--report", report, "--fixtures", shipped], contains: "--auth apiKey sends no X-Places-Api-Version header")
            // Where the fixtures' own version allows it, it applies: the version they were recorded at (seed's and
            // 2025-06-17's fixtures; a later version's would contradict it).
            let fine = try await Products.run(["run", "--api-version", "2025-06-17", "--report", report, "--fixtures", E2E.standInCorpus.path])
            #expect(fine.status == 0, "\(fine.stdout.suffix(400))")
        }
    }

    @Test func anEmptyShardAFilterMatchingNothingAndAnEmptyFolderSelectNothing() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("fixtures"), empty = tmp.appendingPathComponent("empty")
            try copyFixtures(["chains/200-typical.json", "chains/404-not-found.json"], to: fixtures)
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let report = tmp.appendingPathComponent("r.xml").path
            try await usage(["run", "--fixtures", fixtures.path, "--shard", "3/3", "--report", report],
                            contains: "--shard 3/3 selects no fixture: the 2 selected fixtures fill only 2 shards; use at most 2 shards")
            try await usage(["run", "--fixtures", fixtures.path, "--filter", "nothing-*", "--report", report],
                            contains: "--filter 'nothing-*' matches no fixture")
            try await usage(["drift", "--base-url", Self.refused, "--fixtures", fixtures.path, "--filter", "nothing-*", "--report", report],
                            contains: "--filter 'nothing-*' matches no fixture")
            for verb in [["run"], ["run", "--live", "--base-url", Self.refused], ["drift", "--base-url", Self.refused],
                         ["record", "--base-url", Self.refused, "--mode", "all"]] {
                try await usage(verb + ["--fixtures", empty.path] + (verb[0] == "record" ? [] : ["--report", report]),
                                contains: "no fixture files")
            }
            try await usage(["list", "--fixtures", empty.path], contains: "--fixtures \(empty.path): no fixture files")
            try await usage(["serve", "--fixtures", empty.path], contains: "no usable fixture files")
            try await usage(["run", "--fixtures", fixtures.path, "--contract", "2025-06-17", "--report", report],
                            contains: "--contract 2025-06-17 matches no fixture")
        }
    }

    @Test func mergingReportsThatHoldNoTestcaseIsNotAPass() async throws {
        try await withTemporaryDirectory { tmp in
            let empty = tmp.appendingPathComponent("empty.xml")
            try Data(#"<?xml version="1.0" encoding="UTF-8"?><testsuites></testsuites>"#.utf8).write(to: empty)
            try await usage(["merge", "--output", tmp.appendingPathComponent("m.xml").path, empty.path, empty.path],
                            contains: "merge: the 2 reports hold no testcase")
            // validate-report answers whether the file is valid JUnit, which an empty report is.
            let valid = try await Products.run(["validate-report", empty.path])
            #expect(valid.status == 0, "\(valid.stderr)")
        }
    }

    /// The deliberate skips: each exits 0 and says so in a line of its own.
    @Test func askingToSkipWithoutAKeyExits0WithALoudLine() async throws {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("fixtures")
            try copyFixtures(["chains/200-typical.json"], to: fixtures)
            let report = tmp.appendingPathComponent("r.xml")
            for verb in [["run", "--live"], ["drift"]] {
                let result = try await Products.run(verb + ["--base-url", Self.refused, "--fixtures", fixtures.path,
                                                            "--if-no-key", "skip", "--report", report.path],
                                                    environment: ["FSQ_API_KEY": "", "CI": "false"])
                #expect(result.status == 0, "\(verb): \(result.stderr)")
                #expect(result.stderr.contains("WARNING: FSQ_API_KEY is not set and skipping was asked for"), "\(verb): \(result.stderr)")
                let cases = try E2E.cases(report.path)
                #expect(!cases.isEmpty && cases.allSatisfy { if case .skipped = $0.outcome { true } else { false } },
                        "\(verb): every case is reported skipped, none passed")
            }
            let notRecorded = try await Products.run(["record", "--base-url", Self.refused, "--fixtures", fixtures.path],
                                                     environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "true"])
            #expect(notRecorded.status == 0)
            #expect(notRecorded.stdout.contains("CI=true"), "\(notRecorded.stdout)")
        }
    }
}
