import ArgumentParser
import ContractCLI
import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessProject

extension LiveLimitFlags {
    /// Sets the body cap on `options` (`--max-body`, else `LiveStack.defaultMaxBody`); refuses a key too short to
    /// redact without rewriting other text.
    package func apply(to options: inout LiveOptions) throws {
        let maxBody = self.maxBody ?? LiveStack.defaultMaxBody
        guard maxBody > 0 else { throw UsageFailure("--max-body \(maxBody): must be a positive number of bytes") }
        options.maxBody = maxBody
        if let key = options.key, let problem = KeyScrubber.problem(with: key) { throw UsageFailure(problem) }
    }
}
