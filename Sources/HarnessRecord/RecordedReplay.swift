import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// Replays the fixtures a `record` run wrote, in process and with the same checks as `run`, so a recording that
/// fails its own replay is reported by the run that made it, not by the next CI job.
package enum RecordedReplay {
    /// One written fixture that does not replay green, and its first problem.
    package struct Failure: Sendable, Equatable {
        package var relativePath: String
        package var reason: String
    }

    /// The problems of replaying `relativePaths` under `fixturesRoot` (empty when all are green): each fixture once,
    /// under every auth style its contract accepts.
    package static func check(_ relativePaths: [String], fixturesRoot: URL) async -> [Failure] {
        let loader = FixtureLoader(root: fixturesRoot)
        let loaded = relativePaths.map { loader.load(relativePath: $0) }
        let results = await ReplayRunner().run(loaded)
        var failures: [Failure] = []
        for path in relativePaths {
            guard let problem = results.first(where: { $0.fixture == path && $0.verdict.isProblem }) else { continue }
            let message: String
            switch problem.verdict {
            case let .fail(text, _), let .error(text, _): message = text
            case .pass, .skip: message = "failed"
            }
            failures.append(Failure(relativePath: path, reason: "\(problem.name.dropFirst(path.count + 1)): \(message)"))
        }
        return failures
    }
}
