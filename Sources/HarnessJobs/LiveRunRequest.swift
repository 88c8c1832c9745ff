import FoursquarePlaces
import HarnessCore
import HarnessProject

/// `run --live`'s pass, resolved from the flags and the project file: what its session, budget and baseline need.
package struct LiveRunRequest: Sendable {
    package var project: ProjectFile
    /// The contracts the run calls.
    package var selection: ContractSelection
    package var live: LiveSettings
    package var baseline: BaselineSettings
    /// `--strict`: a documented rule the server did not keep fails instead of warning.
    package var strict: Bool

    /// The request from its parts.
    package init(project: ProjectFile, selection: ContractSelection, live: LiveSettings, baseline: BaselineSettings, strict: Bool) {
        self.project = project
        self.selection = selection
        self.live = live
        self.baseline = baseline
        self.strict = strict
    }
}
