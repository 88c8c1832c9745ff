import FoursquarePlaces
import HarnessCore
import HarnessProject

/// `fsq-contract fixtures audit` or `scrub`, resolved: the folder, its contracts and the project's policy.
package struct FixturesRequest: Sendable {
    package var project: ProjectFile
    package var selection: ContractSelection
    package var fixtures: FixtureFolder

    /// The request from its parts.
    package init(project: ProjectFile, selection: ContractSelection, fixtures: FixtureFolder) {
        self.project = project
        self.selection = selection
        self.fixtures = fixtures
    }
}
