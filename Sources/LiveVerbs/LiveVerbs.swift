import HarnessJobs
import FixtureFormat
import Foundation
import HarnessCore
import HarnessLive
import HarnessProject
import HarnessRecord

/// The Live trait's collaborator: what `run --live`, `drift`, `record`, `nightly` and `fixtures` do with the plain
/// values the CLI resolved from their flags, over `stack`. Main passes it with AsyncHTTPClient's stack; a test passes a stand-in, or nil to see
/// what is refused before a call.
package struct LiveVerbs: LiveVerbWork {
    /// The bounded HTTP stack every live call goes through; nil refuses a live run once its flags are checked.
    package let stack: (any LiveHTTPStack)?

    /// The live verbs over `stack`.
    package init(stack: (any LiveHTTPStack)?) { self.stack = stack }

    package func livePass(_ request: LiveRunRequest) throws -> any LivePass {
        try LiveChecksPass.resolve(request, stack: stack)
    }

    package func drift(_ request: DriftRequest) async throws {
        let start = ContinuousClock.now
        let job = try await DriftJob.resolve(request, stack: stack)
        let calls = ContinuousClock.now
        let drift = await job.execute()
        try job.report(drift, phases: [.init("load fixtures", (calls - start).seconds), .init("calls and comparison", (ContinuousClock.now - calls).seconds)])
            .exit()
    }

    package func record(_ request: RecordRequest) async throws {
        let job = try await RecordJob.resolve(request, stack: stack)
        let recording = await job.record()
        try await job.report(recording).exit()
    }

    package func nightly(_ request: NightlyRequest) async throws {
        try await NightlyRun(request: request, stack: stack).run()
    }

    package func audit(_ request: FixturesRequest) throws {
        let project = request.project
        let audit = FixtureAudit(try request.fixtures.load(request.selection), keepValues: project.keepValues == true,
                                 maxDays: project.fixtureMaxAgeDays)
        audit.lines.forEach { print($0) }
        if !audit.passes { throw JobExit(1) }
    }

    package func scrub(_ request: FixturesRequest, check: Bool, all: Bool) throws {
        let fixtures = request.fixtures
        let outcomes = FixtureScrub.run(try fixtures.load(request.selection), root: fixtures.fixturesURL, includeAll: all, write: !check)
        let counts = Dictionary(grouping: outcomes, by: \.status).mapValues(\.count)
        for outcome in outcomes where outcome.status != .unchanged {
            print("\(outcome.status.rawValue.uppercased().padding(toLength: 9, withPad: " ", startingAt: 0)) \(outcome.relativePath)"
                  + (outcome.note.map { ": \($0)" } ?? ""))
        }
        print("fixtures scrub\(check ? " --check" : ""): \(counts[.scrubbed] ?? 0) scrubbed, \(counts[.pending] ?? 0) to scrub, "
              + "\(counts[.unchanged] ?? 0) unchanged, \(counts[.failed] ?? 0) failed")
        if counts[.failed] != nil || counts[.pending] != nil { throw JobExit(1) }
    }
}
