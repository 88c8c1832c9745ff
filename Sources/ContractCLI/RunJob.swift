import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract run` resolved before any fixture is read: the project file, where the report goes, the contracts
/// and the shard, for `--live` the live setup and the baseline, and the OpenAPI check.
package struct RunJob {
    /// The fixtures folder (the project file's when `--fixtures` was not given) and its filters.
    package let fixtureOptions: FixtureOptions
    /// `--auth` and `--api-version`.
    package let auth: AuthFlags
    /// The JUnit report's optional attributes.
    package let junitShape: JUnitShapeFlags
    package let humanReports: HumanReportFlags
    /// `--live`: the server is called (through `livePass`) instead of replayed.
    package let live: Bool
    /// `--timings`.
    package let timings: Bool
    package let project: ProjectFile
    package let report: String
    package let reportDir: String?
    package let selection: ContractSelection
    package let shard: Shard?
    /// `--shard` as given, for messages.
    package let shardText: String?
    /// `--live`'s pass (the Live trait's: its session, calls and baseline); nil in replay.
    package let livePass: (any LivePass)?
    package let document: DocumentCheck?

    /// A run resolved by its parts; `resolve` makes one from run's flags, the nightly from its own groups and session.
    package init(fixtureOptions: FixtureOptions, auth: AuthFlags, junitShape: JUnitShapeFlags, humanReports: HumanReportFlags,
                 live: Bool, timings: Bool = false, project: ProjectFile, report: String, reportDir: String?, selection: ContractSelection,
                 shard: Shard? = nil, shardText: String? = nil, livePass: (any LivePass)?, document: DocumentCheck?) {
        self.fixtureOptions = fixtureOptions
        self.auth = auth
        self.junitShape = junitShape
        self.humanReports = humanReports
        self.live = live
        self.timings = timings
        self.shardText = shardText
        self.project = project
        self.report = report
        self.reportDir = reportDir
        self.selection = selection
        self.shard = shard
        self.livePass = livePass
        self.document = document
    }

    /// The report's `mode` property.
    package var mode: String { live ? "live" : "replay" }

    /// Resolves the flags against the project file, or throws a one-line `UsageFailure` naming the flag or file.
    /// A live run prints the contracts it leaves out.
    package static func resolve(_ command: RunCommand, _ collaborators: Collaborators) throws -> RunJob {
        var command = command
        let live = command.live
        let shard = try command.shard.map { (text) throws(UsageFailure) in try Shard(parsing: text) }
        let (project, selection) = try command.scope(live: live)
        let (report, reportDir) = command.reportPaths(project)
        if let contract = selection.single, let problem = Selection.authProblem(command.auth.styles, contract: contract) { throw UsageFailure(problem) }
        var livePass: (any LivePass)?
        if live {
            guard command.connection.baseURL != nil else {
                throw UsageFailure("--live needs --base-url: the API (https://places-api.foursquare.com) or fsq-contract serve's URL")
            }
            livePass = try collaborators.liveVerbs.needed(for: "run --live", trait: "Live").livePass(command, project: project, selection: selection)
        }
        if !live {
            do { _ = try CoverageCheck.minimumFromEnvironment() } catch { throw UsageFailure(error.description) }
        }
        let document = try command.openapi.check(verb: "fsq-contract run", project: project, loader: collaborators.documentLoader)
        return RunJob(fixtureOptions: command.fixtureOptions, auth: command.authFlags, junitShape: command.junitShape,
                      humanReports: command.humanReports, live: live, timings: command.timings, project: project, report: report,
                      reportDir: reportDir, selection: selection, shard: shard, shardText: command.shard, livePass: livePass, document: document)
    }

    /// Discovers the files (the shard's share) and checks them before the first call: a live run's budget
    /// (`--dry-run` prints the count and ends the run here), replay's `--api-version` against the fixtures.
    package func discover() async throws -> RunFixtures {
        let discoverStart = ContinuousClock.now
        var files = try fixtureOptions.discover()
        if let shard {
            let all = files.count
            files = shard.select(files)
            if files.isEmpty { throw UsageFailure(Selection.emptyShard(shardText ?? "", fixtures: all)) }
        }
        var loaded: [LoadedFixture] = []
        if let livePass {
            let all = files.map(fixtureOptions.loader.load)
            // Said from the files this run read once, not from a second walk of the folder.
            if !livePass.followsDrift, let line = fixtureOptions.leftOutLine(selection, loaded: all) { print(line) }
            // Synthesized and published fixtures are replay's: a live run has no recording of this API to compare them with.
            loaded = all.filter { item in
                if case let .fixture(fixture) = item { return selection.includes(contract: fixture.contract) && !fixture.isReplayOnly }
                return false
            }
            // The run goes over the selected contracts' files (and broken ones, which it reports): the progress
            // line counts those, not every file found.
            var kept: Set<String> = []
            for item in all {
                switch item {
                case let .fixture(fixture):
                    if selection.includes(contract: fixture.contract), !fixture.isReplayOnly { kept.insert(item.relativePath) }
                case .broken: kept.insert(item.relativePath)
                }
            }
            files = files.filter { kept.contains($0.relativePath) }
            // Before a live run relies on `X-Emulator-Fixture`, and once the files are read (a usage error makes no
            // call): one identifying call learns whether the server is the emulator; if not, the run calls it as the
            // API (no fixture header, no call for an answer no request provokes), and the budget counts those calls.
            await livePass.identifyServer()
            try await livePass.gate(loaded)
        }
        if !live, let apiVersion = auth.apiVersion {
            let fixtures = files.map(fixtureOptions.loader.load).compactMap { item -> Fixture? in
                if case let .fixture(fixture) = item, selection.includes(contract: fixture.contract) { return fixture }
                return nil
            }
            if let problem = Selection.apiVersionProblem(apiVersion, styles: auth.choice.styles, fixtures: fixtures) { throw UsageFailure(problem) }
        }
        return RunFixtures(files: files, loaded: loaded, discoverStart: discoverStart)
    }
}
