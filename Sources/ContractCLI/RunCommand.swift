import ArgumentParser
import HarnessCore
import HarnessJobs
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
        discussion: """
            Coverage: the run prints how far its cases reach (members, statuses and header forms of every documented \
            operation) and lists the gaps in the report. The gaps fail the run only below the share the project file's \
            coverage.minimum asks for (the package's own file sets 100); with no project file they fail nothing.

            Exit status: 0 all passed, 1 a check failed or a fixture is broken, 2 usage or configuration error.
            """)

    @OptionGroup package var fixtureOptions: FixtureOptions

    @OptionGroup package var reportFlags: JUnitReportFlags
    @OptionGroup package var authFlags: AuthFlags

    @Option(name: .long, help: "Also write one TEST-<suite>.xml per suite here (Ant's junitreport, Maven Surefire; default: the project file's \"reportDir\").")
    package var reportDir: String?

    @OptionGroup package var junitShape: JUnitShapeFlags

    @Option(name: .long, parsing: .unconditional, help: "Run only shard I of N (1-based), e.g. 2/4, splitting the fixtures evenly.")
    package var shard: String?

    @Flag(name: .long, help: "Call the server given by --base-url instead of replaying (key from FSQ_API_KEY).")
    package var live = false

    @OptionGroup package var keyFlags: MissingKeyFlags

    @Flag(name: .long, help: "Print the phase times on stderr as key=value seconds (fsq-bench replay reads them).")
    package var timings = false

    @OptionGroup package var strictFlags: StrictFlags

    /// `--report`.
    package var report: String? { reportFlags.report }
    /// `--auth`, else both.
    package var auth: AuthChoice { authFlags.choice }
    /// `--api-version`.
    package var apiVersion: String? { authFlags.apiVersion }
    /// The bearer style's API version: `--api-version`, else the client's default.
    package var version: String { authFlags.version }
    /// `--if-no-key`.
    package var ifNoKey: IfNoKey? { keyFlags.ifNoKey }
    /// `--strict`.
    package var strict: Bool { strictFlags.strict }

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
        (reportFlags.runReport(project), reportDir ?? project?.reportDir)
    }

    /// In process (tests): a binary with no trait beyond Harness.
    package mutating func run() async throws { try await run(with: Collaborators()) }

    /// Resolve the flags, discover the fixtures, run them, report: each step after the first is `RunJob`'s.
    package mutating func run(with collaborators: Collaborators) async throws {
        let job = try job(collaborators)
        let outcome = await job.execute(try await job.discover())
        try job.report(outcome).exit()
    }

    /// The run as the work takes it: the flags resolved once against the project file, or a one-line `UsageFailure`
    /// naming the flag or file. A live run's pass is the Live trait's, which prints the contracts it leaves out.
    package func job(_ collaborators: Collaborators) throws -> RunJob {
        let shard = try self.shard.map { (text) throws(UsageFailure) in try Shard(parsing: text) }
        let (project, selection, fixtures) = try scope(live: live)
        let (report, reportDir) = reportPaths(project)
        let auth = authFlags.resolved
        if let contract = selection.single, let problem = Selection.authProblem(auth.styles, contract: contract) { throw UsageFailure(problem) }
        var livePass: (any LivePass)?
        if live {
            let settings = LiveSettings(project: project, connection: connection, limits: limits, budget: budget, auth: auth, ifNoKey: ifNoKey)
            guard settings.connection.baseURL != nil else {
                throw UsageFailure("--live needs --base-url: the API (https://places-api.foursquare.com) or fsq-contract serve's URL")
            }
            livePass = try collaborators.liveVerbs.needed(for: "run --live", trait: "Live")
                .livePass(LiveRunRequest(project: project, selection: selection, live: settings, baseline: baselineFlags.resolved, strict: strict))
        }
        if !live {
            do { _ = try CoverageCheck.minimumFromEnvironment() } catch { throw UsageFailure(error.description) }
        }
        let document = try openapi.check(verb: "fsq-contract run", project: project, loader: collaborators.documentLoader)
        return RunJob(fixtures: fixtures, auth: auth, junitShape: junitShape.resolved, humanReports: humanReports.resolved, live: live,
                      timings: timings, project: project, report: report, reportDir: reportDir, selection: selection, shard: shard,
                      shardText: self.shard, livePass: livePass, document: document)
    }
}

extension IfNoKey: ExpressibleByArgument {}
