import Foundation
import FixtureFormat
import FoursquarePlaces

/// Which error answers an app may send again, and when: declared from HTTP's rules, not from the client's code.
/// Every error fixture's typed error must agree on `isRetryable` and `retryAfter`.
enum RetryTable {
    /// One row: the statuses it covers, whether they are retryable, and whether `Retry-After` is read on them.
    struct Row: Sendable {
        let statuses: ClosedRange<Int>
        let retryable: Bool
        let readsRetryAfter: Bool
        let reason: String
    }

    static let rows: [Row] = [
        Row(statuses: 429...429, retryable: true, readsRetryAfter: true,
            reason: "Too Many Requests: the same request succeeds later; Retry-After says when (RFC 6585 §4)"),
        Row(statuses: 503...503, retryable: true, readsRetryAfter: true,
            reason: "Service Unavailable: temporary; Retry-After says when (RFC 9110 §15.6.4)"),
        Row(statuses: 500...599, retryable: true, readsRetryAfter: false,
            reason: "a server error: the same request may succeed later"),
        Row(statuses: 400...499, retryable: false, readsRetryAfter: false,
            reason: "a client error: the same request fails the same way"),
    ]

    /// The first row covering `status`; nil for a status no row declares.
    static func row(for status: Int) -> Row? { rows.first { $0.statuses.contains(status) } }

    /// One line per way the error disagrees with the table; empty when it agrees or the table has no row.
    package static func problems(fixture: Fixture, error: FoursquareError) -> [String] {
        let status = fixture.response.status
        guard !(200...299).contains(status), error.code != .invalidInput, let row = row(for: status) else { return [] }
        var problems: [String] = []
        if error.isRetryable != row.retryable {
            problems.append("isRetryable: HTTP \(status) is \(row.retryable ? "" : "not ")retryable (\(row.reason)); "
                + "the client says \(error.isRetryable)")
        }
        let header = fixture.response.headers["retry-after"].map { $0.trimmingCharacters(in: .whitespaces) }
        let seconds = header.flatMap(Double.init)
        // RFC 9110 §10.2.3: delay-seconds, or an HTTP-date whose delay is counted from now (a past one is no delay).
        let date = seconds == nil ? header.flatMap(HTTPDate.parse) : nil
        if row.readsRetryAfter, let seconds, error.retryAfter != seconds {
            problems.append("retryAfter: the answer's Retry-After is \(header ?? "")s on HTTP \(status); the client holds "
                + (error.retryAfter.map { "\($0)s" } ?? "nil"))
        } else if row.readsRetryAfter, let date {
            let delay = max(0, date.timeIntervalSinceNow)
            if error.retryAfter.map({ abs($0 - delay) > 5 }) ?? true {
                problems.append("retryAfter: the answer's Retry-After is the HTTP-date \(header ?? ""), \(Int(delay.rounded()))s from now, "
                    + "on HTTP \(status); the client holds " + (error.retryAfter.map { "\($0)s" } ?? "nil"))
            }
        } else if !row.readsRetryAfter, let held = error.retryAfter {
            problems.append("retryAfter: HTTP \(status) carries no retry time (\(row.reason)); the client holds \(held)s")
        }
        return problems
    }
}
