import Foundation
import FoursquarePlaces
import HarnessCore

/// What a live run adds to its summary for the team that runs it every night: stale fixtures with the command
/// that re-records each, flaky cases, and what the calls cost (made, retried and why, time waiting).
package struct NightlyLines: Sendable {
    package var tally: CallLedger.Tally
    package var ledgerLine: String
    package var stale: [StaleFixture]
    package var staleFails: Bool

    package init(ledger: CallLedger, stale: [StaleFixture], staleFails: Bool = false) {
        self.init(tally: ledger.tally, maxCalls: ledger.maxCalls, stale: stale, staleFails: staleFails)
    }

    /// From a tally that is not the ledger's own (the nightly's live checks: shared and skipped fixture calls of
    /// their pass only, calls made in the whole run).
    package init(tally: CallLedger.Tally, maxCalls: Int?, stale: [StaleFixture], staleFails: Bool = false) {
        self.tally = tally
        ledgerLine = CallLedger.line(tally, maxCalls: maxCalls)
        self.stale = stale
        self.staleFails = staleFails
    }

    /// `stale: 1 fixture (data churn, not API drift; skipped)`, one line per stale fixture, the flaky cases, the calls.
    package var terminal: [String] {
        var lines: [String] = []
        if !stale.isEmpty {
            lines.append("stale: \(plural(stale.count, "fixture")) whose place id answers 404 while its endpoint answers others "
                         + "(data churn, not API drift; \(staleFails ? "failing: staleFails is true" : "not failing"))")
            lines += stale.map { "  " + $0.line }
        }
        if !tally.flaky.isEmpty {
            lines.append("flaky: \(plural(tally.flaky.count, "case")) passed only after a retried 5xx or transport failure:")
            lines += tally.flaky.sorted().prefix(10).map { "  \($0)" }
            if tally.flaky.count > 10 { lines.append("  … \(tally.flaky.count - 10) more (see the report's system-out)") }
        }
        lines.append(ledgerLine)
        return lines
    }

    /// The report's properties for what the calls cost: `calls.made`, `calls.retried`, `calls.waiting_seconds`.
    package var properties: [(String, String)] {
        [("calls.made", String(tally.calls)), ("calls.retried", String(tally.retried)),
         ("calls.waiting_seconds", String(format: "%.1f", tally.pacing + tally.backoff))]
    }

    /// The same for the step summary.
    package var markdown: String {
        var lines = ["", "**Live calls:** \(ledgerLine.replacingOccurrences(of: "calls: ", with: ""))"]
        if !tally.flaky.isEmpty {
            lines.append("")
            lines.append("**Flaky cases** (passed only after a retried 5xx or transport failure): \(tally.flaky.count)")
        }
        if !stale.isEmpty {
            lines += ["", "**Stale fixtures** (the place id answers 404 while its endpoint answers others: data churn, not API drift; "
                      + "\(staleFails ? "failing" : "not failing")):", ""]
            lines += stale.map { "- `\($0.fixture)`: place id `\($0.placeID)`; re-record: `\($0.rerecordCommand)`" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
