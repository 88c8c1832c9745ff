import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// `record --place-id`: re-records a stale fixture (its place id answers 404 while the endpoint answers others)
/// from the same request for a place that exists today.
package struct RerecordFlags: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "Record the selected fixtures (pick them with --filter) asking for this place id instead of the recorded one: the command drift and run --live print for a stale fixture.")
    package var placeID: String?
}
