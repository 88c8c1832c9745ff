/// The lowest drift grade that fails a run, as `--fail-on` and the project file's `drift.failOn` name it: only
/// `err` and `warn` (an INFO change never fails).
package enum DriftFailOn: String, Sendable, Hashable, CaseIterable {
    case err, warn
}
