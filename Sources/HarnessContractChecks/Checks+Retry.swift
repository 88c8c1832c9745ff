import Foundation
import FoursquarePlaces
import HarnessCore

extension Checks {
    /// The error-mapping check, then the retry table: a mapped error must also say what `RetryTable` declares
    /// for its status (`isRetryable`, `retryAfter`).
    package static func errorMappingAndRetry(fixture: Fixture, outcome: CallOutcome) -> Verdict {
        let mapped = errorMapping(fixture: fixture, outcome: outcome)
        guard case .pass = mapped, case let .failed(error) = outcome else { return mapped }
        let problems = RetryTable.problems(fixture: fixture, error: error)
        guard let first = problems.first else { return mapped }
        return .fail(message: first, detail: problems.joined(separator: "\n") + "\nthe client threw: \(error)")
    }
}
