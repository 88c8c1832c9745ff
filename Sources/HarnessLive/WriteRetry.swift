import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore

/// When a call is sent again, and after how long. A read is retried after a 429, a 5xx or a transport failure. A
/// write is retried after a 429: the one answer where the server says it refused before acting, so sending the
/// write again applies it at most once. A 5xx or a lost connection may come after the write was applied, so every
/// other answer to a write is final, unless the write is a dry run: it applies nothing, and is sent again once.
///
/// A write's retries are bounded as a read's are: at most `--retries` of them (default 2), each one a call of the
/// budget (`--max-calls`), each waiting the whole `Retry-After` when the answer gives one, and none when that wait
/// would pass the run's deadline.
enum WriteRetry {
    /// Whether `plan` may be sent again after `error` (which the caller already found worth retrying), `attempt`
    /// being the try that got it: a read, any write refused by a 429 (nothing was applied), and a dry run once
    /// after a 5xx or transport failure (it applies nothing, so a second try is as safe as a read's).
    static func mayResend(_ plan: CallPlan, after error: FoursquareError, attempt: Int) -> Bool {
        !plan.effect.writes || error.status == 429 || (plan.dryRun == true && attempt == 1)
    }

    /// Seconds to wait before sending `plan` again: `backoff`, or for a write the whole `Retry-After` (sent sooner, the
    /// write is only refused again, for one more call of the budget); the caller caps it by the run's deadline.
    static func wait(_ plan: CallPlan, after error: FoursquareError, backoff: Double) -> Double {
        guard plan.effect.writes, let retryAfter = error.retryAfter else { return backoff }
        return max(backoff, retryAfter)
    }

    /// The line a case gets when the wait before its retry would pass the run's deadline.
    static func pastDeadline(_ error: FoursquareError, wait: Double, deadline: RunDeadline) -> String {
        let answer = error.status.map { "HTTP \($0)" } ?? "a \(CallLedger.reason(error)) failure"
        let asked = error.retryAfter.map { " (Retry-After: \(RunDeadline.format($0)) s)" } ?? ""
        return "not retried: after \(answer) the wait of \(String(format: "%.1f", wait)) s\(asked) would pass the run's deadline "
            + "(--deadline \(RunDeadline.format(deadline.seconds)), \(String(format: "%.1f", deadline.remaining)) s left)"
    }
}
