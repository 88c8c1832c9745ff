import HarnessCore

/// What the live verbs do once the CLI has resolved their flags and the project file into plain values: the Live
/// trait's collaborator (`LiveVerbs`), which main passes in. The verbs' flags stay in the CLI, so every build parses
/// them, prints their help and, without the trait, names the build that has it; the work, and the live, drift, record
/// and nightly modules, are not compiled into the main job.
package protocol LiveVerbWork: Sendable {
    /// `run --live`'s pass over the fixtures: the session, the budget's count and gate, the calls, and what the run's
    /// ending adds.
    func livePass(_ request: LiveRunRequest) throws -> any LivePass
    /// `fsq-contract drift`.
    func drift(_ request: DriftRequest) async throws
    /// `fsq-contract record`.
    func record(_ request: RecordRequest) async throws
    /// `fsq-contract nightly`: drift's pass, then the live checks on the same answers.
    func nightly(_ request: NightlyRequest) async throws
    /// `fsq-contract fixtures audit`: which fixtures hold recorded raw values.
    func audit(_ request: FixturesRequest) throws
    /// `fsq-contract fixtures scrub`: record's synthesis applied in place; `check` writes nothing, `all` takes every
    /// fixture not yet synthetic.
    func scrub(_ request: FixturesRequest, check: Bool, all: Bool) throws
}
