import ArgumentParser
import HarnessCore
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

    /// The `expires` new entries get.
    package var newEntryExpiry: String { baselineExpires.flatMap { Baseline.expiry(parsing: $0) } ?? Baseline.day(Baseline.defaultExpiryDays) }

    /// The baseline file's path and contents, or nil when the run uses none. A file that does not exist is an error
    /// (a misspelt path would read as "no known findings") unless `--update-baseline` is to create it.
    package func load(project: ProjectFile) throws -> (path: String, baseline: Baseline)? {
        guard let path = baseline ?? project.baseline else {
            if updateBaseline { throw UsageFailure("--update-baseline needs a file: pass --baseline FILE or set \"baseline\" in the project file") }
            return nil
        }
        let source = baseline != nil ? "--baseline" : "\(project.name) \"baseline\""
        guard updateBaseline || FileManager.default.fileExists(atPath: path) else {
            throw UsageFailure("\(source) \(path): no such file; fix the path, or pass --update-baseline to create it from this run")
        }
        do {
            return (path, try Baseline.load(URL(fileURLWithPath: path)))
        } catch {
            throw UsageFailure("\(source) \(error)")
        }
    }

    /// Writes `baseline` updated from this run's findings (new findings added, expiring at `expires`; fixed entries
    /// of the operations the run covered removed) to its file, and returns it; a file that cannot be written is a
    /// usage error naming it.
    package static func update(_ baseline: (path: String, baseline: Baseline), from use: BaselineUse,
                       expires: String = Baseline.day(Baseline.defaultExpiryDays), accepting: [String] = []) throws -> (Baseline, held: [String]) {
        var findings = use.findings
        var held: [String] = []
        for (change, fingerprints) in baseline.baseline.uniformChanges(findings: findings, covered: use.answeredOperations)
            .sorted(by: { $0.key < $1.key }) where !accepting.contains(change) {
            findings.subtract(fingerprints)
            held.append(heldLine(change, operations: fingerprints.count))
        }
        let updated = baseline.baseline.updated(findings: findings, covered: use.coveredOperations, expires: expires)
        do {
            try updated.write(to: URL(fileURLWithPath: baseline.path))
        } catch {
            throw UsageFailure("--baseline \(baseline.path): cannot write it: \(error)")
        }
        return (updated, held)
    }

    /// The one line for a change every operation shows in the same way, which `--update-baseline` did not write.
    package static func heldLine(_ change: String, operations: Int) -> String {
        "baseline: not written: every operation (\(operations)) shows '\(change)' in the same way: the whole API changed or "
            + "something else answered; if the API did, --accept-uniform-change '\(change)'"
    }
}
