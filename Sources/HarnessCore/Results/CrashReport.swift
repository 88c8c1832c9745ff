import Foundation
import JUnitXML

/// The report a supervisor writes when its worker died by a signal: one error testcase naming the signal and the
/// fixtures that were in flight, so CI shows a red case instead of no report at all.
package struct CrashReport: Sendable {
    package var signal: Int32
    package var workerPID: Int32
    package var journal: InFlightJournal.Snapshot?
    /// The verb as users typed it, e.g. `fsq-contract run`.
    package var verb: String

    package init(signal: Int32, workerPID: Int32, journal: InFlightJournal.Snapshot?, verb: String) {
        self.signal = signal
        self.workerPID = workerPID
        self.journal = journal
        self.verb = verb
    }

    /// `signal 11 (SIGSEGV, a crash)`: the signal with what it usually means.
    package var cause: String { Self.describe(signal: signal) }

    package static func describe(signal: Int32) -> String {
        let name = WorkerSupervisor.signalName(signal)
        let meaning: String
        switch signal {
        case SIGILL, SIGTRAP: meaning = ", a trap"
        case SIGKILL: meaning = ", killed: out of memory, or from outside"
        case SIGSEGV, SIGBUS: meaning = ", a crash"
        default: meaning = ""
        }
        return "signal \(signal) (\(name)\(meaning))"
    }

    /// `run` or `drift`: the verb's own name.
    var verbName: String { verb.split(separator: " ").last.map(String.init) ?? verb }

    /// One line: `run crashed: signal 11 (SIGSEGV, a crash) while these fixtures were in flight: a.json, b.json`.
    package var message: String {
        guard let journal else { return "\(verbName) crashed: \(cause); which fixtures were in flight is unknown" }
        if journal.inFlight.isEmpty { return "\(verbName) crashed: \(cause) while no fixture was in flight" }
        let shown = journal.inFlight.prefix(20).joined(separator: ", ")
        let more = journal.inFlight.count > 20 ? " and \(journal.inFlight.count - 20) more" : ""
        return "\(verbName) crashed: \(cause) while these fixtures were in flight: \(shown)\(more)"
    }

    /// The testcase's text: the message, the progress and where to look next.
    package var detail: String {
        var lines = [message]
        if let journal {
            lines.append("The worker process (pid \(workerPID)) had finished \(journal.finished) of \(journal.total) fixtures.")
            if journal.inFlight.count > 20 { lines.append("In flight: " + journal.inFlight.joined(separator: ", ")) }
        }
        lines.append("The results it had finished died with it; its output is in the job log above this line.")
        lines.append("Rerun a fixture in flight alone (\(verb) --filter PATH) to reproduce it.")
        return lines.joined(separator: "\n")
    }

    /// The single case: suite `fsq-contract`, check `crash`.
    package var result: CaseResult {
        CaseResult(endpoint: "fsq-contract", fixture: verbName, auth: nil, check: .crash,
                   verdict: .error(message: message, detail: detail))
    }

    /// A dead worker's half-written report: `StreamingReportWriter` names its temp files `.<name>.<pid>.….tmp`.
    package static func removeTempFiles(ofWorker pid: Int32, besides path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent).\(pid)."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            unlink(folder + "/" + name)
        }
    }
}
