import ArgumentParser
import ContractHarness
import Foundation

/// `--baseline FILE` and `--update-baseline`: known findings with a reason and an end date.
struct BaselineFlags: ParsableArguments {
    @Option(name: .long, help: "A baseline of known findings (fingerprint, reason, expires YYYY-MM-DD): a known finding is listed and does not fail until its entry expires. Default: the project file's \"baseline\".")
    var baseline: String?

    @Flag(name: .long, help: "Write the baseline from this run: add its findings (new entries expire in 30 days; give each a reason), keep known ones, and remove fixed entries of the operations the run covered.")
    var updateBaseline = false

    /// The baseline file's path and contents, or nil when the run uses none.
    func load(project: ProjectFile) throws -> (path: String, baseline: Baseline)? {
        guard let path = baseline ?? project.baseline else {
            if updateBaseline { throw UsageFailure("--update-baseline needs a file: pass --baseline FILE or set \"baseline\" in the project file") }
            return nil
        }
        do {
            return (path, try Baseline.load(URL(fileURLWithPath: path)))
        } catch {
            throw UsageFailure("--baseline \(error)")
        }
    }

    /// Writes `baseline` updated from this run's findings (new findings added, fixed entries of the operations the
    /// run covered removed) to its file, and returns it; a file that cannot be written is a usage error naming it.
    static func update(_ baseline: (path: String, baseline: Baseline), from use: BaselineUse) throws -> Baseline {
        let updated = baseline.baseline.updated(findings: use.findings, covered: use.coveredOperations)
        do {
            try updated.write(to: URL(fileURLWithPath: baseline.path))
        } catch {
            throw UsageFailure("--baseline \(baseline.path): cannot write it: \(error)")
        }
        return updated
    }
}
