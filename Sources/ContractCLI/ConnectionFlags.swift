import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces

/// Flags for verbs that call a server: run --live, record and drift.
struct ConnectionFlags: ParsableArguments {
    @Option(name: .long, help: "The server to call: the API, or fsq-contract serve on loopback (default: the project file's \"baseURL\").")
    var baseURL: String?

    /// Takes the project file's base URL unless `--base-url` was given.
    mutating func adopt(_ project: ProjectFile) {
        if baseURL == nil { baseURL = project.baseURL }
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

    /// The live options; `key` defaults to `FSQ_API_KEY` (nil when unset).
    func options(authStyles: [AuthStyle], apiVersion: String, key: APIKey?? = nil) throws -> LiveOptions {
        guard let baseURL else { throw UsageFailure("--base-url is required") }
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else {
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
        return LiveOptions(baseURL: url, key: key ?? APIKey.fromEnvironment(), authStyles: authStyles, apiVersion: apiVersion,
                           concurrency: concurrency, timeout: timeout, retries: retries, deadline: deadline,
                           selectFixtureHeader: selectFixture, seed: seed)
    }
}

/// When to send `X-Emulator-Fixture`.
enum FixtureHeaderChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
