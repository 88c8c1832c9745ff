import ArgumentParser
import HarnessCore
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

    /// The fixtures with their place id replaced; refuses a selection holding a fixture whose endpoint takes none.
    package func apply(to fixtures: [LoadedFixture]) throws -> [LoadedFixture] {
        guard let placeID else { return fixtures }
        return try fixtures.map { item in
            guard case let .fixture(fixture) = item else { return item }
            guard let replaced = StaleFixture.replacingPlaceID(fixture, with: placeID) else {
                throw UsageFailure("--place-id \(placeID): \(fixture.relativePath) (\(fixture.endpoint.rawValue)) takes no place id, "
                                   + "or the id is not one a path can carry; pick the stale fixture with --filter")
            }
            return .fixture(replaced)
        }
    }
}
