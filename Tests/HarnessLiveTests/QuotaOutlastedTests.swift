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
        // One call the quota outlasted is that call's trouble, not the whole run's: its cases are not judged.
        #expect(runner.caller.health.conclude(tally, maxCalls: 90) == nil)
        let line = try #require(CallLedger.ServerTrouble.line(tally.serverTrouble, quotaLimits: tally.quotaOutlasted))
        #expect(line.hasPrefix("place-suggest-edit answered 429 for place 4a5f2f39f964a52067bf1fe3 (1 fixture)"), "\(line)")
        #expect(line.contains("--retries (1 call) allowed no more retries; lower --rate-limit to the quota, or raise --retries"), "\(line)")
        #expect(!line.contains("budget or the deadline"), "\(line)")
    }

    @Test func aSpentBudgetIsNamedAsTheBudget() async throws {
        let (_, runner, _) = try await WriteRetryTests.run([429], retries: 5, maxCalls: 2)
        #expect(runner.caller.ledger.tally.quotaOutlasted == ["--max-calls": 1], "\(runner.caller.ledger.tally.quotaOutlasted)")
    }

    @Test func unknownLimitsKeepTheGeneralAdvice() {
        #expect(CallLedger.quotaLimitLine([:]).contains("raise maxCalls or --deadline"))
    }
}
