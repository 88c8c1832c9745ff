import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessNightly
import HarnessProject
import Foundation
import FoursquarePlaces

extension RecordJob {
    /// What the recording did, the coverage it lost, and the written fixtures replayed with run's checks; returns the
    /// exit status (1 when a fixture was written, as a snapshot test in record mode, or when anything failed).
    func report(_ recording: (outcomes: [RecordOutcome], ledger: CallLedger)) async -> VerbStatus {
        let outcomes = recording.outcomes, fixtureOptions = command.fixtureOptions
        if let line = fixtureOptions.leftOutLine(selection) { print(line) }
        print(RecordCommand.summary(outcomes, mode: mode))
        print(recording.ledger.line)
        print(options.writeLog.summary)
        let written = outcomes.filter { $0.status == .new || $0.status == .updated }.map(\.relativePath)
        var failed = outcomes.contains { $0.status == .failed }
        if !written.isEmpty, let after = try? fixtureOptions.load(selection) {
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
        } else if let plan = command.plan, !entries.isEmpty {
            print("record: nothing written from --plan \(plan): " + RecordCommand.nothingWrittenReason(outcomes))
            return VerbStatus(failed: true)
        }
        return VerbStatus(failed: !written.isEmpty || failed)
    }
}
