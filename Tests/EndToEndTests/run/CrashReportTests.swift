import Foundation
import JUnitXML
import Testing
import TestSupport

/// A run whose worker dies (a trap, SIGKILL as the OOM killer sends it, a deeply nested fixture that once crashed the
/// scanner) goes on without the fixture that crashed it, which is one error case naming the signal; a run that
/// cannot go on still leaves a valid JUnit report with one error case naming the crash and the fixtures in flight.
/// The worker is crashed with the test-only hook `FSQ_TEST_CRASH=trap|kill:PATH-SUFFIX`.
/// The runtime's backtrace is printed unsymbolicated (`Self.backtrace`): the test build's `fsq-contract` holds every
/// trait (130 MB of debug info), and symbolicating it took about 11 s per crash on a loaded machine.
@Suite("a crashed run still reports")
struct CrashReportTests {
    static let victim = "place-details/404-not-found.json"
    /// Addresses only: see the note above.
    static let backtrace = "symbolicate=off"

    /// The reference XSDs (`ConsumerSchemas`: skipped, with a warning, without the shared `junit-schemas`).
    static func referenceSchemas() -> [String] {
        ["jenkins-xunit-junit-10.xsd", "windyroad-JUnit.xsd"].compactMap { ConsumerSchemas.junitXSD($0)?.path }
    }

    @Test(arguments: [("trap", "SIGILL"), ("kill", "SIGKILL")])
    func aFixtureThatCrashesTheWorkerIsOneErrorAndTheRestOfTheRunGoesOn(hook: String, signal: String) async throws {
        try await withTemporaryDirectory { dir in
            let report = dir.appendingPathComponent("Reports/junit.xml").path
            let summary = dir.appendingPathComponent("summary.md").path
            let result = try await Products.run(
                ["run", "--fixtures", Products.packageRoot.appendingPathComponent("Fixtures").path, "--report", report],
                environment: ["FSQ_TEST_CRASH": "\(hook):\(Self.victim)", "SWIFT_BACKTRACE": Self.backtrace, "GITHUB_STEP_SUMMARY": summary, "GITHUB_ACTIONS": "true"],
                currentDirectory: dir)
            #expect(result.status == 1)
            #expect(result.stderr.contains("fsq-contract run: the worker died of signal"))
            #expect(result.stderr.contains("with only \(Self.victim) in flight; going on without it"), "\(result.stderr)")

            let cases = try ReportReader.read(path: report).suites.flatMap(\.testCases)
            let problems = cases.filter { if case .error = $0.outcome { return true }; if case .failure = $0.outcome { return true }; return false }
            #expect(problems.map(\.name) == ["\(Self.victim) load"])
            guard case let .error(problem)? = problems.first?.outcome else { return }
            #expect(problem.message.contains("crashed the run's worker: signal "))
            #expect(problem.message.contains("(\(signal)"))
            #expect(problem.message.contains("the run went on without it"))
            // Every other fixture ran: as many cases as a run without the crash, less the victim's own.
            let clean = try await Products.run(["run", "--fixtures", Products.packageRoot.appendingPathComponent("Fixtures").path,
                                                "--report", dir.appendingPathComponent("clean.xml").path], currentDirectory: dir)
            let all = try ReportReader.read(path: dir.appendingPathComponent("clean.xml").path).suites.flatMap(\.testCases)
            #expect(clean.status == 0)
            #expect(cases.count == all.filter { !$0.name.hasPrefix(Self.victim + " ") }.count + 1)

            #expect(try E2E.schemaErrors(report) == [])
            for schema in Self.referenceSchemas() {
                let validation = try await Products.run(["validate-report", report, "--schema", schema])
                #expect(validation.status == 0, "\(schema): \(validation.stdout) \(validation.stderr)")
            }
            // No half-written temp files of the dead workers are left beside the report.
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("Reports").path)
            #expect(left == ["junit.xml"])
            let page = try String(contentsOfFile: summary, encoding: .utf8)
            #expect(page.contains(Self.victim))
        }
    }

    /// Drift is supervised the same way: its report keeps every other fixture's comparison.
    @Test func driftGoesOnWithoutTheFixtureThatCrashedItsWorker() async throws {
        try await withTemporaryDirectory { dir in
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let victim = "place-search/2025-06-17/200-typical.json"
                let report = dir.appendingPathComponent("Reports/drift.xml").path
                let result = try await Products.run(
                    ["drift", "--base-url", standIn.baseURL.absoluteString, "--contract", "2025-06-17", "--retries", "0",
                     "--fixtures", E2E.standInCorpus.path, "--report", report],
                    environment: ["FSQ_TEST_CRASH": "trap:\(victim)", "SWIFT_BACKTRACE": Self.backtrace, "FSQ_API_KEY": E2E.sentinel], currentDirectory: dir)
                #expect(result.status == 1)
                #expect(result.stderr.contains("fsq-contract drift: the worker died of signal 4 (SIGILL, a trap)"), "\(result.stderr.suffix(2000))")
                let cases = try ReportReader.read(path: report).suites.flatMap(\.testCases)
                let problems = cases.filter { if case .error = $0.outcome { return true }; if case .failure = $0.outcome { return true }; return false }
                #expect(problems.map(\.name) == ["\(victim) load"])
                #expect(cases.filter { $0.outcome == .passed }.count > 40, "\(cases.count) cases")
                #expect(!result.stdout.contains(E2E.sentinel) && !result.stderr.contains(E2E.sentinel))
            }
        }
    }

    /// The nightly too: both its reports keep every other fixture, and the crashed one is an error in each.
    @Test func theNightlyGoesOnWithoutTheFixtureThatCrashedItsWorker() async throws {
        try await withTemporaryDirectory { dir in
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let victim = "place-search/2025-06-17/200-typical.json"
                let live = dir.appendingPathComponent("Reports/junit.xml").path
                let drift = dir.appendingPathComponent("Reports/drift.xml").path
                let result = try await Products.run(
                    ["nightly", "--base-url", standIn.baseURL.absoluteString, "--contract", "2025-06-17", "--retries", "0",
                     "--fixtures", E2E.standInCorpus.path, "--report", live, "--drift-report", drift],
                    environment: ["FSQ_TEST_CRASH": "trap:\(victim)", "SWIFT_BACKTRACE": Self.backtrace, "FSQ_API_KEY": E2E.sentinel], currentDirectory: dir)
                #expect(result.status == 1)
                #expect(result.stderr.contains("fsq-contract nightly: the worker died of signal 4 (SIGILL, a trap)"), "\(result.stderr.suffix(2000))")
                for report in [drift, live] {
                    let cases = try ReportReader.read(path: report).suites.flatMap(\.testCases)
                    let problems = cases.filter { if case .error = $0.outcome { return true }; if case .failure = $0.outcome { return true }; return false }
                    #expect(!problems.isEmpty && problems.allSatisfy { $0.name.hasPrefix(victim) }, "\(report): \(problems.map(\.name))")
                    #expect(cases.filter { $0.outcome == .passed }.count > 40, "\(report): \(cases.count) cases")
                }
                #expect(!result.stdout.contains(E2E.sentinel) && !result.stderr.contains(E2E.sentinel))
            }
        }
    }

    /// When every fixture crashes the worker, the run stops going on after `maxLeftOut` of them and reports the
    /// crash as one error case naming the signal and the fixture in flight.
    @Test func aRunThatKeepsCrashingEndsWithOneCrashCase() async throws {
        try await withTemporaryDirectory { dir in
            let report = dir.appendingPathComponent("Reports/junit.xml").path
            let result = try await Products.run(
                ["run", "--fixtures", Products.packageRoot.appendingPathComponent("Fixtures").path, "--report", report],
                environment: ["FSQ_TEST_CRASH": "trap:.json", "SWIFT_BACKTRACE": Self.backtrace, "GITHUB_ACTIONS": "true"], currentDirectory: dir)
            #expect(result.status == 1)
            #expect(result.stderr.contains("fsq-contract run: run crashed: signal 4 (SIGILL, a trap) while these fixtures were in flight: "))
            #expect(result.stdout.contains("::error title=run crash::run crashed: signal"))
            let cases = try ReportReader.read(path: report).suites.flatMap(\.testCases)
            #expect(cases.count == 1)
            guard case let .error(problem)? = cases.first?.outcome else {
                Issue.record("no error case: \(cases)")
                return
            }
            #expect(problem.type == "crash")
            #expect(problem.text.contains("had finished"))
            #expect(try E2E.schemaErrors(report) == [])
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("Reports").path)
            #expect(left == ["junit.xml"])
        }
    }

    @Test func aFixtureNestedOneHundredThousandDeepIsALoadErrorAndTheOtherFixturesRun() async throws {
        try await withTemporaryDirectory { dir in
            let fixtures = dir.appendingPathComponent("Fixtures/place-details")
            try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
            let source = Products.packageRoot.appendingPathComponent("Fixtures/\(Self.victim)")
            let text = try String(contentsOf: source, encoding: .utf8)
            try Data(text.utf8).write(to: fixtures.appendingPathComponent("404-not-found.json"))
            let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            try Data(text.replacingOccurrences(of: "\"request\": {", with: "\"request\": {\"deep\": \(deep), ").utf8)
                .write(to: fixtures.appendingPathComponent("404-deep.json"))
            let report = dir.appendingPathComponent("junit.xml").path
            let result = try await Products.run(["run", "--fixtures", dir.appendingPathComponent("Fixtures").path, "--report", report])
            #expect(result.status == 1)
            #expect(result.stdout.contains("place-details/404-deep.json: nesting deeper than 512 at line"))
            let cases = try ReportReader.read(path: report).suites.flatMap(\.testCases)
            #expect(cases.contains { $0.name == "place-details/404-not-found.json error-mapping" && $0.outcome == .passed })
            #expect(cases.contains { $0.name == "place-details/404-deep.json load" })
        }
    }
}
