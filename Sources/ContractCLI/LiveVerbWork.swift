import FixtureFormat
import HarnessCore
import HarnessReports
import HarnessProject
import FoursquarePlaces

/// What the live verbs do once their flags are parsed: the Live trait's collaborator (`LiveVerbs`), which main passes
/// in. The verbs' flags stay here, so every build parses them, prints their help and, without the trait, names the
/// build that has it (`MissingTrait`); the work, and the live, drift, record and nightly modules, are not compiled
/// into the main job.
package protocol LiveVerbWork: Sendable {
    /// `run --live`'s pass over the fixtures, resolved from the flags and the project file: the session, the budget's
    /// count and gate, the calls, and what the run's ending adds.
    func livePass(_ command: RunCommand, project: ProjectFile, selection: ContractSelection) throws -> any LivePass
    /// `fsq-contract drift`.
    func drift(_ command: DriftCommand, collaborators: Collaborators) async throws
    /// `fsq-contract record`.
    func record(_ command: RecordCommand, collaborators: Collaborators) async throws
    /// `fsq-contract nightly`: drift's pass, then the live checks on the same answers.
    func nightly(_ command: NightlyCommand, collaborators: Collaborators) async throws
    /// `fsq-contract fixtures audit`: which fixtures hold recorded raw values.
    func audit(_ command: FixturesAuditCommand) throws
    /// `fsq-contract fixtures scrub`: record's synthesis applied in place.
    func scrub(_ command: FixturesScrubCommand) throws
}
