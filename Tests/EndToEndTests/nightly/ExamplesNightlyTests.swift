import Foundation
import JUnitXML
import Testing
import TestSupport

/// The GitLab example's nightly job, as written: its `nightly` command runs through `/bin/sh` in a folder laid
/// out like the app's (the shipped `Fixtures/` and `fsq-contract.json`), with only the CI variables set: the binary
/// folder and the base URL. Against a server that speaks only 2025-06-17 it is green; against one that renamed a
/// field it is red and names the rename.
@Suite("the CI examples' nightly job", .serialized, .timeLimit(.minutes(6)))
struct ExamplesNightlyTests {
    static let example = Products.packageRoot.appendingPathComponent("Examples/ci/gitlab-ci.yml")

    /// The nightly job's command that calls `verb` (`nightly`), as a shell command without its
    /// `|| status=$?` (the job's own bookkeeping: it keeps the status to end the job with).
    static func nightlyCommand(_ verb: String) throws -> String {
        let text = try String(contentsOf: example, encoding: .utf8)
        let job = try #require(text.components(separatedBy: "\nnightly:\n").last)
        let line = try #require(job.split(separator: "\n").first { $0.contains("fsq-contract \(verb) ") }, "no \(verb) in the nightly job")
        var command = line.trimmingCharacters(in: .whitespaces)
        if command.hasPrefix("- ") { command.removeFirst(2) }
        return command.components(separatedBy: " || status=")[0]
    }

    /// Runs `command` in a copy of the app layout, with the CI variables a pipeline sets.
    static func runNightly(_ command: String, baseURL: URL, in app: URL) async throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["FSQ_BIN"] = Products.directory.path
        environment["FSQ_BASE_URL"] = baseURL.absoluteString
        environment["FSQ_API_KEY"] = E2E.sentinel
        environment["FSQ_RECORD"] = nil
        return try await runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: environment,
                                    currentDirectory: app, timeout: .seconds(240))
    }

    /// An app's root: the shipped fixtures and project file.
    static func appFolder(_ tmp: URL) throws -> URL {
        let app = tmp.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        // The corpus the Swift stand-in speaks (its six reads and the seed).
        try FileManager.default.copyItem(at: E2E.standInCorpus, to: app.appendingPathComponent("Fixtures"))
        try FileManager.default.copyItem(at: Products.packageRoot.appendingPathComponent("fsq-contract.json"),
                                         to: app.appendingPathComponent("fsq-contract.json"))
        return app
    }

    @Test func theCommandIsTakenAsWritten() throws {
        let nightly = try Self.nightlyCommand("nightly")
        #expect(nightly.hasPrefix("$FSQ_BIN/fsq-contract nightly --base-url \"$FSQ_BASE_URL\""), "\(nightly)")
        // No contract, fixtures folder or fail-on on the command line: the project file says them.
        #expect(!nightly.contains("--contract") && !nightly.contains("--fixtures") && !nightly.contains("--filter"), "\(nightly)")
    }

    @Test func aServerThatSpeaksOnly20250617KeepsTheNightlyJobGreen() async throws {
        try await withTemporaryDirectory { tmp in
            let app = try Self.appFolder(tmp)
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let nightly = try await Self.runNightly(try Self.nightlyCommand("nightly"), baseURL: standIn.baseURL, in: app)
                #expect(nightly.status == 0, "\(nightly.stdout.suffix(3000))\n\(nightly.stderr)")
                #expect(nightly.stdout.components(separatedBy: "left out: seed (not in fsq-contract.json liveContracts; --contract seed to include it)").count == 2,
                        "said once for the night: \(nightly.stdout.suffix(3000))")
                #expect(nightly.stdout.contains("2025-06-17: 0 breaking"), "\(nightly.stdout.suffix(3000))")
                // Every call was a 2025-06-17 call, in the style that contract takes.
                let requests = standIn.requests
                #expect(requests.allSatisfy { $0.headers["x-places-api-version"] == "2025-06-17" })
                // Drift and the live checks judged the same answers: each distinct request went out once, and the
                // nightly's count is the server's.
                let distinct = Set(requests.map { [$0.method, $0.target, $0.headers["authorization"] ?? "", $0.headers["x-emulator-fixture"] ?? ""] })
                #expect(distinct.count == requests.count, "\(requests.count) requests, \(distinct.count) distinct")
                #expect(nightly.stdout.contains("nightly: \(requests.count) calls made (\(requests.count) by drift, 0 more"),
                        "\(requests.count) requests; \(nightly.stdout.suffix(1500))")
                let cases = try E2E.cases(app.appendingPathComponent("Reports/live.xml").path)
                #expect(!cases.isEmpty && cases.allSatisfy { $0.name.contains("/2025-06-17/") }, "seed fixtures were called")
                // Every check that can run live is green: success fixtures decode, error fixtures are provoked.
                let problems = cases.compactMap(E2E.problem)
                #expect(problems.isEmpty, "\(problems.prefix(5))")
                let driftCases = try E2E.cases(app.appendingPathComponent("Reports/drift.xml").path)
                #expect(!driftCases.isEmpty && driftCases.compactMap(E2E.problem).isEmpty)
            }
        }
    }

    @Test func aServerThatRenamedAFieldTurnsTheNightlyJobRedAndNamesTheRename() async throws {
        try await withTemporaryDirectory { tmp in
            let app = try Self.appFolder(tmp)
            let rename = OpenAPIStandIn.Rename(from: "fsq_place_id", to: "place_id")
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel, rename: rename) { standIn in
                let nightly = try await Self.runNightly(try Self.nightlyCommand("nightly"), baseURL: standIn.baseURL, in: app)
                #expect(nightly.status == 1, "\(nightly.stdout.suffix(3000))\n\(nightly.stderr)")
                #expect(nightly.stdout.contains("renamed `fsq_place_id` → `place_id`"), "\(nightly.stdout.suffix(3000))")
                let summary = try String(contentsOf: app.appendingPathComponent("Reports/drift.md"), encoding: .utf8)
                #expect(summary.contains("renamed `fsq_place_id` → `place_id`"), "\(summary)")
                let cases = try E2E.cases(app.appendingPathComponent("Reports/live.xml").path)
                // Success fixtures now fail to decode, naming the field the model needs.
                #expect(cases.contains { $0.name.contains("/200-") && (E2E.problem($0) ?? "").contains("fsq_place_id") },
                        "\(cases.compactMap(E2E.problem).prefix(5))")
            }
        }
    }
}
