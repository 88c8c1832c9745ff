import ArgumentParser
import CommandParsing
@testable import ContractCLI
import Foundation
import HarnessJobs
import FoursquarePlaces
import Testing
import TestSupport

/// Every fsq-contract verb's flags, parsed in process: what each flag sets, the defaults, and what a user is
/// told about a bad value.
@Suite("fsq-contract flags")
struct CommandParsingTests {
    @Test func runDefaultsReplayTheShippedFixturesUnderBothStyles() throws {
        let run = try parseCommand(RunCommand.self, root: FSQContract.self, ["run"])
        // nil: the project file's value, else the built-in default, is taken when the command runs.
        #expect(run.fixtureOptions.fixtures == nil && run.fixtureOptions.folder == "Fixtures")
        #expect(run.fixtureOptions.filter == nil)
        #expect(run.report == nil)
        #expect(run.fixtureOptions.projectFlags.project == nil && !run.fixtureOptions.projectFlags.noProject)
        #expect(run.auth == .both)
        #expect(run.apiVersion == nil && run.version == FoursquareClient.defaultAPIVersion)
        #expect(!run.junitShape.junitFileAttributes && !run.junitShape.junitRootTotals && !run.live)
        #expect(run.shard == nil)
        #expect(run.connection.baseURL == nil)
        #expect(run.connection.concurrency == 4)
        #expect(run.connection.timeout == 10)
        #expect(run.connection.retries == 2)
        #expect(run.connection.deadline == 600)
        #expect(run.connection.fixtureHeader == .auto)
    }

    @Test func runTakesEveryFlag() throws {
        let run = try parseCommand(RunCommand.self, root: FSQContract.self, [
            "run", "--fixtures", "F", "--filter", "place-*", "--report", "out/r.xml", "--auth", "bearer",
            "--api-version", "2024-01-01", "--junit-file-attributes", "--junit-root-totals", "--shard", "2/4", "--live",
            "--base-url", "http://127.0.0.1:8080", "--concurrency", "8", "--timeout", "1.5", "--retries", "0",
            "--deadline", "30", "--fixture-header", "never", "--seed", "7",
        ])
        #expect(run.fixtureOptions.fixtures == "F")
        #expect(run.fixtureOptions.filter == "place-*")
        #expect(run.report == "out/r.xml")
        #expect(run.auth == .bearer)
        #expect(run.apiVersion == "2024-01-01")
        #expect(run.junitShape.junitFileAttributes && run.junitShape.junitRootTotals && run.live)
        #expect(run.shard == "2/4")  // parsed into a Shard when the command runs, so a bad value gets a full message
        #expect(run.connection.baseURL == "http://127.0.0.1:8080")
        #expect(run.connection.concurrency == 8)
        #expect(run.connection.timeout == 1.5)
        #expect(run.connection.retries == 0)
        #expect(run.connection.deadline == 30)
        #expect(run.connection.fixtureHeader == .never)
        #expect(run.connection.seed == 7)
    }

    @Test func listTakesItsFlags() throws {
        let plain = try parseCommand(ListCommand.self, root: FSQContract.self, ["list"])
        #expect(plain.fixtures == nil && !plain.catalogOnly)
        let catalog = try parseCommand(ListCommand.self, root: FSQContract.self, ["list", "--fixtures", "F", "--catalog-only"])
        #expect(catalog.fixtures == "F" && catalog.catalogOnly)
    }

    @Test func serveHandsEveryArgumentToTheEmulatorUnchanged() throws {
        let arguments = ["--fixtures", "F", "--port", "8080", "--latency", "-5", "--fault", "reset:0.5", "--help"]
        let serve = try parseCommand(ServeCommand.self, root: FSQContract.self, ["serve"] + arguments)
        #expect(serve.arguments == arguments)
        #expect(try parseCommand(ServeCommand.self, root: FSQContract.self, ["serve"]).arguments.isEmpty)
    }

    @Test func serveTakesTheProjectFilesFixturesUnlessTheArgumentsNameAFolder() throws {
        let project = Products.packageRoot.appendingPathComponent("fsq-contract.json").path
        let fixtures = Products.packageRoot.appendingPathComponent("Fixtures").path
        #expect(try ServeCommand.withProjectFixtures(["--project", project, "--port", "0"]) == ["--fixtures", fixtures, "--port", "0"])
        #expect(try ServeCommand.withProjectFixtures(["--project=\(project)", "--fixtures", "F"]) == ["--fixtures", "F"])
        #expect(try ServeCommand.withProjectFixtures(["--no-project", "--port", "0"]) == ["--port", "0"])
        #expect(throws: UsageFailure.self) { try ServeCommand.withProjectFixtures(["--project", "/nonexistent/fsq-contract.json"]) }
    }

    @Test func recordTakesItsFlags() throws {
        let plain = try parseCommand(RecordCommand.self, root: FSQContract.self, ["record"])
        #expect(plain.mode == nil && plain.plan == nil && plain.redactHeader.isEmpty && plain.auth == .apiKey)
        let record = try parseCommand(RecordCommand.self, root: FSQContract.self, [
            "record", "--base-url", "http://127.0.0.1:1", "--mode", "failed", "--plan", "plan.json",
            "--redact-header", "X-Session", "--redact-header", "Cookie", "--auth", "bearer", "--fixtures", "F",
        ])
        #expect(record.mode == .failed)
        #expect(record.plan == "plan.json")
        #expect(record.redactHeader == ["X-Session", "Cookie"])
        #expect(record.auth == .bearer)
        #expect(record.fixtureOptions.fixtures == "F")
        #expect(record.connection.baseURL == "http://127.0.0.1:1")
    }

    @Test func driftTakesItsFlags() throws {
        let plain = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift"])
        #expect(plain.report == nil && plain.outputs.summary == nil && plain.outputs.json == nil)
        #expect(plain.outputs.failOn == nil && plain.auth == .both)
        let drift = try parseCommand(DriftCommand.self, root: FSQContract.self, [
            "drift", "--base-url", "http://127.0.0.1:1", "--report", "d.xml", "--summary", "d.md", "--json", "d.json",
            "--fail-on", "warn", "--auth", "apiKey",
        ])
        #expect(drift.report == "d.xml" && drift.outputs.summary == "d.md" && drift.outputs.json == "d.json")
        #expect(drift.outputs.failOn == .warn && drift.auth == .apiKey)
    }

    @Test func mergeAndValidateReportTakeTheirArguments() throws {
        let merge = try parseCommand(MergeCommand.self, root: FSQContract.self, ["merge", "-o", "all.xml", "a.xml", "b.xml"])
        #expect(merge.output == "all.xml" && merge.reports == ["a.xml", "b.xml"] && merge.name == "fsq-contract")
        let validate = try parseCommand(ValidateReportCommand.self, root: FSQContract.self,
                                        ["validate-report", "r.xml", "--schema", "s.xsd"])
        #expect(validate.file == "r.xml" && validate.schema == "s.xsd")
    }

    /// The first line is what fsq-contract prints before exiting 2: it must name the flag and the value.
    /// (`--shard` is checked when the command runs, so its message can say what a valid value looks like;
    /// RunCommandTests covers it.)
    @Test(arguments: [
        (["run", "--auth", "basic"], ["--auth", "basic"]),
        (["run", "--timeout", "soon"], ["--timeout", "soon"]),
        (["run", "--concurrency", "many"], ["--concurrency", "many"]),
        (["run", "--fixture-header", "sometimes"], ["--fixture-header", "sometimes"]),
        (["run", "--report"], ["--report"]),
        (["run", "--verbose"], ["--verbose"]),
        (["record", "--mode", "sometimes"], ["--mode", "sometimes"]),
        (["record", "--auth", "basic"], ["--auth", "basic"]),
        (["drift", "--fail-on", "info"], ["--fail-on", "info"]),
        (["merge", "a.xml"], ["--output"]),
        (["merge", "--output", "all.xml"], ["REPORT"]),
        (["validate-report"], ["<file>"]),
        (["frobnicate"], ["frobnicate"]),
    ])
    func aBadCommandLineIsNamed(arguments: [String], named: [String]) throws {
        let failure = try #require(parseFailure(root: FSQContract.self, arguments))
        for word in named {
            #expect(failure.firstLine.contains(word), "\(arguments): \(failure)")
        }
        #expect(failure.exitCode == ExitCode.validationFailure.rawValue)
    }
}
