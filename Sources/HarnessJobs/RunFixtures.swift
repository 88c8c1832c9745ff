import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// The fixtures one run goes over.
package struct RunFixtures {
    /// The files, in run order: the shard's share of those `--filter` selects.
    package var files: DiscoveredFiles
    /// For `--live`, the selected contracts' fixtures, loaded ahead to count the calls and probe for stale ones.
    package var loaded: [LoadedFixture]
    /// The files already parsed, in run order, when the run had to read them before it ran (a live run, replay's
    /// `--api-version` check, the fixtures' ages); the run goes over these instead of reading the files again.
    package var parsed: [LoadedFixture]? = nil
    /// When discovery began, for `--timings` and the report line.
    package var discoverStart: ContinuousClock.Instant
}
