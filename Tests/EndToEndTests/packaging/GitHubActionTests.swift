import Foundation
import HarnessCore
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
        /// The upload step's paths (run.sh's multi-line `upload` output).
        var upload: [String]
    }

    /// Runs run.sh in `workspace` with `inputs` (input name → value) as action.yml passes them, and `key` as the
    /// `api-key` input reaches it: FSQ_API_KEY in its environment.
    static func runStep(in workspace: URL, _ inputs: [String: String], key: String? = nil) async throws -> Step {
        let outputs = workspace.appendingPathComponent("../github-output").standardizedFileURL
        let summary = workspace.appendingPathComponent("../step-summary").standardizedFileURL
        for file in [outputs, summary] { try Data().write(to: file) }
        var environment = ProcessInfo.processInfo.environment
        environment["FSQ_API_KEY"] = key
        environment["GITHUB_ACTIONS"] = "true"
        environment["GITHUB_OUTPUT"] = outputs.path
        environment["GITHUB_STEP_SUMMARY"] = summary.path
        environment["GITHUB_WORKSPACE"] = workspace.path
        environment["GITHUB_ACTION_PATH"] = Products.packageRoot.path
        environment["FSQ_CONTRACT_BIN_DIR"] = Products.directory.path
        // A workspace of a few fixtures: coverage of the contracts is not what these tests judge.
        environment["FSQ_COVERAGE_MINIMUM"] = "0"
        for (name, value) in inputs { environment["INPUT_" + name.uppercased().replacingOccurrences(of: "-", with: "_")] = value }
        let result = try await runProcess(
            URL(fileURLWithPath: "/bin/bash"), [Products.packageRoot.appendingPathComponent("scripts/action/run.sh").path],
            environment: environment, currentDirectory: workspace)
        let text = try String(contentsOf: outputs, encoding: .utf8)
        var parsed: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            parsed[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        var upload: [String] = []
        if let head = text.firstMatch(of: /upload<<(\S+)\n/) {
            let delimiter = String(head.output.1)
            upload = Array(String(text[head.range.upperBound...]).components(separatedBy: "\n").prefix { $0 != delimiter })
        }
        return Step(status: result.status, outputs: parsed, summary: try String(contentsOf: summary, encoding: .utf8),
                    log: result.stdout + result.stderr, upload: upload)
    }

    /// Every input action.yml passes to a script is one the scripts read, so the test's INPUT_* are the workflow's.
    @Test func theStepsGetEveryInputAsTheScriptsNameIt() throws {
        let action = try String(contentsOf: Products.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        let folder = Products.packageRoot.appendingPathComponent("scripts/action")
        let script = try ["binary-plan.sh", "binary-fetch.sh", "swift-check.sh", "prepare.sh", "build.sh", "run.sh"].map {
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

    /// `mode: nightly` is drift and the live checks in one step, one call per distinct request; the upload holds only
    /// what the run wrote (both reports and drift's summary), never the workspace.
    @Test(.timeLimit(.minutes(5)))
    func theNightlyModeCallsEachRequestOnceAndUploadsOnlyItsReports() async throws {
        try await withTemporaryDirectory { folder in
            let workspace = folder.appendingPathComponent("app")
            try copyFixtures(Self.fixtures, to: workspace.appendingPathComponent("Fixtures"))
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let step = try await Self.runStep(in: workspace, ["mode": "nightly", "base-url": standIn.baseURL.absoluteString,
                                                                  "contract": "2025-06-17"], key: E2E.sentinel)
                #expect(step.status == 0, "\(step.log)")
                #expect(step.outputs["report"] == "Reports/junit.xml" && step.outputs["failed"] == "0", "\(step.outputs)")
                #expect((Int(step.outputs["tests"] ?? "") ?? 0) > 0, "\(step.outputs)")
                let reports = workspace.appendingPathComponent("Reports").resolvingSymlinksInPath().path
                let drift = try String(contentsOfFile: reports + "/drift.md", encoding: .utf8)
                #expect(step.summary.contains(drift), "the step summary lacks drift's")
                #expect(Set(step.upload).isSuperset(of: ["junit.xml", "drift.xml", "drift.md"].map { reports + "/" + $0 }), "\(step.upload)")
                #expect(step.upload.allSatisfy { $0.hasPrefix(reports + "/") && FileManager.default.fileExists(atPath: $0) }, "\(step.upload)")
                let calls = standIn.requests.map { "\($0.method) \($0.target) \($0.headers["authorization"] ?? "-")" }
                #expect(!calls.isEmpty && calls.count == Set(calls).count, "a request sent twice: \(calls.sorted())")
                #expect(!step.log.contains(E2E.sentinel) && !step.summary.contains(E2E.sentinel))
            }
        }
    }

    @Test func aWrongInputIsOneLineAndExit2() async throws {
        try await withTemporaryDirectory { folder in
            let workspace = folder.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
            let mode = try await Self.runStep(in: workspace, ["mode": "replays"])
            #expect(mode.status == 2 && mode.log.contains("::error title=fsq-contract::mode 'replays' is not replay, live, drift, nightly or merge"), "\(mode.log)")
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

/// The Action on a prebuilt archive (`binary: auto|prebuilt|source`): `binary-plan.sh` names the archive of the
/// tool's version, `binary-fetch.sh` downloads it from a loopback HTTP server, checks its SHA-256 and unpacks it,
/// and `run.sh` reaches a first report with it, while a `swift` on PATH that records any call proves nothing was built.
/// The archive holds this build's fsq-contract in the release layout (`fsq-contract-<v>/bin/`), as release.sh packs it.
@Suite("the GitHub Action on a prebuilt archive", .serialized)
struct GitHubActionPrebuiltTests {
    /// A served release folder, the runner's temp folders, and a `swift` that must never be called.
    struct Site {
        let root: URL
        let releases: URL
        let toolCache: URL
        let fakeSwiftCalls: URL
        let fakeBin: URL
        let archiveName: String

        init(in root: URL) async throws {
            self.root = root
            releases = root.appendingPathComponent("releases")
            toolCache = root.appendingPathComponent("tool-cache")
            fakeBin = root.appendingPathComponent("fake-bin")
            fakeSwiftCalls = root.appendingPathComponent("swift-calls")
            let arch = try await runProcess(URL(fileURLWithPath: "/usr/bin/uname"), ["-m"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            archiveName = "fsq-contract-\(ToolVersion.current)-linux-\(arch)"
            for folder in [releases, toolCache, fakeBin] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let swift = fakeBin.appendingPathComponent("swift")
            try writeExecutable(swift, "#!/bin/sh\necho \"swift $*\" >> '\(fakeSwiftCalls.path)'\nexit 97\n")
        }

        /// Publishes the archive under `releases/<folder>/`, with a `.sha256` of its bytes or of `checksumOf`.
        func publish(in folder: String, checksumOf other: Data? = nil) async throws {
            let stage = root.appendingPathComponent("stage-\(folder)/\(archiveName)/bin")
            try FileManager.default.createDirectory(at: stage, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Products.executable("fsq-contract"), to: stage.appendingPathComponent("fsq-contract"))
            let target = releases.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            let archive = target.appendingPathComponent("\(archiveName).tar.gz")
            let tar = try await runProcess(URL(fileURLWithPath: "/bin/tar"),
                                           ["-C", root.appendingPathComponent("stage-\(folder)").path, "-czf", archive.path, archiveName])
            #expect(tar.status == 0, "\(tar.stderr)")
            let summed = other == nil ? archive : root.appendingPathComponent("other")
            if let other { try other.write(to: summed) }
            let sum = try await runProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [summed.path])
            let digest = sum.stdout.split(separator: " ").first.map(String.init) ?? ""
            try "\(digest)  \(archiveName).tar.gz\n".write(to: target.appendingPathComponent("\(archiveName).tar.gz.sha256"),
                                                            atomically: true, encoding: .utf8)
        }
    }

    /// Runs `scripts/action/<script>` as the runner would (GITHUB_OUTPUT, the Action's path, RUNNER_TOOL_CACHE),
    /// with the fake `swift` first on PATH; returns its status, outputs and log.
    static func step(_ script: String, site: Site, in workspace: URL, _ environment: [String: String]) async throws
        -> (status: Int32, outputs: [String: String], log: String) {
        let outputs = site.root.appendingPathComponent("github-output")
        try Data().write(to: outputs)
        var env = ProcessInfo.processInfo.environment
        for name in ["FSQ_API_KEY", "GITHUB_ACTION_REPOSITORY", "https_proxy", "http_proxy", "HTTPS_PROXY", "HTTP_PROXY", "all_proxy", "ALL_PROXY"] {
            env[name] = nil
        }
        env["PATH"] = site.fakeBin.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["GITHUB_ACTIONS"] = "true"
        env["FSQ_COVERAGE_MINIMUM"] = "0"
        env["GITHUB_OUTPUT"] = outputs.path
        env["GITHUB_STEP_SUMMARY"] = site.root.appendingPathComponent("step-summary").path
        env["GITHUB_WORKSPACE"] = workspace.path
        env["GITHUB_ACTION_PATH"] = Products.packageRoot.path
        env["RUNNER_TOOL_CACHE"] = site.toolCache.path
        for (name, value) in environment { env[name] = value }
        let result = try await runProcess(URL(fileURLWithPath: "/bin/bash"),
                                          [Products.packageRoot.appendingPathComponent("scripts/action/\(script)").path],
                                          environment: env, currentDirectory: workspace, timeout: .seconds(120))
        var parsed: [String: String] = [:]
        for line in try String(contentsOf: outputs, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            parsed[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return (result.status, parsed, result.stdout + result.stderr)
    }

    /// plan then fetch, as action.yml chains them; the fetch's outputs (or the plan's, when it planned no download).
    static func planAndFetch(site: Site, in workspace: URL, binary: String, releaseURL: String) async throws
        -> (status: Int32, outputs: [String: String], log: String) {
        let plan = try await step("binary-plan.sh", site: site, in: workspace, ["INPUT_BINARY": binary, "INPUT_RELEASE_URL": releaseURL])
        guard plan.status == 0, let url = plan.outputs["url"] else { return plan }
        let fetch = try await step("binary-fetch.sh", site: site, in: workspace, [
            "INPUT_BINARY": binary, "BINARY_URL": url, "BINARY_DIR": plan.outputs["dir"] ?? "", "BINARY_VERSION": plan.outputs["version"] ?? "",
        ])
        return (fetch.status, fetch.outputs, plan.log + fetch.log)
    }

    /// A loopback HTTP server on `folder` (Python's), for the body's duration. Started in the background by bash,
    /// as SpecDiffTests does: it closes the fds it inherits, since the test runner learns a child ended only when
    /// every copy of that child's fds is closed.
    static func serving<T>(_ folder: URL, in root: URL, _ body: (String) async throws -> T) async throws -> T {
        let portFile = root.appendingPathComponent("port"), pidFile = root.appendingPathComponent("server.pid")
        let start = """
            python3 -c 'import functools, http.server, os, signal, sys
            os.closerange(3, 4096)
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            open(sys.argv[2] + ".tmp", "w").write(str(server.server_address[1]))
            os.rename(sys.argv[2] + ".tmp", sys.argv[2])
            server.serve_forever()' "$1" "$2" >/dev/null 2>&1 </dev/null &
            echo $! > "$3"
            """
        let started = try await runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", start, "serve", folder.path, portFile.path, pidFile.path])
        let pid = Int32((try? String(contentsOf: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        try #require(started.status == 0 && pid > 0, "could not start the loopback HTTP server: \(started.stderr)")
        defer { kill(pid, SIGKILL) }
        var port = ""
        for _ in 0..<100 where port.isEmpty {
            port = (try? String(contentsOf: portFile, encoding: .utf8)) ?? ""
            if port.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        }
        try #require(!port.isEmpty, "the loopback HTTP server did not start")
        return try await body("http://127.0.0.1:\(port)")
    }

    @Test(.timeLimit(.minutes(5)))
    func aPublishedArchiveReachesTheFirstReportWithNoSwiftBuildAndIsCached() async throws {
        try await withTemporaryDirectory { root in
            let site = try await Site(in: root)
            try await site.publish(in: "v1")
            let workspace = root.appendingPathComponent("app")
            try copyFixtures(GitHubActionTests.fixtures, to: workspace.appendingPathComponent("Fixtures"))

            try await Self.serving(site.releases, in: root) { base in
                let fetched = try await Self.planAndFetch(site: site, in: workspace, binary: "prebuilt", releaseURL: base + "/v1")
                #expect(fetched.status == 0, "\(fetched.log)")
                let binDir = try #require(fetched.outputs["bin-dir"], "no bin-dir: \(fetched.log)")
                #expect(binDir.hasPrefix(site.toolCache.path), "\(binDir)")
                #expect(fetched.log.contains("the prebuilt \(ToolVersion.current) from \(base)/v1/\(site.archiveName).tar.gz (sha256 "))

                let run = try await Self.step("run.sh", site: site, in: workspace, ["FSQ_CONTRACT_BIN_DIR": binDir, "INPUT_MODE": "replay"])
                #expect(run.status == 0, "\(run.log)")
                let tests = try #require(Int(run.outputs["tests"] ?? ""), "\(run.outputs)")
                #expect(tests > 0 && run.outputs["passed"] == String(tests) && run.outputs["failed"] == "0", "\(run.outputs)")
                #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("Reports/junit.xml").path))
            }
            // The server is gone: the next job's fetch is the cache's folder, not a download.
            let cached = try await Self.planAndFetch(site: site, in: workspace, binary: "prebuilt", releaseURL: "http://127.0.0.1:9/v1")
            #expect(cached.status == 0 && cached.log.contains("from the cache"), "\(cached.log)")
            #expect(!FileManager.default.fileExists(atPath: site.fakeSwiftCalls.path),
                    "swift was called: \((try? String(contentsOf: site.fakeSwiftCalls, encoding: .utf8)) ?? "")")
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func aBadChecksumIsAnErrorNamingTheURLEvenUnderAuto() async throws {
        try await withTemporaryDirectory { root in
            let site = try await Site(in: root)
            try await site.publish(in: "tampered", checksumOf: Data("another archive".utf8))
            let workspace = root.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
            try await Self.serving(site.releases, in: root) { base in
                let url = "\(base)/tampered/\(site.archiveName).tar.gz"
                for binary in ["auto", "prebuilt"] {
                    let fetched = try await Self.planAndFetch(site: site, in: workspace, binary: binary, releaseURL: base + "/tampered")
                    #expect(fetched.status == 2, "\(binary): \(fetched.log)")
                    #expect(fetched.log.contains("::error title=fsq-contract::the checksum of \(url) is "), "\(fetched.log)")
                    #expect(fetched.outputs["bin-dir"] == nil)
                }
                let unpacked = site.toolCache.appendingPathComponent("fsq-contract")
                #expect(((try? FileManager.default.contentsOfDirectory(atPath: unpacked.path)) ?? []).isEmpty)
            }
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func noArchiveForTheVersionBuildsFromSourceUnderAutoAndFailsUnderPrebuilt() async throws {
        try await withTemporaryDirectory { root in
            let site = try await Site(in: root)
            let workspace = root.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
            try await Self.serving(site.releases, in: root) { base in
                let auto = try await Self.planAndFetch(site: site, in: workspace, binary: "auto", releaseURL: base + "/v0")
                #expect(auto.status == 0 && auto.outputs["bin-dir"] == nil, "\(auto.log)")
                #expect(auto.log.contains("no checksum at \(base)/v0/\(site.archiveName).tar.gz.sha256") && auto.log.contains("building from source"),
                        "\(auto.log)")
                let prebuilt = try await Self.planAndFetch(site: site, in: workspace, binary: "prebuilt", releaseURL: base + "/v0")
                #expect(prebuilt.status == 2, "\(prebuilt.log)")
                #expect(prebuilt.log.contains("::error title=fsq-contract::binary: prebuilt, but no checksum at \(base)/v0/"), "\(prebuilt.log)")
            }
            // binary: source plans no download; a wrong value is one line and exit 2.
            let source = try await Self.step("binary-plan.sh", site: site, in: workspace, ["INPUT_BINARY": "source"])
            #expect(source.status == 0 && source.outputs["url"] == nil, "\(source.log)")
            let wrong = try await Self.step("binary-plan.sh", site: site, in: workspace, ["INPUT_BINARY": "binary"])
            #expect(wrong.status == 2 && wrong.log.contains("binary 'binary' is not auto, prebuilt or source"), "\(wrong.log)")
            // With no release-url, the default is the Action's own repository's release of this version.
            let github = try await Self.step("binary-plan.sh", site: site, in: workspace, ["GITHUB_ACTION_REPOSITORY": "acme/fsq-contract"])
            #expect(github.outputs["url"]
                    == "https://github.com/acme/fsq-contract/releases/download/v\(ToolVersion.current)/\(site.archiveName).tar.gz", "\(github.outputs)")
            #expect(github.outputs["cache-key"]?.hasPrefix("fsq-contract-bin-\(ToolVersion.current)-linux-") == true)
        }
    }
}
