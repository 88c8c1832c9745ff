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
    package let fixtures: FixtureFolder
    /// `--auth` and `--api-version`.
    package let auth: AuthSettings
    /// The JUnit report's optional attributes.
    package let junitShape: JUnitShape
    package let humanReports: HumanReports
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

    /// A run resolved by its parts: the CLI makes one from run's flags, the nightly from its own request and session.
    package init(fixtures: FixtureFolder, auth: AuthSettings, junitShape: JUnitShape, humanReports: HumanReports,
                 live: Bool, timings: Bool = false, project: ProjectFile, report: String, reportDir: String?, selection: ContractSelection,
                 shard: Shard? = nil, shardText: String? = nil, livePass: (any LivePass)?, document: DocumentCheck?) {
        self.fixtures = fixtures
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

    /// Discovers the files (the shard's share) and checks them before the first call: a live run's budget
    /// (`--dry-run` prints the count and ends the run here), replay's `--api-version` against the fixtures.
    package func discover() async throws -> RunFixtures {
        let discoverStart = ContinuousClock.now
        var files = try fixtures.discover()
        if let shard {
            let all = files.count
            files = shard.select(files)
            if files.isEmpty { throw UsageFailure(Selection.emptyShard(shardText ?? "", fixtures: all)) }
        }
        var loaded: [LoadedFixture] = []
        // The files a run must read before it runs (a live run's count and probe, replay's --api-version check, the
        // fixtures' ages): each is parsed here once, and the run goes over what was parsed, not the files again.
        var parsed: [LoadedFixture]?
        if let livePass {
            let all = files.map(fixtures.loader.load)
            // Said from the files this run read once, not from a second walk of the folder.
            if !livePass.followsDrift, let line = fixtures.leftOutLine(selection, loaded: all) { print(line) }
            // The run goes over the selected contracts' files (and broken ones, which it reports): the progress
            // line counts those, not every file found. Synthesized and published fixtures are replay's: a live run
            // has no recording of this API to compare them with.
            let kept = all.filter { item in
                if case let .fixture(fixture) = item { return selection.includes(contract: fixture.contract) && !fixture.isReplayOnly }
                return true
            }
            loaded = kept.filter { if case .fixture = $0 { true } else { false } }
            let keptPaths = Set(kept.map(\.relativePath))
            files = files.filter { keptPaths.contains($0.relativePath) }
            parsed = kept
            // Before a live run relies on `X-Emulator-Fixture`, and once the files are read (a usage error makes no
            // call): one identifying call learns whether the server is the emulator; if not, the run calls it as the
            // API (no fixture header, no call for an answer no request provokes), and the budget counts those calls.
            await livePass.identifyServer()
            try await livePass.gate(loaded)
        } else if auth.apiVersion != nil || project.fixtureMaxAgeDays != nil {
            parsed = files.map(fixtures.loader.load)
        }
        if !live, let apiVersion = auth.apiVersion, let parsed {
            let selected = parsed.compactMap { item -> Fixture? in
                if case let .fixture(fixture) = item, selection.includes(contract: fixture.contract) { return fixture }
                return nil
            }
            if let problem = Selection.apiVersionProblem(apiVersion, styles: auth.styles, fixtures: selected) { throw UsageFailure(problem) }
        }
        return RunFixtures(files: files, loaded: loaded, parsed: parsed, discoverStart: discoverStart)
    }
}
