import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces
import JUnitXML

/// `fsq-contract run`: replay the fixtures (or call a server live) and write a JUnit report.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Replay the fixtures through the typed client and write a JUnit report.",
        discussion: "Exit status: 0 all passed, 1 a check failed or a fixture is broken, 2 usage or configuration error.")

    @OptionGroup var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "Where to write the JUnit XML report.")
    var report: String = "Reports/junit.xml"

    @Option(name: .long, help: "Auth styles to run: apiKey, bearer or both.")
    var auth: AuthChoice = .both

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style.")
    var apiVersion: String = FoursquareClient.defaultAPIVersion

    @Flag(name: .long, help: "Add file= and line= to testcases (GitLab, CircleCI); the xUnit XSD rejects them.")
    var junitFileAttributes = false

    @Flag(name: .long, help: "Put tests/failures/errors/time on <testsuites> (valid for Jenkins xUnit; the Ant schema rejects them).")
    var junitRootTotals = false

    @Option(name: .long, help: "Run only shard I of N (1-based), e.g. 2/4, splitting the fixtures evenly.")
    var shard: Shard?

    @Flag(name: .long, help: "Call a server through URLSession instead of replaying (key from FSQ_API_KEY).")
    var live = false

    @OptionGroup(title: "Live calls") var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") var limits: LiveLimitFlags

    func run() async throws {
        do {
            let loadStart = ContinuousClock.now
            var fixtures = try fixtureOptions.load()
            if let shard { fixtures = shard.select(fixtures) }
            let start = ContinuousClock.now
            let loadTime = (start - loadStart).seconds
            let results: [CaseResult]
            let mode: String
            let baseURL: String
            if live {
                var options = try connection.options(authStyles: auth.styles, apiVersion: apiVersion,
                                                     defaultBaseURL: FoursquareClient.defaultBaseURL.absoluteString)
                try limits.apply(to: &options)
                if options.key == nil {
                    writeStderr("fsq-contract run: FSQ_API_KEY is not set; live cases are reported as skipped")
                }
                results = await LiveRunner(options: options).run(fixtures, progress: Progress.reporter(label: "live"))
                (mode, baseURL) = ("live", options.baseURL.absoluteString)
            } else {
                results = await ReplayRunner(authStyles: auth.styles, apiVersion: apiVersion).run(fixtures)
                (mode, baseURL) = ("replay", "replay (in-process)")
            }
            let elapsed = (ContinuousClock.now - start).seconds
            let reportStart = ContinuousClock.now
            try writeReport(results, fixtures: fixtures, mode: mode, baseURL: baseURL)
            let reportTime = (ContinuousClock.now - reportStart).seconds
            print(Summary.render(results))
            print(String(format: "report: %@ (%d cases from %d fixtures; load %.2fs, %@ %.2fs, report %.2fs)",
                         report, results.count, fixtures.count, loadTime, mode, elapsed, reportTime))
            if results.contains(where: \.verdict.isProblem) { throw ExitCode(1) }
        } catch let failure as UsageFailure {
            writeStderr("fsq-contract run: \(failure)")
            throw ExitCode(2)
        }
    }

    func writeReport(_ results: [CaseResult], fixtures: [LoadedFixture], mode: String, baseURL: String) throws {
        var counts: [String: Int] = [:]
        for loaded in fixtures {
            switch loaded {
            case let .fixture(fixture): counts[fixture.endpoint.rawValue, default: 0] += 1
            case let .broken(_, hint, _): counts[hint, default: 0] += 1
            }
        }
        let properties: [(String, String)] = [
            ("mode", mode),
            ("auth_styles", auth.styles.map(\.rawValue).joined(separator: ",")),
            ("base_url", baseURL),
            ("api_version", apiVersion),
            ("tool_version", ToolVersion.current),
            ("fixtures_folder", fixtureOptions.fixtures),
        ]
        let report = HarnessReport(properties: properties, fixtureCounts: counts,
                                   options: HarnessReport.writerOptions(fileAttributes: junitFileAttributes, rootTotals: junitRootTotals))
        do {
            try report.write(results, to: self.report, fixturesRoot: fixtureOptions.fixtures)
        } catch {
            throw UsageFailure("--report \(self.report): cannot write the report: \(error)")
        }
    }
}

/// `I/N`: one slice of the fixtures, for splitting a run across CI jobs.
struct Shard: ExpressibleByArgument {
    let index: Int
    let count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

/// Flags for verbs that call a server: run --live, record and drift.
struct ConnectionFlags: ParsableArguments {
    @Option(name: .long, help: "The server to call: the API, or fsq-contract serve on loopback.")
    var baseURL: String?

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

    func options(authStyles: [AuthStyle], apiVersion: String, defaultBaseURL: String? = nil) throws -> LiveOptions {
        guard let baseURL = baseURL ?? defaultBaseURL else { throw UsageFailure("--base-url is required") }
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
        return LiveOptions(baseURL: url, key: APIKey.fromEnvironment(), authStyles: authStyles, apiVersion: apiVersion,
                           concurrency: concurrency, timeout: timeout, retries: retries, deadline: deadline,
                           selectFixtureHeader: selectFixture, seed: seed)
    }
}

/// When to send `X-Emulator-Fixture`.
enum FixtureHeaderChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// Progress for long live runs: a rewritten line on a terminal, plain lines every 10 % otherwise.
enum Progress {
    static func reporter(label: String) -> @Sendable (Int, Int, Int) -> Void {
        let interactive = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
        return { done, total, problems in
            if interactive {
                let end = done == total ? "\n" : ""
                FileHandle.standardError.write(Data("\r\(label): \(done)/\(total) done, \(problems) problems\(end)".utf8))
            } else {
                let step = max(1, total / 10)
                if done % step == 0 || done == total {
                    print("\(label): \(done)/\(total) done, \(problems) problems")
                }
            }
        }
    }
}
