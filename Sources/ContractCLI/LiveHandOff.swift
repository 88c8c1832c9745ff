import ContractHarness
import Foundation

/// Live verbs (`run --live`, `record`, `drift`) run in `fsq-live`, whose AsyncHTTPClient stack bounds every answer.
///
/// `fsq-contract` has no live stack (it would bring SwiftNIO into the main job), so once a live verb's flags are
/// valid it execs `fsq-live` with the same arguments; `fsq-live` runs these same commands with its stack set.
enum LiveHandOff {
    static let binary = SiblingExecutable(name: "fsq-live")

    /// Execs `fsq-live` unless this process is it; in `fsq-live`, prints the key-trimming warning (here, so a
    /// hand-off does not print it twice).
    static func ensureLiveStack(verb: String) throws {
        guard LiveStack.current == nil else {
            if let notice = LiveKey.notice(environment: ProcessInfo.processInfo.environment) { writeStderr(notice) }
            return
        }
        try binary.exec(Array(CommandLine.arguments.dropFirst()), verb: verb)
    }
}
