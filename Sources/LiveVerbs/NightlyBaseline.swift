import HarnessJobs
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessProject
import Foundation

/// The nightly's one baseline: drift's pass and the live checks judge the same file, and the night writes it once,
/// from what both found. An entry is fixed only when its operation was answered and its finding recurred in
/// neither pass; `--update-baseline` adds the findings of both.
package final class NightlyBaseline {
    /// The file as the night read it.
    package let file: (path: String, baseline: Baseline)
    /// `--update-baseline`, and the `expires` its new entries get.
    package let update: Bool
    package let expires: String
    /// `--accept-uniform-change`: changes every operation shows in the same way that the night may write.
    package var acceptingUniform: [String] = []
    /// The changes every operation showed in the same way that `--update-baseline` held back: the night that
    /// meant to accept its findings did not accept these, so it is red.
    package private(set) var heldUniform: [String] = []
    /// Drift's judging, against the file.
    package let drift: BaselineUse
    /// What the live checks judge against: the file, or with `--update-baseline` the file with drift's findings
    /// added (so the night that accepts them is green on both passes).
    private(set) var forLive: Baseline
    /// The live checks' judging, once they ran.
    package var live: BaselineUse?
    /// Why the night writes no baseline though `--update-baseline` asked: some of its cases could not be judged
    /// (a 5xx or 429 after the retries), so what they would add or fix is unknown.
    package var held: String?

    package init(file: (path: String, baseline: Baseline), update: Bool, expires: String) {
        self.file = file
        self.update = update
        self.expires = expires
        drift = BaselineUse(file.baseline)
        forLive = file.baseline
    }

    /// With `--update-baseline`, the file with drift's findings added and nothing removed (the live checks have not
    /// judged yet), for re-grading drift's cases and for the live checks; nil without it.
    package func afterDrift() -> Baseline? {
        guard update, held == nil else { return nil }
        forLive = file.baseline.updated(findings: drift.findings, covered: [], expires: expires)
        return forLive
    }

    /// Both passes' judging, over the file as read.
    package var night: BaselineUse {
        let night = BaselineUse(file.baseline)
        night.absorb(drift)
        if let live { night.absorb(live) }
        return night
    }

    /// The night's lines, then with `--update-baseline` the file written once from both passes.
    package func finish() throws -> [String] {
        let night = self.night
        if held != nil { night.hold() }
        var lines = night.lines(path: file.path)
        if update, held != nil {
            lines.append(Self.notWritten(file.path))
        } else if update {
            let (updated, held) = try BaselineSettings.update(file, from: night, expires: expires, accepting: acceptingUniform)
            lines += held
            heldUniform = held
            let added = updated.entries.filter { file.baseline.entry($0.fingerprint) == nil }.count
            lines.append("baseline \(file.path) written once for the night (drift and the live checks): \(updated.entries.count) entries "
                         + "(\(added) new, \(night.fixed.count) fixed removed); give each new entry its reason and review the dates")
        }
        return lines
    }

    /// The line of a baseline `--update-baseline` asked for but a night that could not judge every case leaves as
    /// it was.
    package static func notWritten(_ path: String) -> String {
        "baseline \(path) not written: some cases could not be judged (the server's trouble, below), so the file is as it was; "
            + "run --update-baseline again on a night that judges every case"
    }
}
