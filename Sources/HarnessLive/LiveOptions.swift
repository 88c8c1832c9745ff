import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces
import HarnessCore

/// Settings for calling a real server (the API or the emulator).
package struct LiveOptions: Sendable {
    package var baseURL: URL
    /// From `FSQ_API_KEY`; nil means every live case is skipped.
    package var key: APIKey?
    package var authStyles: [AuthStyle]
    /// `--api-version`, or its default: the version every bearer call sends when `versionByContract` is false, and
    /// a call under a contract that fixes none (seed) otherwise.
    package var apiVersion: String
    /// Whether a call under a dated contract sends its contract's version rather than `apiVersion` (true unless
    /// `--api-version` was given): a run over two dated versions' fixtures sends each its own, as their server wants.
    package var versionByContract = true
    package var concurrency: Int
    /// Per-request deadline in seconds.
    package var timeout: Double
    /// Extra attempts for 429, 5xx and transport errors the fixture does not expect.
    package var retries: Int
    /// Longest single backoff, in seconds.
    package var maxBackoff: Double
    /// Whole-run deadline in seconds: cases not finished by then become errors.
    package var deadline: Double
    /// What the identifying call took of `deadline`, in seconds.
    package var deadlineSpentIdentifying = 0.0
    /// `--deadline` as the user gave it: lines quote it, though the identifying call spends part of `deadline`.
    package var deadlineAsGiven: Double { deadline + deadlineSpentIdentifying }

    /// The run's deadline, `deadline` seconds after `start`; its lines quote `deadlineAsGiven`.
    package func runDeadline(from start: ContinuousClock.Instant = .now) -> RunDeadline {
        RunDeadline(seconds: deadline, from: start, asGiven: deadlineAsGiven)
    }
    /// Send `X-Emulator-Fixture: <path>` so the emulator answers with that fixture's response.
    package var selectFixtureHeader: Bool
    /// Seed for retry jitter.
    package var seed: UInt64
    /// Largest response body a live call accepts, in bytes (`--max-body`).
    package var maxBody = LiveStack.defaultMaxBody
    /// The HTTP stack for the calls (main's, with the Live trait); nil makes no call: each one fails.
    package var stack: (any LiveHTTPStack)?
    /// Most requests in any one-second window (`--rate-limit`); nil paces only on `X-RateLimit-Remaining`.
    package var rateLimit: Int?
    /// Most requests the run may send, retries included (`--max-calls`); nil for no budget.
    package var maxCalls: Int?
    /// Which writes may be sent, and how (`--allow-writes`): suggestions as dry runs, other writes not at all.
    package var writes = WritePolicy()
    /// Operations the key's plan does not include (`outsidePlan` in the project file): not called, listed as not checked.
    package var outsidePlan: Set<String> = []
    /// Every write this run sent, for the terminal and the report.
    package var writeLog = WriteLog()
    /// `--strict`: a documented rule the server does not keep fails instead of warning.
    package var strict = false
    /// Set when an identifying call found the server is not the emulator (`EmulatorProbe`): the skip of an answer
    /// only the emulator gives says so.
    package var notTheEmulator = false

    package init(
        baseURL: URL, key: APIKey?, authStyles: [AuthStyle] = AuthStyle.allCases,
        apiVersion: String = FoursquareClient.defaultAPIVersion, concurrency: Int = 4, timeout: Double = 10,
        retries: Int = 2, maxBackoff: Double = 5, deadline: Double = 300, selectFixtureHeader: Bool = false,
        seed: UInt64 = 0
    ) {
        self.baseURL = baseURL
        self.key = key
        self.authStyles = authStyles
        self.apiVersion = apiVersion
        self.concurrency = max(1, concurrency)
        self.timeout = timeout
        self.retries = max(0, retries)
        self.maxBackoff = maxBackoff
        self.deadline = deadline
        self.selectFixtureHeader = selectFixtureHeader
        self.seed = seed
    }

    /// The `X-Places-Api-Version` a bearer call under `contract` sends: the only place a live verb picks it.
    package func apiVersion(for contract: ContractID) -> String {
        versionByContract ? contract.fixedAPIVersion ?? apiVersion : apiVersion
    }

    /// True for 127.0.0.0/8, localhost and ::1, where the emulator runs.
    package static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        return host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}
