import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// A verb that reads fixtures and may call a server: run, record, drift and nightly.
package protocol FixtureVerb {
    var fixtureOptions: FixtureOptions { get }
}

extension FixtureVerb {
    /// What every fixture verb resolves first, once, in this order: the project file (see `FixtureOptions.adopt()`),
    /// the contracts to run, and the fixtures folder as the work takes it.
    package func scope(live: Bool) throws(UsageFailure) -> (project: ProjectFile, selection: ContractSelection, fixtures: FixtureFolder) {
        var options = fixtureOptions
        let project = try options.adopt()
        return (project, try options.selection(project: project, live: live), options.resolved)
    }
}

extension RunCommand: FixtureVerb {}
extension RecordCommand: FixtureVerb {}
extension DriftCommand: FixtureVerb {}
extension NightlyCommand: FixtureVerb {}
