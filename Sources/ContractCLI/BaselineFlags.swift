import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation

/// `--baseline FILE`, `--update-baseline` and `--baseline-expires`: known findings with a reason and an end date.
package struct BaselineFlags: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "A baseline of known findings (fingerprint, reason, expires YYYY-MM-DD or never): a known finding is listed and does not fail until its entry expires. Default: the project file's \"baseline\".")
    package var baseline: String?

    @Flag(name: .long, help: "Write the baseline from this run: add its findings (give each a reason), keep known ones, and remove fixed entries of the operations the run covered. Creates the file if it does not exist.")
    package var updateBaseline = false

    @Option(name: .long, help: ArgumentHelp("With --update-baseline, write a change that every operation shows in the same way (as the line that held it back names it, e.g. 'drift status status'); without it such a change is not written: it is the whole API's, or something other than the API answered.", valueName: "change"))
    package var acceptUniformChange: [String] = []

    @Option(name: .long, help: "When the entries --update-baseline adds expire: a number of days, a YYYY-MM-DD date, or never (a flaw accepted for the life of a document version). Default: \(Baseline.defaultExpiryDays) days.")
    package var baselineExpires: String?

    package func validate() throws {
        if !acceptUniformChange.isEmpty, !updateBaseline {
            throw ValidationError("--accept-uniform-change applies to the entries --update-baseline writes; pass both")
        }
        if let baselineExpires {
            guard Baseline.expiry(parsing: baselineExpires) != nil else {
                throw ValidationError("--baseline-expires '\(baselineExpires)' is not a number of days, a YYYY-MM-DD date or never")
            }
            guard updateBaseline else { throw ValidationError("--baseline-expires applies to the entries --update-baseline adds; pass both") }
            // A date already past would write entries that fail the very night that accepts them.
            if Baseline.isDate(baselineExpires), baselineExpires < Baseline.day() {
                throw ValidationError("--baseline-expires \(baselineExpires): that date has passed (today is \(Baseline.day())); "
                                      + "give a later date, a number of days, or never")
            }
        }
    }

    /// The baseline as the work takes it.
    package var resolved: BaselineSettings {
        BaselineSettings(baseline: baseline, updateBaseline: updateBaseline, acceptUniformChange: acceptUniformChange,
                         baselineExpires: baselineExpires)
    }
}
