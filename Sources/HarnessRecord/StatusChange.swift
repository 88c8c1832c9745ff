import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// The name and `expect` block a fixture takes when `record --accept-status-change` writes an answer of another
/// status: a file never says one status in its name or `expect` and holds another.
///
/// `403-forbidden.json` answered 401 becomes `401-unauthorized.json` expecting `unauthorized`; a name that is not
/// the old status's usual one keeps its rest (`404-unknown-id.json` answered 400 becomes `400-unknown-id.json`).
package enum StatusChange {
    /// The usual name after the status for each status the corpus covers.
    static let usualNames: [Int: String] = [
        400: "bad-request", 401: "unauthorized", 403: "forbidden", 404: "not-found", 429: "rate-limited",
        500: "server-error", 502: "bad-gateway", 503: "unavailable",
    ]

    /// The path the fixture moves to, or the reason it cannot be written (its name gives another status).
    package static func path(_ relativePath: String, from old: Int, to new: Int) -> Result<String, RecordError> {
        let folder = (relativePath as NSString).deletingLastPathComponent
        let name = (relativePath as NSString).lastPathComponent
        let prefix = "\(old)-"
        guard name.hasPrefix(prefix) else {
            if name.prefix(3).allSatisfy(\.isNumber), name.dropFirst(3).hasPrefix("-") {
                return .failure(RecordError(file: relativePath, reason: "not recorded: its name says HTTP \(name.prefix(3)) "
                                            + "but it recorded \(old); rename it before accepting a status change"))
            }
            return .success(relativePath)  // the name claims no status
        }
        var rest = String(name.dropFirst(prefix.count).dropLast(".json".count))
        if rest == usualNames[old] { rest = usualNames[new] ?? "recorded" }
        let renamed = "\(new)-\(rest).json"
        return .success(folder.isEmpty ? renamed : folder + "/" + renamed)
    }

    /// What a fixture of `status` expects: the error its status maps to, or success.
    package static func expectation(for status: Int) -> ExpectedOutcome? {
        (200...299).contains(status) ? nil : ExpectedOutcome(error: FoursquareError.Code(status: status))
    }
}
