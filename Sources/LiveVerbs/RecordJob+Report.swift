import HarnessJobs
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessProject
import Foundation
import FoursquarePlaces

extension RecordJob {
    /// What the recording did, the coverage it lost, and the written fixtures replayed with run's checks; returns the
    /// exit status (1 when a fixture was written, as a snapshot test in record mode, or when anything failed).
    package func report(_ recording: (outcomes: [RecordOutcome], ledger: CallLedger)) async -> VerbStatus {
        let outcomes = recording.outcomes, fixtures = request.fixtures
        if let line = fixtures.leftOutLine(selection) { print(line) }
        print(Self.summary(outcomes, mode: mode))
        print(recording.ledger.line)
        print(options.writeLog.summary)
        // A run whose answers were not the API's (a page, a wrong key taken, a retired version) writes nothing from them.
        if let cause = recording.ledger.health.brokenPremise?.line {
            CouldNotJudge.planLines(recording.ledger).forEach { print($0) }
            let written = outcomes.filter { $0.status == .new || $0.status == .updated }.count
            print(CouldNotJudge.fitted("record: could not judge the contract (exit \(CouldNotJudge.exitStatus)): ", cause,
                                       written == 0 ? "; nothing written" : "; \(written) written before it, review them"))
            return VerbStatus(failed: true, couldNotJudge: cause)
        }
        // The server or the network stopped the calls (every answer cut short, a spent quota, nothing answering): the
        // fixtures not called failed above, one line says why. Record's status stays 1, as for any fixture that failed.
        if let cause = CouldNotJudge.cause(recording.ledger) {
            CouldNotJudge.planLines(recording.ledger).forEach { print($0) }
            print(CouldNotJudge.fitted("record: the run stopped calling: ", cause, ""))
        }
        let written = outcomes.filter { $0.status == .new || $0.status == .updated }.map(\.relativePath)
        var failed = outcomes.contains { $0.status == .failed }
        if !written.isEmpty, let after = try? fixtures.load(selection) {
            let lost = Coverage(existing).lost(in: Coverage(after))
            for cell in lost { print("record: coverage lost: \(cell) (no fixture of that status is left; see fsq-contract list)") }
            failed = failed || !lost.isEmpty
        }
        let replayFailures = await RecordedReplay.check(written, fixturesRoot: root)
        for failure in replayFailures { print("REPLAY   \(failure.relativePath) \(failure.reason)") }
        if !written.isEmpty {
            print(replayFailures.isEmpty
                  ? "record: fixtures were written and replay green; review the diff and commit them (exit 1, as a snapshot test in record mode)"
                  : "record: \(replayFailures.count) of \(written.count) written fixtures fail their own replay (above); fix or delete them")
        } else if let plan = request.plan, !entries.isEmpty {
            print("record: nothing written from --plan \(plan): " + Self.nothingWrittenReason(outcomes))
            return VerbStatus(failed: true)
        }
        return VerbStatus(failed: !written.isEmpty || failed)
    }
}

extension RecordJob {
    /// Why a plan wrote nothing, from the outcomes' counts.
    package static func nothingWrittenReason(_ outcomes: [RecordOutcome]) -> String {
        let counts = Dictionary(grouping: outcomes, by: \.status).mapValues(\.count)
        var reasons: [String] = []
        if let failed = counts[.failed] { reasons.append("\(failed) failed (above)") }
        if let skipped = counts[.skipped] { reasons.append("\(skipped) skipped (above)") }
        if let same = counts[.unchanged] { reasons.append("\(same) unchanged") }
        if let kept = counts[.kept] { reasons.append("\(kept) kept") }
        return reasons.isEmpty ? "no entry was recorded" : reasons.joined(separator: ", ")
    }

    /// The recording's lines: each fixture written or failed with its notes, the calls not made by reason, and the counts.
    package static func summary(_ outcomes: [RecordOutcome], mode: RecordMode) -> String {
        var lines: [String] = []
        let counts = Dictionary(grouping: outcomes, by: \.status).mapValues(\.count)
        for outcome in outcomes where outcome.status != .unchanged && outcome.status != .skipped {
            lines.append("\(outcome.status.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)) \(outcome.relativePath)")
            for note in outcome.notes.prefix(8) { lines.append("         \(note)") }
            if outcome.notes.count > 8 { lines.append("         … \(outcome.notes.count - 8) more changes") }
        }
        // Not called, one line per reason: the same lines the dry run gives.
        let skipped = outcomes.filter { $0.status == .skipped }
        lines += CallCount.reasonLines(Dictionary(grouping: skipped, by: { $0.notes.first ?? "no reason given" }).mapValues(\.count))
        lines.append("record (\(mode.rawValue)): \(counts[.new] ?? 0) new, \(counts[.updated] ?? 0) updated, "
                     + "\(counts[.unchanged] ?? 0) unchanged, \(counts[.kept] ?? 0) kept, \(counts[.skipped] ?? 0) skipped, "
                     + "\(counts[.failed] ?? 0) failed")
        return lines.joined(separator: "\n")
    }
}

extension RecordMode {
    /// `--mode`'s value as record reads it (`RecordCommand.Mode` names the same modes; a test holds them equal).
    package init(choice: RecordModeChoice) {
        self = RecordMode(rawValue: choice.rawValue) ?? .never
    }
}
