import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// Flags shared by the verbs that read fixtures.
package struct FixtureOptions: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "The fixtures folder (default: the project file's \"fixtures\", else Fixtures).")
    package var fixtures: String?

    @Option(name: .long, help: "Only fixtures whose endpoint id or path matches this id or glob (e.g. place-*, chains/404*).")
    package var filter: String?

    @Option(name: .long, help: "Only fixtures of this contract (\(Contract.knownList), or all); default: replay runs all, each under its own; live verbs run the project file's liveContracts.")
    package var contract: String?

    @OptionGroup package var projectFlags: ProjectFlags

    /// The folder: `--fixtures`, else the project file's, else `Fixtures` (after `adopt()`).
    package var folder: String { fixtures ?? FixtureFolder.defaultFolder }

    /// Where `fixtures` came from when the project file gave it (`fsq-contract.json "fixtures"`), for messages;
    /// set by `adopt()`, never parsed: `CodingKeys` leaves it out, so it is no option, hidden or not.
    package var fixturesSource: String? = nil

    /// The parsed properties only.
    enum CodingKeys: String, CodingKey { case fixtures, filter, contract, projectFlags }

    /// The folder as the work takes it: resolved from the flags and (after `adopt()`) the project file.
    package var resolved: FixtureFolder {
        FixtureFolder(folder: folder, filter: filter, contract: contract, fixturesSource: fixturesSource)
    }

    /// Reads the project file and takes its fixtures folder unless `--fixtures` was given.
    package mutating func adopt() throws(UsageFailure) -> ProjectFile {
        let project = try projectFlags.load()
        if fixtures == nil, let folder = project.fixtures {
            fixtures = folder
            fixturesSource = "\(project.name) \"fixtures\":"
        }
        return project
    }

    /// The contracts to run: `--contract`, else for a live verb the project's `liveContracts`, else all.
    package func selection(project: ProjectFile, live: Bool) throws(UsageFailure) -> ContractSelection {
        do {
            return try ContractSelection(flag: contract, project: project, live: live)
        } catch {
            throw UsageFailure(error.description)
        }
    }
}
