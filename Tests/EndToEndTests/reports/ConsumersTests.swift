import Foundation
import JUnitXML
import Testing
import TestSupport

/// What JUnit consumers and CI pages get from the built binary: merge, per-suite files, validate-report,
/// the GitHub job page, and the CI examples' commands.
@Suite("JUnit consumers and CI")
struct ConsumersTests {
    @Test func shardsMergeIntoOneSuitePerEndpointThatEveryConsumerAccepts() async throws {
        try await withTemporaryDirectory { tmp in
            let a = tmp.appendingPathComponent("a.xml").path, b = tmp.appendingPathComponent("b.xml").path
            for (shard, path) in [("1/2", a), ("2/2", b)] {
                let r = try await Products.run(["run", "--filter", "place-*", "--shard", shard, "--report", path],
                                         currentDirectory: Products.packageRoot)
                #expect(r.status == 0, "\(r.stderr)")
            }
            let merged = tmp.appendingPathComponent("merged.xml").path
            let perSuite = tmp.appendingPathComponent("per-suite")
            let m = try await Products.run(["merge", "--output", merged, "--report-dir", perSuite.path, a, b])
            #expect(m.status == 0, "\(m.stderr)")
            let report = try ReportReader.read(path: merged)
            let shards = try [a, b].map { try ReportReader.read(path: $0) }
            #expect(report.suites.map(\.name) == ["place-details", "place-tips", "place-photos", "place-search", "place-suggest-edit", "place-flag",
                                                 "place-suggest-remove", "place-suggest-status", "place-top-venue-woes", "bounds"])
            #expect(report.tests == shards[0].tests + shards[1].tests)
            #expect(m.stdout.contains("10 files in \(perSuite.path): 10 suites, \(report.tests) tests, 0 failures"))
            #expect(try E2E.schemaErrors(merged) == [])
            let v = try await Products.run(["validate-report", merged])
            #expect(v.status == 0 && v.stdout == "\(merged): valid; accepted by Jenkins xUnit and Ant\n", "\(v.stderr)")

            let files = try FileManager.default.contentsOfDirectory(atPath: perSuite.path).sorted()
            #expect(files == ["TEST-bounds.xml", "TEST-place-details.xml", "TEST-place-flag.xml", "TEST-place-photos.xml", "TEST-place-search.xml",
                              "TEST-place-suggest-edit.xml", "TEST-place-suggest-remove.xml", "TEST-place-suggest-status.xml",
                              "TEST-place-tips.xml", "TEST-place-top-venue-woes.xml"])
            let details = try ReportReader.read(path: perSuite.appendingPathComponent("TEST-place-details.xml").path)
            #expect(details.tests == report.suites[0].tests)
            let v2 = try await Products.run(["validate-report", perSuite.appendingPathComponent("TEST-place-details.xml").path])
            #expect(v2.status == 0, "\(v2.stderr)")

            // --report-dir alone: no merged report is left anywhere.
            let only = tmp.appendingPathComponent("only/nested")
            let o = try await Products.run(["merge", "--report-dir", only.path, a, b])
            #expect(o.status == 0, "\(o.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: only.path).sorted() == files)
            let noDestination = try await Products.run(["merge", a])
            #expect(noDestination.status == 2 && noDestination.stderr.contains("--output FILE, --report-dir DIR or both"))
        }
    }

    @Test func runWritesPerSuiteFilesWithReportDir() async throws {
        try await withTemporaryDirectory { tmp in
            let dir = tmp.appendingPathComponent("TEST")
            let r = try await Products.run(["run", "--filter", "chains", "--report", tmp.appendingPathComponent("j.xml").path,
                                      "--report-dir", dir.path], currentDirectory: Products.packageRoot)
            #expect(r.status == 0, "\(r.stderr)")
            let file = dir.appendingPathComponent("TEST-chains.xml").path
            let text = try String(contentsOfFile: file, encoding: .utf8)
            // The per-suite file carries the same counts as the suite in the main report.
            let main = try ReportReader.read(path: tmp.appendingPathComponent("j.xml").path)
            let chains = try #require(main.suites.first { $0.name == "chains" })
            #expect(chains.tests > 0 && chains.failures == 0)
            #expect(text.contains("\n<testsuite name=\"chains\" tests=\"\(chains.tests)\" failures=\"0\""))
            if let ant = ConsumerSchemas.junitXSD("windyroad-JUnit.xsd") {
                #expect(try SchemaValidator(schemaPath: ant.path).validate(reportPath: file) == [])
            }
            // Surefire's XSD differs from Ant's only where they contradict: hostname and the suite's output.
            if let surefire = ConsumerSchemas.junitXSD("surefire-test-report-3.0.2.xsd") {
                let errors = try SchemaValidator(schemaPath: surefire.path).validate(reportPath: file)
                #expect(errors.count == 2 && errors.allSatisfy { $0.contains("'hostname'") || $0.contains("'system-out'") }, "\(errors)")
            }
        }
    }

    @Test func mergeOfAnEmptyOrNonXMLFileSaysWhichAndWhy() async throws {
        try await withTemporaryDirectory { tmp in
            let empty = tmp.appendingPathComponent("empty.xml").path
            let log = tmp.appendingPathComponent("build.log").path
            FileManager.default.createFile(atPath: empty, contents: Data())
            FileManager.default.createFile(atPath: log, contents: Data("error: compile failed\n".utf8))
            let out = tmp.appendingPathComponent("m.xml").path
            let e = try await Products.run(["merge", "--output", out, empty])
            #expect(e.status == 2)
            #expect(e.stderr == "merge: \(empty): is empty (0 bytes), not a JUnit report; the run that should have written it probably failed before the end: check its log\n")
            let n = try await Products.run(["merge", "--output", out, log])
            #expect(n.status == 2)
            #expect(n.stderr.hasPrefix("merge: \(log): is not XML (it starts with \"error: compile failed.\")"))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test func validateReportSaysWhichConsumerRejectsWhat() async throws {
        try await withTemporaryDirectory { tmp in
            let report = tmp.appendingPathComponent("j.xml").path
            _ = try await Products.run(["run", "--filter", "chains", "--junit-root-totals", "--report", report],
                                 currentDirectory: Products.packageRoot)
            let v = try await Products.run(["validate-report", report])
            #expect(v.status == 1)
            #expect(v.stderr.contains("\(report): Ant: line 2: <testsuites> has attributes (name, tests, failures, errors, time); Ant allows none on it (drop --junit-root-totals)"))
            let xunitOnly = try await Products.run(["validate-report", report, "--consumer", "jenkins-xunit"])
            #expect(xunitOnly.status == 0 && xunitOnly.stdout.hasSuffix("valid; accepted by Jenkins xUnit\n"))
        }
    }

    @Test func onGitHubRunAnnotatesAndSummarisesWithoutTheKey() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures(["chains/200-typical.json"], to: tmp)
            try writeFile(Data("{\"endpoint\": \"chains\", \"echo\": \"\(E2E.sentinel)\"".utf8), at: "chains/broken.json", in: tmp)
            let summary = tmp.appendingPathComponent("summary.md").path
            let r = try await Products.run(
                ["run", "--fixtures", tmp.path, "--report", tmp.appendingPathComponent("out/j.xml").path],
                environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary, "FSQ_API_KEY": E2E.sentinel])
            #expect(r.status == 1)
            let annotations = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
            #expect(annotations.count == 1)
            // Outside the workspace (the current directory), so the path stays absolute; the loader's place is added.
            let brokenAt = "line=1,col=\(Data("{\"endpoint\": \"chains\", \"echo\": \"\(E2E.sentinel)\"".utf8).count + 1)"
            #expect(annotations.first?.hasPrefix("::error file=\(tmp.path)/chains/broken.json,\(brokenAt),title=chains/broken.json load::") == true)
            let page = try String(contentsOfFile: summary, encoding: .utf8)
            #expect(page.hasPrefix("### fsq-contract run (replay): ❌ 1 failed, "))
            #expect(page.contains("- **ERROR** `chains/broken.json load`: "))
            #expect(page.contains("| chains | "))
            #expect(!r.stdout.contains(E2E.sentinel) && !r.stderr.contains(E2E.sentinel) && !page.contains(E2E.sentinel))
        }
    }

    // MARK: CI examples

    struct Command: CustomStringConvertible {
        var file: String
        var verb: String
        var flags: [String]
        var description: String { "\(file): fsq-contract \(verb) \(flags.joined(separator: " "))" }
    }

    /// Every `fsq-contract <verb> …` command line in the example files (comments skipped), with the `--flags`
    /// up to the end of that shell command.
    static func exampleCommands() throws -> [Command] {
        let folder = Products.packageRoot.appendingPathComponent("Examples/ci")
        let command = try Regex(#"fsq-contract[ \t]+([a-z][a-z-]*)([^\n]*)"#)
        let flag = try Regex(#"(?:^|[ \t])(--[a-z][a-z0-9-]*)"#)
        var commands: [Command] = []
        for name in ["github-actions.yml", "gitlab-ci.yml"] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
                for match in line.matches(of: command) {
                    let verb = String(line[match.output[1].range!])
                    var rest = String(line[match.output[2].range!])
                    for end in ["||", "&&", ";", " | "] { rest = rest.components(separatedBy: end)[0] }
                    let flags = rest.matches(of: flag).map { String(rest[$0.output[1].range!]) }
                    commands.append(Command(file: name, verb: verb, flags: flags))
                }
            }
        }
        return commands
    }

    @Test func theCIExamplesUseOnlyVerbsAndFlagsThatExist() async throws {
        let commands = try Self.exampleCommands()
        // Replay and the nightly (drift and the live checks) in the GitLab file: a regex that found nothing would
        // prove nothing. (github-actions.yml runs the harness through the Action: theGitHubExampleUsesTheActionsModes checks it.)
        #expect(Set(commands.map { "\($0.file) \($0.verb)" }) == ["gitlab-ci.yml run", "gitlab-ci.yml nightly"])
        #expect(commands.contains { $0.verb == "nightly" && $0.flags.contains("--base-url") })
        var help: [String: String] = [:]
        for command in commands {
            if help[command.verb] == nil {
                let r = try await Products.run([command.verb, "--help"])
                #expect(r.status == 0, "\(command): no such verb: \(r.stderr)")
                help[command.verb] = r.stdout
            }
            for flag in command.flags {
                let known = help[command.verb]!.matches(of: try Regex("(^|[^a-z-])\(flag)([^a-z0-9-]|$)")).count > 0
                #expect(known, "\(command): \(flag) is not a flag of fsq-contract \(command.verb)")
            }
        }
    }

    /// Live verbs need fsq-contract built with the Live trait: a job that calls one on a replay build exits 2.
    @Test func theCIExamplesBuildTheLiveTraitWhereTheyCallALiveVerb() throws {
        let folder = Products.packageRoot.appendingPathComponent("Examples/ci")
        for name in ["gitlab-ci.yml"] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.contains("fsq-contract nightly"), "\(name) has no live job to check")
            // The package's own repository builds it in place; an app builds it from the dependency's checkout.
            #expect(text.range(of: #"swift build (--package-path \S+ )?-c release --traits Live(,OpenAPI)? --product fsq-contract"#,
                               options: .regularExpression) != nil, "\(name) runs live verbs without building the Live trait")
        }
        // On GitHub the Action builds: the Live trait for every mode but replay and merge.
        let build = try String(contentsOf: Products.packageRoot.appendingPathComponent("scripts/action/build.sh"), encoding: .utf8)
        #expect(build.contains(#"if [ "${INPUT_MODE:-replay}" != replay ] && [ "${INPUT_MODE:-replay}" != merge ]; then"#)
                && build.contains("  traits=Live,OpenAPI")
                && build.contains(#"swift build -c release --traits "$traits" --package-path "$root" --product fsq-contract"#))
    }

    @Test func theCIExamplesKeepGoingAndFailAtTheEnd() async throws {
        let folder = Products.packageRoot.appendingPathComponent("Examples/ci")
        let github = try String(contentsOf: folder.appendingPathComponent("github-actions.yml"), encoding: .utf8)
        // The nightly is one step (drift and the live checks, which fails if either does), not two to combine.
        #expect(!github.contains("continue-on-error"))
        // The merge job runs whatever the shards did; the Action uploads its reports even when the run failed.
        #expect(github.contains("if: always()\n    needs: replay"))
        let action = try String(contentsOf: Products.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("- if: always() && inputs.upload == 'true'") && action.contains("actions/upload-artifact@v6"))
        let gitlab = try String(contentsOf: folder.appendingPathComponent("gitlab-ci.yml"), encoding: .utf8)
        // The nightly's own status, kept: 3 (could not judge) must not become 1 (ExampleCIStatusTests runs it).
        #expect(gitlab.contains("|| status=$?") && gitlab.contains("- exit $status") && !gitlab.contains("status=1"))
        // An app's repository: its dependency versions are in Package.resolved; no setup script of ours.
        #expect(gitlab.contains("key: { files: [Package.resolved] }") && gitlab.contains("when: always"))
        #expect(gitlab.contains("apt-get install -y -qq libxml2-dev") && !gitlab.contains("scripts/setup.sh"))
    }

    /// The app's workflow runs the harness only through the Action (replay over a shard matrix, merge, the nightly), and
    /// builds the app for iOS (actionlint checks each input against action.yml: GitHubActionTests).
    @Test func theGitHubExampleUsesTheActionsModes() throws {
        let github = try String(contentsOf: Products.packageRoot.appendingPathComponent("Examples/ci/github-actions.yml"), encoding: .utf8)
        let modes = github.matches(of: try Regex(#"\n +mode: ([a-z]+)"#)).map { String(github[$0.output[1].range!]) }
        #expect(Set(modes) == ["replay", "merge", "nightly"], "\(modes)")
        #expect(github.components(separatedBy: "uses: your-org/fsq-contract@v1").count - 1 == modes.count)
        #expect(github.contains("shard: ${{ matrix.shard }}") && github.contains(#"shard: ["1/3", "2/3", "3/3"]"#))
        #expect(github.contains("api-key: ${{ secrets.FSQ_API_KEY }}") && !github.contains("FSQ_API_KEY=") )
        #expect(!github.contains("scripts/setup.sh"), "an app's repository has no scripts/setup.sh")
        #expect(github.contains("runs-on: macos-") && github.contains("-destination 'generic/platform=iOS'"))
    }
}
