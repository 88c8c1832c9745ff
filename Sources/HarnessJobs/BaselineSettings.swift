import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation

/// Known findings with a reason and an end date: the baseline file a live verb judges against, and how
/// `--update-baseline` writes it.
package struct BaselineSettings: Sendable {
    /// `--baseline`: the file; nil for the project file's.
    package var baseline: String?
    /// `--update-baseline`: write the file from this run.
    package var updateBaseline = false
    /// `--accept-uniform-change`: changes every operation shows alike that `--update-baseline` may write.
    package var acceptUniformChange: [String] = []
    /// `--baseline-expires`: when new entries expire (days, a date or never); nil for the default.
    package var baselineExpires: String?

    /// No baseline but the project file's.
    package init(baseline: String? = nil, updateBaseline: Bool = false, acceptUniformChange: [String] = [], baselineExpires: String? = nil) {
        self.baseline = baseline
        self.updateBaseline = updateBaseline
        self.acceptUniformChange = acceptUniformChange
        self.baselineExpires = baselineExpires
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
