import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// Limits on what a live server may send back.
package struct LiveLimitFlags: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "Largest response body a live call accepts, in bytes (default 16 MB); a larger one is an error that gives its size.")
    package var maxBody: Int?
}
