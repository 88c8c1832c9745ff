import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// When to send `X-Emulator-Fixture`.
package enum FixtureHeaderChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}
