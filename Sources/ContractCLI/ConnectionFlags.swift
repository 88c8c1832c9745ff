import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessNightly
import HarnessProject
import Foundation
import FoursquarePlaces

/// Flags for verbs that call a server: run --live, record and drift.
struct ConnectionFlags: ParsableArguments {
    @Option(name: .long, help: "The server to call: the API, or fsq-contract serve on loopback (default: the project file's \"baseURL\").")
    var baseURL: String?

    @Option(name: .long, help: ArgumentHelp("A PEM file of CA certificates to trust as well as the system's (or SSL_CERT_FILE's), such as a company's TLS-inspecting proxy's CA (default: the project file's \"caFile\").", valueName: "file"))
    var caFile: String?

    @Option(name: .long, help: "Operations live calls may send as recorded, for a sandbox account: an id or path (geotagging-confirm, offline-jobs/initialize), repeatable or comma-separated. Without it suggestions go as dry runs and writes with no dry run are skipped (default: the project file's \"allowWrites\").")
    var allowWrites: [String] = []

    /// Takes the project file's base URL, CA file and `allowWrites` unless `--base-url`, `--ca-file` or
    /// `--allow-writes` was given.
    mutating func adopt(_ project: ProjectFile) {
        if baseURL == nil { baseURL = project.baseURL }
        if caFile == nil { caFile = project.caFile }
        if allowWrites.isEmpty { allowWrites = project.allowWrites }
    }

    @Option(name: .long, help: "Requests in flight at once.")
    var concurrency: Int = 4

    @Option(name: .long, help: "Per-request timeout in seconds (fractions allowed).")
    var timeout: Double = 10

    @Option(name: .long, help: "Retries for 429, 5xx and transport errors, with backoff that honours Retry-After.")
    var retries: Int = 2

    @Option(name: .long, help: "Whole-run deadline in seconds; unfinished cases become errors.")
    var deadline: Double = 600

    @Option(name: .long, help: "Send X-Emulator-Fixture so the emulator serves each fixture's own response: auto (loopback only), always or never.")
    var fixtureHeader: FixtureHeaderChoice = .auto

    @Option(name: .long, help: "Seed for retry jitter.")
    var seed: UInt64 = 0

    /// The live options over `stack` (main's, nil without the Live trait); `key` defaults to `FSQ_API_KEY` (nil
    /// when unset).
    func options(authStyles: [AuthStyle], apiVersion: String, key: APIKey?? = nil, stack: (any LiveHTTPStack)?) throws -> LiveOptions {
        guard let baseURL else { throw UsageFailure("--base-url is required") }
        guard let url = LiveOptions.baseURL(parsing: baseURL) else {
            throw UsageFailure("--base-url '\(baseURL)' is not an http(s) URL with a host")
        }
        guard concurrency >= 1 else { throw UsageFailure("--concurrency \(concurrency): must be at least 1") }
        guard timeout > 0, timeout.isFinite else { throw UsageFailure("--timeout \(timeout): must be a positive number of seconds") }
        guard retries >= 0 else { throw UsageFailure("--retries \(retries): must be 0 or more") }
        guard deadline > 0, deadline.isFinite else { throw UsageFailure("--deadline \(deadline): must be a positive number of seconds") }
        let selectFixture: Bool
        switch fixtureHeader {
        case .auto: selectFixture = LiveOptions.isLoopback(url)
        case .always: selectFixture = true
        case .never: selectFixture = false
        }
        let writes: WritePolicy
        do throws(WritePolicyError) { writes = try WritePolicy.parse(allowWrites) } catch {
            throw UsageFailure("--allow-writes: \(error.description)")
        }
        var options = LiveOptions(baseURL: url, key: key ?? APIKey.fromEnvironment(), authStyles: authStyles, apiVersion: apiVersion,
                                  concurrency: concurrency, timeout: timeout, retries: retries, deadline: deadline,
                                  selectFixtureHeader: selectFixture, seed: seed)
        options.writes = writes
        options.stack = try configuredStack(stack)
        return options
    }

    /// The live stack with the trust and proxies of `--ca-file` and the environment (`SSL_CERT_FILE`,
    /// `HTTPS_PROXY`, …), checked before any call; nil without a stack (a binary built without the Live trait).
    func configuredStack(_ stack: (any LiveHTTPStack)?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (any LiveHTTPStack)? {
        do {
            let settings = try NetworkSettings(environment: environment, caFile: caFile)
            return try stack?.configured(settings)
        } catch let error as NetworkSettingsError {
            throw UsageFailure(error.description)
        }
    }
}

/// When to send `X-Emulator-Fixture`.
enum FixtureHeaderChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
