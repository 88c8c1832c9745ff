import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// A verb that reads fixtures and may call a server: run, record and drift.
package protocol FixtureVerb {
    var fixtureOptions: FixtureOptions { get set }
    var connection: ConnectionFlags { get set }
}

extension FixtureVerb {
    /// What every fixture verb resolves first, in this order: the project file (see `FixtureOptions.adopt()`),
    /// which for a verb that calls a server also fills in the connection flags not given, and the contracts to run.
    package mutating func scope(live: Bool) throws(UsageFailure) -> (project: ProjectFile, selection: ContractSelection) {
        let project = try fixtureOptions.adopt()
        if live { connection.adopt(project) }
        return (project, try fixtureOptions.selection(project: project, live: live))
    }
}

extension RunCommand: FixtureVerb {}
extension RecordCommand: FixtureVerb {}
extension DriftCommand: FixtureVerb {}
extension NightlyCommand: FixtureVerb {}
