import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces
import JUnitXML

/// `fsq-contract run`: replay the fixtures (or call a server live) and write a JUnit report.
package struct RunCommand: AsyncParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay the fixtures through the typed client and write a JUnit report.",
        discussion: "Exit status: 0 all passed, 1 a check failed or a fixture is broken, 2 usage or configuration error.")

    @OptionGroup package var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "Where to write the JUnit XML report (default: the project file's \"report\", else Reports/junit.xml).")
    package var report: String?

    @Option(name: .long, help: "Auth styles to run: apiKey, bearer or both (each fixture runs only the styles its contract accepts).")
    package var auth: AuthChoice = .both

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style (default \(FoursquareClient.defaultAPIVersion)); in replay, only for fixtures recorded without a version of their own.")
    package var apiVersion: String?

    package var version: String { apiVersion ?? FoursquareClient.defaultAPIVersion }

    @Option(name: .long, help: "Also write one TEST-<suite>.xml per suite here (Ant's junitreport, Maven Surefire; default: the project file's \"reportDir\").")
    package var reportDir: String?

    @Flag(name: .long, help: "Add file= and line= to testcases (GitLab, CircleCI); the xUnit XSD rejects them.")
    package var junitFileAttributes = false

    @Flag(name: .long, help: "Put tests/failures/errors/time on <testsuites> (valid for Jenkins xUnit; the Ant schema rejects them).")
    package var junitRootTotals = false

    @Option(name: .long, parsing: .unconditional, help: "Run only shard I of N (1-based), e.g. 2/4, splitting the fixtures evenly.")
    package var shard: String?

    @Flag(name: .long, help: "Call the server given by --base-url instead of replaying (key from FSQ_API_KEY).")
    package var live = false

    @Option(name: .long, help: "Without FSQ_API_KEY: fail (exit 2, the default) or skip (report every live case as skipped). Also FSQ_IF_NO_KEY.")
    package var ifNoKey: IfNoKey?

    @Flag(name: .long, help: "Print the phase times on stderr as key=value seconds (fsq-bench replay reads them).")
    package var timings = false

    @Flag(name: .long, help: "With --live: a server that accepts a request a documented rule refuses (limit=51) fails the case instead of warning. An assumed rule is never a failure.")
    package var strict = false

    @OptionGroup(title: "Live calls") package var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") package var limits: LiveLimitFlags
    @OptionGroup(title: "Live calls") package var budget: LiveBudgetFlags
    @OptionGroup(title: "Known findings") package var baselineFlags: BaselineFlags
    @OptionGroup(title: "OpenAPI") package var openapi: OpenAPIFlags
    @OptionGroup(title: "Reports for people") package var humanReports: HumanReportFlags

    /// Flag combinations that mean nothing without `--live`, and a malformed `--shard`: refused before anything runs.
    package func validate() throws {
        if let shard {
            do throws(UsageFailure) { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) }
        }
        guard !live else { return }
        if connection.baseURL != nil {
            throw ValidationError("--base-url is only used with --live; add --live to call that server, or drop --base-url to replay")
        }
        if ifNoKey != nil { throw ValidationError("--if-no-key is only used with --live") }
        if strict { throw ValidationError("--strict is only used with --live: it judges what a live server accepts") }
        if budget.dryRun || budget.maxCalls != nil || budget.rateLimit != nil {
            throw ValidationError("--dry-run, --max-calls and --rate-limit are only used with --live; replay makes no call")
        }
        if baselineFlags.baseline != nil || baselineFlags.updateBaseline {
            throw ValidationError("--baseline and --update-baseline are only used with --live (and drift); a replay finding is the client's to fix")
        }
    }

    /// Where the report goes: the flags, else the project file, else `Reports/junit.xml`.
    package func reportPaths(_ project: ProjectFile?) -> (report: String, reportDir: String?) {
        (report ?? project?.report ?? "Reports/junit.xml", reportDir ?? project?.reportDir)
    }

    /// In process (tests): a binary with no trait beyond Harness.
    package mutating func run() async throws { try await run(with: Collaborators()) }

    /// Resolve the flags, discover the fixtures, run them, report: each step is `RunJob`'s.
    package mutating func run(with collaborators: Collaborators) async throws {
        var job = try RunJob.resolve(self, collaborators)
        await job.identifyServer()
        let outcome = await job.execute(try await job.discover())
        try job.report(outcome).exit()
    }

    /// The report stream, or one that only tallies when the file cannot be opened (the run still goes on).
    package func openReport(_ report: String, mode: String, baseURL: String, human: HumanReportCollector? = nil) -> ReportStream {
        let properties: [(String, String)] = [
            ("mode", mode),
            ("auth_styles", auth.styles.map(\.rawValue).joined(separator: ",")),
            ("base_url", baseURL),
            ("api_version", version),
            ("tool_version", ToolVersion.current),
            ("fixtures_folder", fixtureOptions.folder),
        ] + (fixtureOptions.contract.map { [("contract", $0)] } ?? [])
        let harness = HarnessReport(properties: properties,
                                    options: HarnessReport.writerOptions(fileAttributes: junitFileAttributes, rootTotals: junitRootTotals))
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: report, isDirectory: &isDirectory), isDirectory.boolValue {
            return ReportStream(report: harness, path: report, failure: "is a folder; give a file path such as \(report)/junit.xml",
                                jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtureOptions.folder), human: human)
        }
        do {
            return try ReportStream(report: harness, path: report, fixturesRoot: fixtureOptions.folder,
                                    jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtureOptions.folder), human: human)
        } catch {
            return ReportStream(report: harness, path: report, failure: ReportStream.describe(error),
                                jobPage: JobPageCollector(limit: 50, fixturesRoot: fixtureOptions.folder), human: human)
        }
    }
}

extension IfNoKey: ExpressibleByArgument {}
