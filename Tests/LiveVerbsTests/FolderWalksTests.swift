import ArgumentParser
import CommandParsing
import ContractCLI
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessJobs
import HarnessLive
import Testing
import TestSupport
@testable import LiveVerbs

/// A live verb walks the fixtures folder once: the selection, the line about the contracts the project file left
/// out, and the calls all come from that one walk.
@Suite("the fixtures folder, walked once")
struct FolderWalksTests {
    /// Runs `body` and returns how many times it walked a fixtures folder (`FixtureOptions.discover`).
    static func walks(_ body: () async throws -> Void) async -> Int {
        let counter = Locked(0)
        await FixtureFolder.$folderWalks.withValue(counter) {
            do { try await body() } catch {}  // the exit status is not what is counted
        }
        return counter.withLock { $0 }
    }

    /// The shipped corpus (seed and 2025-06-17 fixtures) and a project file that runs 2025-06-17 live, so the
    /// left-out line has something to say; no key, so no call is made.
    static func arguments(_ verb: [String], in tmp: URL) throws -> [String] {
        let project = tmp.appendingPathComponent("fsq-contract.json")
        try Data(#"{"liveContracts": ["2025-06-17"]}"#.utf8).write(to: project)
        return verb + ["--project", project.path, "--fixtures", Products.packageRoot.appendingPathComponent("Fixtures").path,
                       "--base-url", "http://127.0.0.1:9", "--if-no-key", "skip", "--fixture-header", "never",
                       "--report", tmp.appendingPathComponent("report.xml").path, "--no-html"]
    }

    @Test func runLiveWalksTheFolderOnce() async throws {
        try await withTemporaryDirectory { tmp in
            var collaborators = Collaborators()
            collaborators.liveVerbs = LiveVerbs(stack: StubStack())
            let command = try parseCommand(RunCommand.self, root: FSQContract.self, try Self.arguments(["run", "--live"], in: tmp))
            let walks = await Self.walks {
                let job = try command.job(collaborators)
                let outcome = await job.execute(try await job.discover())
                _ = try job.report(outcome)
            }
            #expect(walks == 1)
            #expect(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("report.xml").path), "the run did not get to its report")
        }
    }

    @Test func driftWalksTheFolderOnce() async throws {
        try await withTemporaryDirectory { tmp in
            let command = try parseCommand(DriftCommand.self, root: FSQContract.self, try Self.arguments(["drift"], in: tmp))
            let walks = await Self.walks { try await LiveVerbs(stack: StubStack()).drift(try command.driftRequest(Collaborators(), verb: "drift")) }
            #expect(walks == 1)
            #expect(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("report.xml").path), "drift did not get to its report")
        }
    }
}
