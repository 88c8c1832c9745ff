import CommandParsing
import ContractCLI
import FixtureFormat
import Foundation
import HarnessJobs
import Testing
import TestSupport

/// A replay reads each fixture once, even when it must read them before it runs: `--api-version` checks them first,
/// and the project's `fixtureMaxAgeDays` reads their ages after. The run goes over what was read.
@Suite("each fixture parsed once a run")
struct FixtureParsedOnceTests {
    /// The shipped corpus copied into `tmp`, replayed with `extra`; returns each file's reads.
    static func reads(_ extra: [String], project: String, in tmp: URL) async throws -> [String: Int] {
        let fixtures = tmp.appendingPathComponent("Fixtures")
        try FileManager.default.copyItem(at: Products.packageRoot.appendingPathComponent("Fixtures"), to: fixtures)
        let projectFile = tmp.appendingPathComponent("fsq-contract.json")
        try Data(project.utf8).write(to: projectFile)
        let command = try parseCommand(RunCommand.self, root: FSQContract.self, [
            "run", "--project", projectFile.path, "--fixtures", fixtures.path, "--report", tmp.appendingPathComponent("junit.xml").path,
            "--no-html",
        ] + extra)
        FixtureReads.shared.watch(fixtures)
        let job = try command.job(Collaborators())
        let outcome = await job.execute(try await job.discover())
        _ = try? job.report(outcome)
        return FixtureReads.shared.stop(fixtures)
    }

    @Test func aReplayThatChecksTheVersionAndTheAgesReadsEachFileOnce() async throws {
        try await withTemporaryDirectory { tmp in
            let reads = try await Self.reads(["--contract", "2025-06-17", "--api-version", "2025-06-17"],
                                             project: #"{"fixtureMaxAgeDays": 36500}"#, in: tmp)
            // Not vacuous: every 2025-06-17 fixture was read, and the filter on the contract comes after the read.
            #expect(reads.keys.filter { $0.contains("/2025-06-17/") }.count >= 50, "\(reads.count) files read")
            for (path, count) in reads.sorted(by: { $0.key < $1.key }) where count != 1 {
                Issue.record("\(path) was read \(count) times")
            }
        }
    }

    @Test func aPlainReplayReadsEachFileOnce() async throws {
        try await withTemporaryDirectory { tmp in
            let reads = try await Self.reads([], project: "{}", in: tmp)
            #expect(reads.count >= 150, "\(reads.count) files read")
            for (path, count) in reads.sorted(by: { $0.key < $1.key }) where count != 1 {
                Issue.record("\(path) was read \(count) times")
            }
        }
    }
}
