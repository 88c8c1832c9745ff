import Foundation
import Testing
import TestSupport

/// The composite Action (`action.yml`): its run step (`scripts/action/run.sh`) executed as a runner executes it, in an
/// app's workspace with a few fixtures and the environment a runner gives (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
/// GITHUB_WORKSPACE, the inputs as INPUT_* from the step's env), and the metadata through actionlint.
@Suite("the GitHub Action")
struct GitHubActionTests {
    static let fixtures = [
        "place-search/2025-06-17/200-typical.json",
        "place-details/2025-06-17/200-typical.json",
        "place-details/2025-06-17/404-not-found.json",
        "chains/200-typical.json",
    ]

    struct Step {
        var status: Int32
        var outputs: [String: String]
        var summary: String
        var log: String
    }

    /// Runs run.sh in `workspace` with `inputs` (input name → value) as action.yml passes them.
    static func runStep(in workspace: URL, _ inputs: [String: String]) async throws -> Step {
        let outputs = workspace.appendingPathComponent("../github-output").standardizedFileURL
        let summary = workspace.appendingPathComponent("../step-summary").standardizedFileURL
        for file in [outputs, summary] { try Data().write(to: file) }
        var environment = ProcessInfo.processInfo.environment
        environment["FSQ_API_KEY"] = nil
        environment["GITHUB_ACTIONS"] = "true"
        environment["GITHUB_OUTPUT"] = outputs.path
        environment["GITHUB_STEP_SUMMARY"] = summary.path
        environment["GITHUB_WORKSPACE"] = workspace.path
        environment["GITHUB_ACTION_PATH"] = Products.packageRoot.path
        environment["FSQ_CONTRACT_BIN_DIR"] = Products.directory.path
        for (name, value) in inputs { environment["INPUT_" + name.uppercased().replacingOccurrences(of: "-", with: "_")] = value }
        let result = try await runProcess(
            URL(fileURLWithPath: "/bin/bash"), [Products.packageRoot.appendingPathComponent("scripts/action/run.sh").path],
            environment: environment, currentDirectory: workspace)
        var parsed: [String: String] = [:]
        for line in try String(contentsOf: outputs, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            parsed[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return Step(status: result.status, outputs: parsed, summary: try String(contentsOf: summary, encoding: .utf8),
                    log: result.stdout + result.stderr)
    }

    /// Every input action.yml passes to a script is one the scripts read, so the test's INPUT_* are the workflow's.
    @Test func theStepsGetEveryInputAsTheScriptsNameIt() throws {
        let action = try String(contentsOf: Products.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        let folder = Products.packageRoot.appendingPathComponent("scripts/action")
        let script = try ["swift-check.sh", "prepare.sh", "build.sh", "run.sh"].map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        let passed = Set(action.matches(of: try Regex(#"(INPUT_[A-Z_]+): \$\{\{ inputs\.([a-z-]+) \}\}"#)).map {
            String(action[$0.output[1].range!])
        })
        #expect(passed.isSuperset(of: ["INPUT_MODE", "INPUT_SHARD", "INPUT_REPORT", "INPUT_REPORTS"]), "\(passed)")
        for name in passed { #expect(script.contains("${" + name), "action.yml passes \(name), which no script reads") }
        #expect(action.contains("FSQ_API_KEY: ${{ inputs.api-key }}"))
        #expect(!script.contains("$FSQ_API_KEY") && !script.contains("${FSQ_API_KEY"), "run.sh must not put the key on a command line")
    }

    @Test(.timeLimit(.minutes(5)))
    func aShardedReplayThenMergeWritesCountsAndTheSummary() async throws {
        try await withTemporaryDirectory { folder in
            let workspace = folder.appendingPathComponent("app")
            try copyFixtures(Self.fixtures, to: workspace.appendingPathComponent("Fixtures"))

            var totals = 0
            for shard in ["1/2", "2/2"] {
                let step = try await Self.runStep(in: workspace, [
                    "mode": "replay", "shard": shard, "report": "Reports/shard-\(shard.prefix(1)).xml", "artifact-name": "reports",
                ])
                #expect(step.status == 0, "\(step.log)")
                let tests = try #require(Int(step.outputs["tests"] ?? ""), "no tests= in GITHUB_OUTPUT: \(step.outputs)")
                #expect(tests > 0 && step.outputs["passed"] == String(tests), "\(step.outputs)")
                #expect(step.outputs["failed"] == "0" && step.outputs["errors"] == "0" && step.outputs["skipped"] == "0")
                #expect(step.outputs["artifact-name"] == "reports-\(shard.prefix(1))-of-2")
                #expect(step.outputs["report"] == "Reports/shard-\(shard.prefix(1)).xml")
                // The harness's own job-page summary, written through GITHUB_STEP_SUMMARY.
                #expect(step.summary.contains("\(tests) passed"), "\(step.summary)")
                totals += tests
            }

            let merged = try await Self.runStep(in: workspace, ["mode": "merge", "reports": "Reports/shard-*.xml"])
            #expect(merged.status == 0, "\(merged.log)")
            #expect(merged.outputs["tests"] == String(totals) && merged.outputs["passed"] == String(totals), "\(merged.outputs)")
            #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("Reports/junit.xml").path))
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func aFailingFixtureFailsTheStepButStillWritesItsCounts() async throws {
        try await withTemporaryDirectory { folder in
            let workspace = folder.appendingPathComponent("app")
            try copyFixtures(Self.fixtures, to: workspace.appendingPathComponent("Fixtures"))
            // The recorded 404 now claims 200 with an empty place: decoding the details fails.
            try E2E.makeAnswer200(workspace.appendingPathComponent("Fixtures/place-details/2025-06-17/404-not-found.json"))

            let step = try await Self.runStep(in: workspace, ["mode": "replay"])
            #expect(step.status == 1, "\(step.log)")
            let failed = Int(step.outputs["failed"] ?? "") ?? 0, errors = Int(step.outputs["errors"] ?? "") ?? 0
            #expect(failed + errors > 0, "\(step.outputs)")
            #expect(step.outputs["exit-code"] == "1")
            #expect(step.log.contains("::error file=Fixtures/place-details/2025-06-17/404-not-found.json"), "\(step.log)")
            #expect(step.summary.contains("404-not-found.json"), "\(step.summary)")

            // Merging that report: the merge is written, and the merged verdict is the failure.
            let merged = try await Self.runStep(in: workspace, ["mode": "merge", "reports": "Reports/junit.xml", "report": "Reports/all.xml"])
            #expect(merged.status == 1 && merged.outputs["failed"] == step.outputs["failed"], "\(merged.log) \(merged.outputs)")
        }
    }

    @Test func aWrongInputIsOneLineAndExit2() async throws {
        try await withTemporaryDirectory { folder in
            let workspace = folder.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
            let mode = try await Self.runStep(in: workspace, ["mode": "replays"])
            #expect(mode.status == 2 && mode.log.contains("::error title=fsq-contract::mode 'replays' is not replay, live, drift or merge"), "\(mode.log)")
            let shard = try await Self.runStep(in: workspace, ["mode": "drift", "shard": "1/2"])
            #expect(shard.status == 2 && shard.log.contains("shard is not an input of mode drift"), "\(shard.log)")
            let missing = try await Self.runStep(in: workspace, ["mode": "merge", "reports": "nothing/*.xml"])
            #expect(missing.status == 2 && missing.log.contains("reports 'nothing/*.xml' matches no file"), "\(missing.log)")
            // The CLI's own usage error passes through with its status, and there are no counts to give.
            let shardValue = try await Self.runStep(in: workspace, ["mode": "replay", "shard": "3/2"])
            #expect(shardValue.status == 2 && shardValue.log.contains("shard 3 does not exist when there are 2"), "\(shardValue.log)")
            #expect(shardValue.outputs["passed"] == nil)
        }
    }

    /// actionlint on action.yml (through the example workflow, pointed at this checkout) and shellcheck on the
    /// scripts; `scripts/setup.sh` installs both.
    @Test func actionlintAcceptsTheActionAndTheExample() async throws {
        let result = try await runProcess(
            URL(fileURLWithPath: "/bin/bash"), [Products.packageRoot.appendingPathComponent("scripts/action/lint.sh").path],
            currentDirectory: Products.packageRoot)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
