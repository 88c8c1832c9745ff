import ArgumentParser
import ContractCLI
import FixtureFormat
import Foundation
import HarnessCore
import HarnessLive
import HarnessProject
import HarnessRecord

/// The Live trait's collaborator: what `run --live`, `drift`, `record`, `nightly` and `fixtures` do once their flags
/// are parsed, over `stack`. Main passes it with AsyncHTTPClient's stack; a test passes a stand-in, or nil to see
/// what is refused before a call.
package struct LiveVerbs: LiveVerbWork {
    /// The bounded HTTP stack every live call goes through; nil refuses a live run once its flags are checked.
    package let stack: (any LiveHTTPStack)?

    /// The live verbs over `stack`.
    package init(stack: (any LiveHTTPStack)?) { self.stack = stack }

    package func livePass(_ command: RunCommand, project: ProjectFile, selection: ContractSelection) throws -> any LivePass {
        try LiveChecksPass.resolve(command, project: project, selection: selection, stack: stack)
    }

    package func drift(_ command: DriftCommand, collaborators: Collaborators) async throws {
        let start = ContinuousClock.now
        let job = try await DriftJob.resolve(command, collaborators, stack: stack)
        let calls = ContinuousClock.now
        let drift = await job.execute()
        try job.report(drift, phases: [.init("load fixtures", (calls - start).seconds), .init("calls and comparison", (ContinuousClock.now - calls).seconds)])
            .exit()
    }

    package func record(_ command: RecordCommand, collaborators: Collaborators) async throws {
        let job = try await RecordJob.resolve(command, collaborators, stack: stack)
        let recording = await job.record()
        try await job.report(recording).exit()
    }

    package func nightly(_ command: NightlyCommand, collaborators: Collaborators) async throws {
        try await NightlyRun(command: command, collaborators: collaborators, stack: stack).run()
    }

    package func audit(_ command: FixturesAuditCommand) throws {
        var fixtureOptions = command.fixtureOptions
        let project = try fixtureOptions.adopt()
        let selection = try fixtureOptions.selection(project: project, live: false)
        let audit = FixtureAudit(try fixtureOptions.load(selection), keepValues: project.keepValues == true,
                                 maxDays: project.fixtureMaxAgeDays)
        audit.lines.forEach { print($0) }
        if !audit.passes { throw ExitCode(1) }
    }

    package func scrub(_ command: FixturesScrubCommand) throws {
        var fixtureOptions = command.fixtureOptions
        let project = try fixtureOptions.adopt()
        if let path = command.path { fixtureOptions.fixtures = path }
        let selection = try fixtureOptions.selection(project: project, live: false)
        let outcomes = FixtureScrub.run(try fixtureOptions.load(selection), root: fixtureOptions.fixturesURL,
                                        includeAll: command.all, write: !command.check)
        let counts = Dictionary(grouping: outcomes, by: \.status).mapValues(\.count)
        for outcome in outcomes where outcome.status != .unchanged {
            print("\(outcome.status.rawValue.uppercased().padding(toLength: 9, withPad: " ", startingAt: 0)) \(outcome.relativePath)"
                  + (outcome.note.map { ": \($0)" } ?? ""))
        }
        print("fixtures scrub\(command.check ? " --check" : ""): \(counts[.scrubbed] ?? 0) scrubbed, \(counts[.pending] ?? 0) to scrub, "
              + "\(counts[.unchanged] ?? 0) unchanged, \(counts[.failed] ?? 0) failed")
        if counts[.failed] != nil || counts[.pending] != nil { throw ExitCode(1) }
    }
}
