import FoursquarePlaces
import HarnessCore

/// The server a live verb calls and how: `--base-url`, `--ca-file`, `--allow-writes`, the pace of the calls and the
/// fixture header, with the project file's values taken where a flag was not given.
package struct ConnectionSettings: Sendable {
    /// The server; nil when neither `--base-url` nor the project file names one.
    package var baseURL: String?
    /// A PEM file of CA certificates to trust as well.
    package var caFile: String?
    /// Operations live calls may send as recorded (`--allow-writes`, else the project file's `allowWrites`).
    package var allowWrites: [String] = []
    /// The project file's `outsidePlan`: operations the key's plan does not include.
    package var outsidePlan: [String] = []
    package var concurrency = 4
    /// Per-request timeout, in seconds.
    package var timeout = 10.0
    package var retries = 2
    /// Whole-run deadline, in seconds.
    package var deadline = 600.0
    package var fixtureHeader = FixtureHeaderChoice.auto
    /// Seed for retry jitter.
    package var seed: UInt64 = 0
    /// Largest response body a live call accepts, in bytes; nil for the live stack's default.
    package var maxBody: Int?

    /// The flags' defaults, and no server.
    package init() {}
}
