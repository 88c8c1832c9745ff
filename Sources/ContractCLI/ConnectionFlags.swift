import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// Flags for verbs that call a server: run --live, record and drift.
package struct ConnectionFlags: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "The server to call: the API, or fsq-contract serve on loopback (default: the project file's \"baseURL\").")
    package var baseURL: String?

    @Option(name: .long, help: ArgumentHelp("A PEM file of CA certificates to trust as well as the system's (or SSL_CERT_FILE's), such as a company's TLS-inspecting proxy's CA (default: the project file's \"caFile\").", valueName: "file"))
    package var caFile: String?

    @Option(name: .long, help: "Operations live calls may send as recorded, for a sandbox account: an id or path (geotagging-confirm, offline-jobs/initialize), repeatable or comma-separated. Without it suggestions go as dry runs and writes with no dry run are skipped (default: the project file's \"allowWrites\").")
    package var allowWrites: [String] = []

    @Option(name: .long, help: "Requests in flight at once.")
    package var concurrency: Int = 4

    @Option(name: .long, help: "Per-request timeout in seconds (fractions allowed).")
    package var timeout: Double = 10

    @Option(name: .long, help: "Retries for 429, 5xx and transport errors, with backoff that honours Retry-After.")
    package var retries: Int = 2

    @Option(name: .long, help: "Whole-run deadline in seconds; unfinished cases become errors.")
    package var deadline: Double = 600

    @Option(name: .long, help: "Send X-Emulator-Fixture so the emulator serves each fixture's own response: auto (loopback only), always or never.")
    package var fixtureHeader: FixtureHeaderChoice = .auto

    @Option(name: .long, help: "Seed for retry jitter.")
    package var seed: UInt64 = 0

    /// The connection as the work takes it: these flags, with the project file's base URL, CA file and
    /// `allowWrites` where `--base-url`, `--ca-file` or `--allow-writes` was not given, its `outsidePlan`, and
    /// `--max-body`.
    package func resolved(project: ProjectFile, limits: LiveLimitFlags) -> ConnectionSettings {
        var settings = ConnectionSettings()
        settings.baseURL = baseURL ?? project.baseURL
        settings.caFile = caFile ?? project.caFile
        settings.allowWrites = allowWrites.isEmpty ? project.allowWrites : allowWrites
        settings.outsidePlan = project.outsidePlan
        settings.concurrency = concurrency
        settings.timeout = timeout
        settings.retries = retries
        settings.deadline = deadline
        settings.fixtureHeader = fixtureHeader
        settings.seed = seed
        settings.maxBody = limits.maxBody
        return settings
    }
}

extension LiveSettings {
    /// A live verb's settings from its flag groups, with the project file's values where a flag was not given.
    package init(project: ProjectFile, connection: ConnectionFlags, limits: LiveLimitFlags, budget: LiveBudgetFlags, auth: AuthSettings,
                 ifNoKey: IfNoKey?) {
        self.init(connection: connection.resolved(project: project, limits: limits), budget: budget.resolved, auth: auth, ifNoKey: ifNoKey)
    }
}
