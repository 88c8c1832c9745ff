import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessNightly
import HarnessProject
import Foundation
import FoursquarePlaces

/// Limits on what a live server may send back, and the key rule every live verb shares.
struct LiveLimitFlags: ParsableArguments {
    @Option(name: .long, help: "Largest response body a live call accepts, in bytes (default 16 MB); a larger one is an error that gives its size.")
    var maxBody: Int = LiveStack.defaultMaxBody

    /// Sets the body cap on `options`; refuses a key too short to redact without rewriting other text.
    func apply(to options: inout LiveOptions) throws {
        guard maxBody > 0 else { throw UsageFailure("--max-body \(maxBody): must be a positive number of bytes") }
        options.maxBody = maxBody
        if let key = options.key, let problem = KeyScrubber.problem(with: key) { throw UsageFailure(problem) }
    }
}
