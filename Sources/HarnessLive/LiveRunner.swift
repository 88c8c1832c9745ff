import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces
import HarnessCore

/// Runs live mode over fixtures already in memory and returns every result (for tests).
package struct LiveRunner: Sendable {
    package let options: LiveOptions
    package let caller: LiveCaller

    package init(options: LiveOptions) {
        self.options = options
        caller = LiveCaller(options: options)
    }

    /// Results in fixture order; `progress` is called after each fixture with (done, total, problems).
    package func run(
        _ fixtures: [LoadedFixture], progress: (@Sendable (Int, Int, Int) -> Void)? = nil
    ) async -> [CaseResult] {
        let deadline = options.runDeadline()
        let core = ExecutionCore(concurrency: options.concurrency, deadline: deadline, progress: progress)
        return await core.collect(.loaded(fixtures), strategy: LiveStrategy(caller: caller, deadline: deadline)).flatMap { $0 }
    }
}

extension String {
    /// Nil for an empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
