import Foundation
import FoursquarePlaces
@testable import HarnessCore
@testable import HarnessLive
import Testing
import TestSupport

/// A call still answered 429 after its retries names the limit that ended them: `--retries` when the budget and the
/// deadline had room, so the advice is to raise that, not `maxCalls` or `--deadline`.
@Suite struct QuotaOutlastedTests {
    @Test func retriesSpentWithBudgetAndDeadlineToSpareNameRetries() async throws {
        let (_, runner, stack) = try await WriteRetryTests.run([429], retries: 2, maxCalls: 90)
        #expect(stack.requests.count == 3)
        let tally = runner.caller.ledger.tally
        #expect(tally.quotaOutlasted == ["--retries": 1], "\(tally.quotaOutlasted)")
        let cause = try #require(runner.caller.health.conclude(tally, maxCalls: 90))
        #expect(cause.contains("--retries (1 call) allowed no more retries; lower --rate-limit to the quota, or raise --retries"), "\(cause)")
        #expect(!cause.contains("budget or the deadline"), "\(cause)")
    }

    @Test func aSpentBudgetIsNamedAsTheBudget() async throws {
        let (_, runner, _) = try await WriteRetryTests.run([429], retries: 5, maxCalls: 2)
        #expect(runner.caller.ledger.tally.quotaOutlasted == ["--max-calls": 1], "\(runner.caller.ledger.tally.quotaOutlasted)")
    }

    @Test func unknownLimitsKeepTheGeneralAdvice() {
        #expect(CallLedger.quotaLimitLine([:]).contains("raise maxCalls or --deadline"))
    }
}
