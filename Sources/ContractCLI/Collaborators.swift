import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation

/// What the traits built into `fsq-contract` give its verbs, filled in by `main` and passed down as a value.
///
/// Each heavy stack is a package trait (`Live`, `OpenAPI`, `Emulator`), so the main job (`--traits Harness`)
/// builds none of them, nor the live, drift, record and nightly modules; a verb whose collaborator is nil exits 2 naming the build that has it (`MissingTrait`).
package struct Collaborators: Sendable {
    /// `run --live`, `drift`, `record`, `nightly` and `fixtures` (trait `Live`): the live verbs' work, over the bounded
    /// HTTP stack (AsyncHTTPClient).
    package var liveVerbs: (any LiveVerbWork)?
    /// `--openapi` on any verb (trait `OpenAPI`): parses the provider's documents (OpenAPIKit, Yams).
    package var documentLoader: (any DocumentOracleLoader)?
    /// `spec-diff` (trait `OpenAPI`).
    package var specDiffer: (any SpecDiffing)?
    /// `fuzz` (trait `OpenAPI`).
    package var fuzzer: (any AnswerFuzzing)?
    /// `serve` (trait `Emulator`): runs the emulator in this process with these arguments until it stops.
    package var emulator: (@Sendable ([String]) async -> Void)?

    /// None: what a binary built with `--traits Harness` alone has.
    package init() {}
}

/// A verb that needs a collaborator: `FSQContract.main(with:)` runs it with main's value instead of `run()`.
package protocol CollaboratingCommand: ParsableCommand {
    mutating func run(with collaborators: Collaborators) async throws
}
