import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces
import HarnessCore

/// One live call's raw result, kept for checks, recording and drift.
package struct LiveExchange: Sendable {
    package var outcome: CallOutcome
    /// The last request sent, with any extra headers.
    package var request: HTTPRequest?
    /// The last response head, if any answer came.
    package var response: HTTPResponse?
    /// The last response body's bytes.
    package var body: Data
    package var attempts: Int
    /// Seconds the last attempt took.
    package var seconds: Double
    /// Why each retried attempt failed (`429`, `503`, `transport`), in order.
    package var retriedFor: [String] = []

    /// Why an answer the harness retries was not retried (a `Retry-After` past the run's deadline, a spent budget);
    /// nil when it was, or when the answer is not one to retry. The case's failure says it.
    package var notRetried: String?

    /// Retried after a 5xx or a transport failure: a case that passes on such an answer is flaky. A 429 waited out
    /// is the quota, not the server failing.
    package var flakyReasons: [String] { retriedFor.filter { $0 != "429" } }

    /// Retried after a 5xx or a transport failure, then answered with what the harness does not retry (or with
    /// `expected`, the status its fixture recorded): only such a call can have passed after a retry. A call that
    /// got a 5xx on every try never passed.
    package func answeredAfterRetry(expected: Int?) -> Bool {
        guard !flakyReasons.isEmpty, let status = response?.status else { return false }
        return status == expected || !(status == 429 || status >= 500)
    }

    /// The status of a last answer (after the retries) that is the server's trouble, never a contract change: a 5xx
    /// or a 429 that `expected`, the status the fixture recorded, is not. Nil for any other answer.
    package func serverTrouble(expected: Int?) -> Int? {
        guard let status = response?.status, status >= 500 || status == 429, status != expected else { return nil }
        return status
    }

    /// Why nothing was sent (a write the policy refuses, an operation stopped); nil when the call was made.
    package var notSent: String?
    /// Whether no request of the call was sent: a call stopped at a retry was made, and counts as made.
    package var neverSent: Bool { notSent != nil && attempts <= 1 }
    /// Whether the policy sent a suggestion as a dry run that its fixture records as applied.
    package var rehearsed = false
    /// For a write that was sent: whether it was a dry run. Nil for a read.
    package var writeDryRun: Bool?

    /// The line a report gives a write that was sent.
    package var writeNote: String? {
        writeDryRun.map { $0 ? "write sent as a dry run (dry_run=true): nothing changed" : "write sent and applied (allowed by --allow-writes)" }
    }

    package init(outcome: CallOutcome, request: HTTPRequest?, response: HTTPResponse?, body: Data, attempts: Int, seconds: Double) {
        self.outcome = outcome
        self.request = request
        self.response = response
        self.body = body
        self.attempts = attempts
        self.seconds = seconds
    }
}
