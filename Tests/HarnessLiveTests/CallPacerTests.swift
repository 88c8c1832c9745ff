import Foundation
import FoursquarePlaces
@testable import HarnessLive
import Testing

/// The pace holds whatever the concurrency: a burst of callers is spread so that no one-second window holds more
/// than the limit.
@Suite("call pacer")
struct CallPacerTests {
    @Test func aBurstOfTwelveAtFourASecondNeverPutsFiveInOneSecond() async {
        let pacer = CallPacer(perSecond: 4)
        let sent = Locked<[ContinuousClock.Instant]>([])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    _ = await pacer.acquire()
                    // The departures the pacer let through, read as each call leaves.
                    sent.withLock { $0 = Array(Set($0 + pacer.departures)).sorted() }
                }
            }
        }
        let times = sent.current
        #expect(times.count == 12)
        for (index, time) in times.enumerated() where index + 4 < times.count {
            #expect(times[index + 4] - time >= .seconds(1), "calls \(index) and \(index + 4) in one second")
        }
    }

    @Test func aLowRemainingQuotaHoldsTheNextCall() async {
        let pacer = CallPacer(perSecond: nil, maxHold: 5)
        pacer.observe(HTTPResponse(status: 200, headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1"]))
        let waited = await pacer.acquire()
        #expect(waited > 0.5)
        // A 429's Retry-After holds every call of the run, not only the one that got it.
        let other = CallPacer(perSecond: nil)
        other.observe(HTTPResponse(status: 429, headers: ["retry-after": "1"]))
        #expect(await other.acquire() > 0.5)
    }

    @Test func theBudgetStopsCallsPastIt() {
        let ledger = CallLedger(maxCalls: 2)
        #expect(ledger.admit() && ledger.admit())
        #expect(!ledger.admit())
        #expect(ledger.isSpent)
        #expect(ledger.line.contains("1 not sent: the budget of 2 calls (--max-calls) was spent"))
    }
}
