import Foundation
import FoursquarePlaces
@testable import HarnessLive
import Testing

/// After a 429 the whole run slows down, and comes back up gradually, never again to a pace that met a 429.
@Suite("quota learning")
struct QuotaLearningTests {
    @Test func a429HalvesThePaceAndCapsItBelowThePaceThatMetIt() {
        var learning = QuotaLearning()
        #expect(learning.pace == nil)
        learning.refused(at: 8, now: .now)
        #expect(learning.pace == 4)
        #expect(learning.cap == 7)
        // The pace comes back one call a second per `rampCalls` answers, up to the cap and no further.
        for _ in 0..<(QuotaLearning.rampCalls * 10) { learning.answered() }
        #expect(learning.pace == 7)
    }

    @Test func quota429sOfCallsAlreadyInFlightTeachNothingNew() {
        var learning = QuotaLearning()
        let now = ContinuousClock.now
        learning.refused(at: 8, now: now)
        learning.refused(at: 4, now: now + .milliseconds(200))
        #expect(learning.pace == 4)
        learning.refused(at: 4, now: now + .seconds(2))
        #expect(learning.pace == 2)
        #expect(learning.cap == 3)
    }

    @Test func thePacerSlowsEveryCallAfterA429() async {
        let pacer = CallPacer(perSecond: 8, maxHold: 5)
        for _ in 0..<3 { _ = await pacer.acquire() }
        pacer.observe(HTTPResponse(status: 429, headers: ["retry-after": "1"]))
        #expect(pacer.learnedPace == 4)
        // Every later call waits out the Retry-After.
        #expect(await pacer.acquire() > 0.5)
    }
}
