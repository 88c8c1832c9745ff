import Foundation
import Testing
import TestSupport

/// The example CI files (`Examples/ci/`) keep the harness's exit statuses apart: a job ends with 0 when fsq-contract
/// exits 0, 1 for a contract change (1), 2 for a usage error (2) and 3 for a night that could not judge (3), as
/// ExitStatuses.md, NightlyJob.md and CISetup.md promise. Each file is read as written (a small YAML reader, below), and
/// every job that runs fsq-contract (directly, through the Action's run step, or through spec-diff-weekly.sh) runs in
/// bash as its CI runs it, with a stand-in `fsq-contract` that exits the status under test, and no-op stand-ins for
/// the tools a job calls only to set itself up (swift, apt-get, sudo, gh, xcodebuild). No network.
@Suite("the CI examples keep exit statuses 0, 1, 2 and 3 apart", .timeLimit(.minutes(3)))
struct ExampleCIStatusTests {
    static let examples = Products.packageRoot.appendingPathComponent("Examples/ci")
    static let statuses: [Int32] = [0, 1, 2, 3]

    // MARK: GitLab

    /// `gitlab-ci.yml`: each job whose script calls fsq-contract, `before_script` (its own or the default's) then
    /// `script`, in one bash with `set -eo pipefail` as GitLab's runner runs them, with the file's `variables`.
    @Test(arguments: statuses)
    func gitlabJobsEndWithTheHarnessStatus(_ status: Int32) async throws {
        let file = try YAMLSubset.parse(try String(contentsOf: Self.examples.appendingPathComponent("gitlab-ci.yml"), encoding: .utf8))
        let reserved: Set<String> = ["default", "variables", "stages", "include", "workflow", "image", "services", "cache", "before_script", "after_script"]
        let jobs = file.pairs.filter { !reserved.contains($0.key) && $0.value["script"] != nil }
        let calling = jobs.filter { job in job.value["script"]!.items.contains { ($0.string ?? "").contains("fsq-contract ") } }
        // A reader that found no job would prove nothing.
        #expect(Set(calling.map(\.key)) == ["replay", "nightly"], "\(jobs.map(\.key))")
        for (name, job) in calling {
            try await withTemporaryDirectory { tmp in
                let stand = try StandIns(in: tmp, status: status)
                let workspace = tmp.appendingPathComponent("app")
                var environment = stand.environment
                for (key, value) in file["variables"]?.pairs ?? [] {
                    let text = try #require(value.string, "variables: \(key) is not a string")
                    environment[key] = text
                }
                // The binary where the job looks for it: $FSQ_BIN, relative to the app's checkout.
                let bin = try #require(environment["FSQ_BIN"], "gitlab-ci.yml sets no FSQ_BIN")
                try stand.installFSQContract(in: workspace.appendingPathComponent(bin))
                let before = (job["before_script"] ?? file["default"]?["before_script"])?.items ?? []
                let lines = try (before + job["script"]!.items).map { try #require($0.string, "\(name): a script item that is not a string") }
                let script = tmp.appendingPathComponent("job.sh")
                try ("set -eo pipefail\n" + lines.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
                let result = try await runProcess(URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", script.path],
                                                  environment: environment, currentDirectory: workspace, timeout: .seconds(60))
                #expect(result.status == status, "gitlab-ci.yml \(name): fsq-contract exited \(status), the job \(result.status)\n\(result.stdout)\(result.stderr)")
                let calls = try stand.calls()
                #expect(calls.count == 1, "gitlab-ci.yml \(name): \(calls)")
            }
        }
    }

    // MARK: GitHub Actions

    /// `github-actions.yml`: each job that runs the Action (replay, merge, the nightly), step by step as a runner does
    /// (`if:`, `continue-on-error`, each step's outputs); the Action's step that calls fsq-contract is action.yml's own
    /// run step (scripts/action/run.sh) with the example's `with:` as its inputs.
    @Test(arguments: statuses)
    func githubJobsEndWithTheHarnessStatus(_ status: Int32) async throws {
        let workflow = try YAMLSubset.parse(try String(contentsOf: Self.examples.appendingPathComponent("github-actions.yml"), encoding: .utf8))
        let jobs = try #require(workflow["jobs"]).pairs.filter { GitHubJob.callsFSQContract($0.value) }
        #expect(Set(jobs.map(\.key)) == ["replay", "merge", "nightly"], "\(jobs.map(\.key))")
        for (name, job) in jobs {
            try await withTemporaryDirectory { tmp in
                let stand = try StandIns(in: tmp, status: status)
                let workspace = tmp.appendingPathComponent("app")
                // What the merge job downloads: the replay shards' reports.
                let shard = workspace.appendingPathComponent("shards/fsq-contract-reports-1-of-3/junit.xml")
                try FileManager.default.createDirectory(at: shard.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(StandIns.report.utf8).write(to: shard)
                var run = GitHubJob(name: "github-actions.yml \(name)", job: job, workspace: workspace, stand: stand, tmp: tmp)
                let result = try await run.run()
                #expect(result.status == status, "github-actions.yml \(name): fsq-contract exited \(status), the job \(result.status)\n\(result.log)")
                let calls = try stand.calls()
                #expect(calls.count == 1, "github-actions.yml \(name): \(calls)")
                if name == "nightly" {
                    // The Action's outputs tell a contract change from a night that could not judge.
                    let verdict = ["green", "contract-changed", "usage-error", "could-not-judge"][Int(status)]
                    #expect(result.log.contains("nightly: \(verdict) (exit \(status))"), "\(result.log)")
                }
            }
        }
    }

    // MARK: The weekly spec-diff

    /// `spec-diff-weekly.sh` as `spec-diff-weekly.yml` calls it: the vendor's document from a `file://` URL (curl, no
    /// network), the stand-in's status passed on as the script's and as `status=` in GITHUB_OUTPUT.
    @Test(arguments: statuses)
    func theWeeklyScriptEndsWithSpecDiffsStatus(_ status: Int32) async throws {
        try await withTemporaryDirectory { tmp in
            let stand = try StandIns(in: tmp, status: status)
            let bin = tmp.appendingPathComponent("bin")
            try stand.installFSQContract(in: bin)
            let vendor = tmp.appendingPathComponent("vendor.json"), shipped = tmp.appendingPathComponent("shipped.json")
            for file in [vendor, shipped] { try Data(#"{"openapi": "3.1.0"}"#.utf8).write(to: file) }
            var environment = stand.environment
            environment["FSQ_BIN"] = bin.path
            environment["GITHUB_OUTPUT"] = tmp.appendingPathComponent("github-output").path
            let result = try await runProcess(
                URL(fileURLWithPath: "/bin/bash"),
                [Self.examples.appendingPathComponent("spec-diff-weekly.sh").path, vendor.absoluteString, shipped.path, tmp.appendingPathComponent("out").path],
                environment: environment, currentDirectory: tmp, timeout: .seconds(60))
            #expect(result.status == status, "spec-diff exited \(status), the script \(result.status)\n\(result.stdout)\(result.stderr)")
            let outputs = try String(contentsOf: tmp.appendingPathComponent("github-output"), encoding: .utf8)
            #expect(outputs.split(separator: "\n").contains("status=\(status)"), "\(outputs)")
            let calls = try stand.calls()
            #expect(calls.count == 1 && calls[0].hasPrefix("spec-diff "), "\(calls)")
        }
    }

    /// `spec-diff-weekly.yml`: its job, step by step, with the repository's checkout of fsq-contract holding the real
    /// spec-diff-weekly.sh and the stand-in as its release build.
    @Test(arguments: statuses)
    func theWeeklyWorkflowEndsWithSpecDiffsStatus(_ status: Int32) async throws {
        let workflow = try YAMLSubset.parse(try String(contentsOf: Self.examples.appendingPathComponent("spec-diff-weekly.yml"), encoding: .utf8))
        let jobs = try #require(workflow["jobs"]).pairs
        #expect(jobs.map(\.key) == ["spec-diff"])
        for (name, job) in jobs {
            try await withTemporaryDirectory { tmp in
                let stand = try StandIns(in: tmp, status: status)
                let workspace = tmp.appendingPathComponent("app")
                // The second checkout (`path: .fsq-contract`): this repository's script, the stand-in as its build.
                let checkout = try #require(job["steps"]?.items.compactMap { $0["with"]?["path"]?.string }.first, "no checkout path")
                let script = workspace.appendingPathComponent("\(checkout)/Examples/ci/spec-diff-weekly.sh")
                try FileManager.default.createDirectory(at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(at: script, withDestinationURL: Self.examples.appendingPathComponent("spec-diff-weekly.sh"))
                try stand.installFSQContract(in: workspace.appendingPathComponent("\(checkout)/.build/release"))
                let shipped = workspace.appendingPathComponent("openapi/openapi-20250617.json")
                try FileManager.default.createDirectory(at: shipped.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(#"{"openapi": "3.1.0"}"#.utf8).write(to: shipped)
                let vendor = tmp.appendingPathComponent("vendor.json")
                try Data(#"{"openapi": "3.1.0"}"#.utf8).write(to: vendor)
                var run = GitHubJob(name: "spec-diff-weekly.yml \(name)", job: job, workspace: workspace, stand: stand, tmp: tmp)
                run.variables["vars.FSQ_OPENAPI_URL"] = vendor.absoluteString
                let result = try await run.run()
                #expect(result.status == status, "spec-diff-weekly.yml: spec-diff exited \(status), the job \(result.status)\n\(result.log)")
                let calls = try stand.calls()
                #expect(calls.count == 1 && calls[0].hasPrefix("spec-diff "), "\(calls)")
            }
        }
    }
}

// MARK: - The stand-ins

/// A folder of stand-in commands put first on PATH, and an `fsq-contract` that logs its arguments, writes a small
/// file at each output flag's path (a JUnit report for the report flags), answers `counts`, and exits `status`.
struct StandIns {
    static let report = #"<?xml version="1.0" encoding="UTF-8"?><testsuites tests="1"><testsuite name="s" tests="1"><testcase name="c"/></testsuite></testsuites>"#
    let folder: URL
    let log: URL
    let status: Int32

    init(in tmp: URL, status: Int32) throws {
        self.status = status
        folder = tmp.appendingPathComponent("stand-ins")
        log = tmp.appendingPathComponent("fsq-contract-calls")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: log)
        // What a job calls only to set itself up: each one succeeds and does nothing.
        for tool in ["swift", "apt-get", "sudo", "gh", "xcodebuild"] {
            try writeExecutable(folder.appendingPathComponent(tool), "#!/bin/bash\nexit 0\n")
        }
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for name in ["FSQ_API_KEY", "FSQ_BIN", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_ACTIONS", "CI"] { environment[name] = nil }
        return environment
    }

    /// Writes the stand-in `fsq-contract` into `directory`.
    func installFSQContract(in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try writeExecutable(directory.appendingPathComponent("fsq-contract"), """
            #!/bin/bash
            if [ "$1" = counts ]; then printf 'tests=1\\npassed=1\\nfailed=0\\nerrors=0\\nskipped=0\\n'; exit 0; fi
            echo "$*" >> '\(log.path)'
            # Files written later than whatever the caller made just before the call (run.sh's -nt, on a coarse clock).
            sleep 0.05
            while [ $# -gt 0 ]; do
              case "$1" in
                --report|--drift-report|--output) mkdir -p "$(dirname "$2")"; printf '%s' '\(Self.report)' > "$2"; shift ;;
                --json|--markdown|--summary|--html|--ctrf|--pr-comment) mkdir -p "$(dirname "$2")"; echo "stand-in" > "$2"; shift ;;
              esac
              shift
            done
            echo "fsq-contract (stand-in): exit \(status)"
            exit \(status)

            """)
    }

    /// The calls the stand-in fsq-contract got (not `counts`), one line each.
    func calls() throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}

// MARK: - A GitHub Actions job, step by step

/// Runs a workflow job's steps as a runner does: `run:` steps with `bash -e` (the default shell), each step's
/// `env:` and `${{ }}` expressions, `if:` (with the implicit `success()`), `continue-on-error`, and each step's outputs
/// from its GITHUB_OUTPUT. `uses:` steps other than the Action (checkout, artifacts) are skipped; the Action runs
/// action.yml's step that calls scripts/action/run.sh, with the inputs the step's `with:` gives and action.yml's defaults.
struct GitHubJob {
    static let actionReference = "your-org/fsq-contract@v1"
    let name: String
    let job: YAMLSubset
    let workspace: URL
    let stand: StandIns
    let tmp: URL
    /// Expression values: matrix (each key's first value), secrets, vars, github, steps.
    var variables: [String: String] = [:]

    init(name: String, job: YAMLSubset, workspace: URL, stand: StandIns, tmp: URL) {
        self.name = name
        self.job = job
        self.workspace = workspace
        self.stand = stand
        self.tmp = tmp
        variables["github.workspace"] = workspace.path
        variables["github.token"] = "stand-in-token"
        variables["github.event_name"] = "schedule"
        for (key, value) in job["strategy"]?["matrix"]?.pairs ?? [] {
            variables["matrix.\(key)"] = Self.flowList(value.string ?? "").first ?? ""
        }
    }

    static func callsFSQContract(_ job: YAMLSubset) -> Bool {
        (job["steps"]?.items ?? []).contains { $0["uses"]?.string == actionReference || ($0["run"]?.string ?? "").contains("fsq-contract") }
    }

    /// The job's exit status (that of the first step that failed it, else 0) and its log.
    mutating func run() async throws -> (status: Int32, log: String) {
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        var failed: Int32? = nil
        var log = ""
        for (index, step) in (job["steps"]?.items ?? []).enumerated() {
            let id = step["id"]?.string ?? "step\(index)"
            if let condition = step["if"]?.string {
                let expression = Self.unwrapped(condition)
                let statusFunction = ["always()", "failure()", "success()", "cancelled()"].contains { expression.contains($0) }
                let value = try evaluate(expression, failed: failed != nil)
                guard Self.truthy(value) && (statusFunction || failed == nil) else { continue }
            } else if failed != nil { continue }
            let result: (status: Int32, outputs: [String: String], log: String)
            if let uses = step["uses"]?.string {
                guard uses == Self.actionReference else { continue }
                result = try await runAction(step, failed: failed != nil)
            } else {
                let script = try #require(step["run"]?.string, "\(name): a step with neither uses nor run")
                result = try await runScript(try substitute(script, failed: failed != nil), shell: ["-e"],
                                             environment: try environment(step["env"], failed: failed != nil))
            }
            log += result.log
            variables["steps.\(id).outcome"] = result.status == 0 ? "success" : "failure"
            for (key, value) in result.outputs { variables["steps.\(id).outputs.\(key)"] = value }
            if result.status != 0, step["continue-on-error"]?.string != "true", failed == nil { failed = result.status }
        }
        return (failed ?? 0, log)
    }

    /// The Action: action.yml's step that runs scripts/action/run.sh (`shell: bash`), its env evaluated with the
    /// step's inputs; the Action's outputs mapped from that step's as action.yml maps them.
    func runAction(_ step: YAMLSubset, failed: Bool) async throws -> (status: Int32, outputs: [String: String], log: String) {
        let action = try YAMLSubset.parse(try String(contentsOf: Products.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8))
        var inner = GitHubJob(name: "action.yml", job: action, workspace: workspace, stand: stand, tmp: tmp)
        inner.variables = variables
        for (key, input) in action["inputs"]?.pairs ?? [] { inner.variables["inputs.\(key)"] = input["default"]?.string ?? "" }
        for (key, value) in step["with"]?.pairs ?? [] { inner.variables["inputs.\(key)"] = try substitute(value.string ?? "", failed: failed) }
        let steps = try #require(action["runs"]?["steps"]?.items)
        let runStep = try #require(steps.first { ($0["run"]?.string ?? "").contains("scripts/action/run.sh") }, "action.yml has no run.sh step")
        let runID = try #require(runStep["id"]?.string)
        // The build steps' outputs: no prebuilt archive; the build's bin-dir holds the stand-in.
        let binDir = tmp.appendingPathComponent("action-bin")
        try stand.installFSQContract(in: binDir)
        inner.variables["steps.prebuilt.outputs.bin-dir"] = ""
        inner.variables["steps.build.outputs.bin-dir"] = binDir.path
        var environment = try inner.environment(runStep["env"], failed: failed)
        environment["GITHUB_ACTION_PATH"] = Products.packageRoot.path
        #expect(runStep["shell"]?.string == "bash")
        let directory = try runStep["working-directory"]?.string.map { URL(fileURLWithPath: try inner.substitute($0, failed: failed)) }
        let result = try await inner.runScript(try inner.substitute(try #require(runStep["run"]?.string), failed: failed),
                                               shell: ["--noprofile", "--norc", "-eo", "pipefail"], environment: environment, directory: directory)
        for (key, value) in result.outputs { inner.variables["steps.\(runID).outputs.\(key)"] = value }
        var outputs: [String: String] = [:]
        for (key, output) in action["outputs"]?.pairs ?? [] {
            outputs[key] = try inner.substitute(output["value"]?.string ?? "", failed: failed)
        }
        return (result.status, outputs, result.log)
    }

    func runScript(_ text: String, shell: [String], environment: [String: String], directory: URL? = nil) async throws
        -> (status: Int32, outputs: [String: String], log: String) {
        let script = tmp.appendingPathComponent("step-\(UUID().uuidString).sh")
        let outputs = tmp.appendingPathComponent("output-\(UUID().uuidString)")
        try text.write(to: script, atomically: true, encoding: .utf8)
        try Data().write(to: outputs)
        var environment = environment
        environment["GITHUB_OUTPUT"] = outputs.path
        environment["GITHUB_STEP_SUMMARY"] = tmp.appendingPathComponent("step-summary").path
        environment["GITHUB_WORKSPACE"] = workspace.path
        environment["GITHUB_ACTIONS"] = "true"
        let result = try await runProcess(URL(fileURLWithPath: "/bin/bash"), shell + [script.path], environment: environment,
                                          currentDirectory: directory ?? workspace, timeout: .seconds(60))
        var parsed: [String: String] = [:]
        var lines = try String(contentsOf: outputs, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            if let head = line.firstMatch(of: /^([A-Za-z0-9_-]+)<<(.+)$/) {
                // The multi-line form: name<<DELIMITER, the lines, DELIMITER.
                let body = lines.prefix { $0 != head.output.2 }
                lines = lines.dropFirst(body.count + 1)
                parsed[String(head.output.1)] = body.joined(separator: "\n")
            } else if let equals = line.firstIndex(of: "=") {
                parsed[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return (result.status, parsed, result.stdout + result.stderr)
    }

    func environment(_ env: YAMLSubset?, failed: Bool) throws -> [String: String] {
        var environment = stand.environment
        for (key, value) in env?.pairs ?? [] { environment[key] = try substitute(value.string ?? "", failed: failed) }
        return environment
    }

    // MARK: Expressions

    /// `text` with each `${{ expression }}` replaced by its value.
    func substitute(_ text: String, failed: Bool) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${{") {
            let close = try #require(rest[open.upperBound...].range(of: "}}"), "\(name): an unclosed ${{ in \(text)")
            result += rest[..<open.lowerBound]
            result += try evaluate(String(rest[open.upperBound..<close.lowerBound]), failed: failed)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The value of an expression of the forms the examples and action.yml use: `a || b`, `a && b`, `a == 'x'`,
    /// `always()`, `success()`, `failure()`, `'literal'` and context paths. Anything else fails the test.
    func evaluate(_ expression: String, failed: Bool) throws -> String {
        let expression = expression.trimmingCharacters(in: .whitespaces)
        if expression.contains("||") {
            let values = try expression.components(separatedBy: "||").map { try evaluate($0, failed: failed) }
            return values.first(where: Self.truthy) ?? values.last ?? ""
        }
        if expression.contains("&&") {
            let values = try expression.components(separatedBy: "&&").map { try evaluate($0, failed: failed) }
            return values.first { !Self.truthy($0) } ?? values.last ?? ""
        }
        if expression.contains("==") {
            let sides = try expression.components(separatedBy: "==").map { try evaluate($0, failed: failed) }
            return sides.count == 2 && sides[0].lowercased() == sides[1].lowercased() ? "true" : "false"
        }
        switch expression {
        case "always()": return "true"
        case "success()": return failed ? "false" : "true"
        case "failure()": return failed ? "true" : "false"
        default: break
        }
        if expression.hasPrefix("'") && expression.hasSuffix("'") && expression.count >= 2 {
            return String(expression.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        if let value = variables[expression] { return value }
        if expression.hasPrefix("steps.") { return "" }  // an output a step did not set
        if expression.hasPrefix("secrets.") { return "stand-in-secret" }
        Issue.record("\(name): an expression this runner does not know: \(expression)")
        return ""
    }

    static func truthy(_ value: String) -> Bool { !value.isEmpty && value != "false" && value != "0" }

    static func unwrapped(_ condition: String) -> String {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("${{"), trimmed.hasSuffix("}}") else { return trimmed }
        return String(trimmed.dropFirst(3).dropLast(2))
    }

    /// `["1/3", "2/3"]` → its items.
    static func flowList(_ text: String) -> [String] {
        let inner = text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return inner.split(separator: ",").map { YAMLSubset.unquoted($0.trimmingCharacters(in: .whitespaces)) }
    }
}

// MARK: - YAML, as much as the CI files use

/// Block maps, block lists (of scalars or maps), `|` block scalars, quoted and plain scalars, full-line and trailing
/// comments. A flow collection (`[a, b]`, `{ k: v }`) stays one scalar, as written.
indirect enum YAMLSubset {
    case scalar(String)
    case map([(key: String, value: YAMLSubset)])
    case list([YAMLSubset])

    subscript(key: String) -> YAMLSubset? {
        if case let .map(pairs) = self { return pairs.first { $0.key == key }?.value }
        return nil
    }
    var pairs: [(key: String, value: YAMLSubset)] { if case let .map(pairs) = self { return pairs }; return [] }
    var items: [YAMLSubset] { if case let .list(items) = self { return items }; return [] }
    var string: String? { if case let .scalar(text) = self { return text }; return nil }

    static func parse(_ text: String) throws -> YAMLSubset {
        var reader = Reader(lines: text.components(separatedBy: "\n"))
        let document = try reader.block(deeperThan: -1)
        if let line = reader.nextSignificant() { throw ParseError(line: line + 1, reason: "not read: \(reader.lines[line])") }
        return document
    }

    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "line \(line): \(reason)" }
    }

    static func unquoted(_ text: String) -> String {
        if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
        }
        return text
    }

    /// `text` without a trailing ` # comment` outside quotes.
    static func uncommented(_ text: String) -> String {
        var quote: Character? = nil
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return String(text[..<index]).trimmingCharacters(in: .whitespaces)
            }
            previous = character
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    struct Reader {
        var lines: [String]
        var index = 0

        static func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

        /// The next line that is neither blank nor a comment, from `index` (which it moves there).
        mutating func nextSignificant() -> Int? {
            while index < lines.count {
                let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { index += 1; continue }
                return index
            }
            return nil
        }

        /// The block starting at the next significant line, if it is indented more than `parent`; else an empty scalar.
        mutating func block(deeperThan parent: Int, orListAt sameIndent: Int? = nil) throws -> YAMLSubset {
            guard let line = nextSignificant() else { return .scalar("") }
            let indent = Self.indent(lines[line])
            let content = lines[line].dropFirst(indent)
            let isItem = content == "-" || content.hasPrefix("- ")
            if indent > parent || (indent == sameIndent && isItem) {
                return isItem ? try list(at: indent) : try map(at: indent)
            }
            return .scalar("")
        }

        static func keyAndRest(_ content: Substring) -> (String, String)? {
            guard let match = content.firstMatch(of: /^([A-Za-z_][A-Za-z0-9_.-]*):(?: (.*))?$/) else { return nil }
            return (String(match.output.1), String(match.output.2 ?? ""))
        }

        mutating func map(at indent: Int) throws -> YAMLSubset {
            var pairs: [(key: String, value: YAMLSubset)] = []
            while let line = nextSignificant(), Self.indent(lines[line]) == indent {
                let content = lines[line].dropFirst(indent)
                if content.hasPrefix("- ") || content == "-" { break }
                guard let pair = Self.keyAndRest(content) else { throw ParseError(line: line + 1, reason: "not a key: \(content)") }
                let key = pair.0
                index += 1
                let rest = YAMLSubset.uncommented(pair.1)
                let value: YAMLSubset
                if rest.isEmpty {
                    value = try block(deeperThan: indent, orListAt: indent)
                } else if rest == "|" || rest == "|-" {
                    value = .scalar(blockScalar(deeperThan: indent, keepLastNewline: rest == "|"))
                } else {
                    value = .scalar(YAMLSubset.unquoted(rest))
                }
                pairs.append((key: key, value: value))
            }
            return .map(pairs)
        }

        mutating func list(at indent: Int) throws -> YAMLSubset {
            var items: [YAMLSubset] = []
            while let line = nextSignificant(), Self.indent(lines[line]) == indent {
                let content = lines[line].dropFirst(indent)
                guard content == "-" || content.hasPrefix("- ") else { break }
                let item = content.dropFirst(1).drop { $0 == " " }
                if item.isEmpty {
                    index += 1
                    items.append(try block(deeperThan: indent))
                } else if Self.keyAndRest(item) != nil {
                    // `- key: value`: a map whose first key sits where the dash's content starts.
                    let column = lines[line].count - item.count
                    lines[line] = String(repeating: " ", count: column) + item
                    items.append(try map(at: column))
                } else {
                    index += 1
                    items.append(.scalar(YAMLSubset.unquoted(YAMLSubset.uncommented(String(item)))))
                }
            }
            return .list(items)
        }

        /// The lines of a `|` block scalar: those indented more than `parent` (and blank ones), less their common indent.
        mutating func blockScalar(deeperThan parent: Int, keepLastNewline: Bool) -> String {
            var body: [String] = []
            while index < lines.count {
                let line = lines[index]
                if line.trimmingCharacters(in: .whitespaces).isEmpty { body.append(""); index += 1; continue }
                guard Self.indent(line) > parent else { break }
                body.append(line)
                index += 1
            }
            while body.last == "" { body.removeLast() }
            let common = body.filter { !$0.isEmpty }.map(Self.indent).min() ?? 0
            let text = body.map { String($0.dropFirst(common)) }.joined(separator: "\n")
            return keepLastNewline ? text + "\n" : text
        }
    }
}
