import ArgumentParser
import CommandParsing
@testable import ContractCLI
import Foundation
import HarnessCore
import HarnessJobs
import Testing
import TestSupport

/// The steps a verb's `run()` hands to its job: what they resolve from the flags and the project file, in process
/// (none of these reaches a live call, so none needs the Live trait's stack).
@Suite("fsq-contract verbs' jobs")
struct VerbJobTests {
    /// A project file in a fresh folder; its relative paths resolve against that folder.
    static func project(_ json: String, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("fsq-contract.json")
        try Data(json.utf8).write(to: file)
        return file.path
    }

    @Test func aProjectFileFillsInTheFlagsNotGivenAndItsServerOnlyForALiveVerb() throws {
        try withTemporaryDirectory { tmp in
            let project = try Self.project(#"{"fixtures": "F", "baseURL": "http://127.0.0.1:9", "liveContracts": ["seed"]}"#, in: tmp)
            let replay = try parseCommand(RunCommand.self, root: FSQContract.self, ["run", "--project", project])
            let replayScope = try replay.scope(live: false)
            #expect(replayScope.fixtures.folder == tmp.appendingPathComponent("F").path)
            #expect(try replay.job(Collaborators()).livePass == nil, "replay calls no server, so the project's baseURL stays out")
            #expect(replayScope.selection.contracts == nil, "replay runs every contract; liveContracts is for live verbs")

            let live = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift", "--project", project])
            let liveRequest = try live.driftRequest(Collaborators(), verb: "drift")
            #expect(liveRequest.live.connection.baseURL == "http://127.0.0.1:9")
            #expect(liveRequest.fixtures.folder == tmp.appendingPathComponent("F").path)
            #expect(liveRequest.selection.contracts == ["seed"])

            let flagged = try parseCommand(RecordCommand.self, root: FSQContract.self, [
                "record", "--project", project, "--fixtures", "G", "--base-url", "http://127.0.0.1:8", "--contract", "all",
            ])
            let flaggedScope = try flagged.request()
            #expect(flaggedScope.fixtures.folder == "G" && flaggedScope.live.connection.baseURL == "http://127.0.0.1:8")
            #expect(flaggedScope.selection.contracts == nil)
        }
    }

    @Test func runResolvesItsReportPathsFromTheFlagsThenTheProjectFileThenTheDefault() throws {
        try withTemporaryDirectory { tmp in
            let project = try Self.project(#"{"report": "out/r.xml", "reportDir": "out/suites"}"#, in: tmp)
            let fromFile = try parseCommand(RunCommand.self, root: FSQContract.self, ["run", "--project", project]).job(Collaborators())
            #expect(fromFile.report == tmp.appendingPathComponent("out/r.xml").path)
            #expect(fromFile.reportDir == tmp.appendingPathComponent("out/suites").path)
            #expect(fromFile.mode == "replay" && fromFile.livePass == nil)

            let flagged = try parseCommand(RunCommand.self, root: FSQContract.self, [
                "run", "--project", project, "--report", "mine.xml", "--report-dir", "mine",
            ]).job(Collaborators())
            #expect(flagged.report == "mine.xml" && flagged.reportDir == "mine")

            let defaults = try parseCommand(RunCommand.self, root: FSQContract.self, ["run", "--no-project"]).job(Collaborators())
            #expect(defaults.report == "Reports/junit.xml" && defaults.reportDir == nil)
        }
    }

    /// Whether the server is known depends on the project file, so `validate()` cannot decide it: the job does,
    /// before any key is read or any binary handed to.
    @Test func aLiveRunWithNoServerInTheFlagsOrTheProjectFileIsRefusedWithOneLine() throws {
        let command = try parseCommand(RunCommand.self, root: FSQContract.self, ["run", "--live", "--no-project"])
        #expect {
            try command.job(Collaborators())
        } throws: { error in
            (error as? UsageFailure)?.description
                == "--live needs --base-url: the API (https://places-api.foursquare.com) or fsq-contract serve's URL"
        }
    }

    @Test func aChangeEveryOperationShowsAlikeIsHeldBackInOneLineUnlessAFlagNamesIt() throws {
        try withTemporaryDirectory { tmp in
            let path = tmp.appendingPathComponent("baseline.json").path
            let operations = ["2025-06-17/place-details", "2025-06-17/place-search", "2025-06-17/place-tips"]
            let use = BaselineUse(Baseline())
            // Every operation answered 400 where it recorded 200: none is judged (covered), each answered.
            for operation in operations { use.answered(operation, recorded: 200, live: 400) }
            _ = use.judge(operations.map { "\($0) drift status 200 -> 400" } + ["2025-06-17/place-tips drift $.results[*].text removed"])
            let (written, held) = try BaselineSettings.update((path, Baseline()), from: use)
            #expect(held == [BaselineSettings.heldLine("drift status 200 -> 400", operations: 3)])
            #expect(written.entries.map(\.fingerprint) == ["2025-06-17/place-tips drift $.results[*].text removed"])
            #expect(try Baseline.load(URL(fileURLWithPath: path)).entries.count == 1)
            let (accepted, none) = try BaselineSettings.update((path, Baseline()), from: use, accepting: ["drift status 200 -> 400"])
            #expect(accepted.entries.count == 4 && none.isEmpty)
        }
    }

    @Test func anUpdatedBaselineIsWrittenToItsFileAndAnUnwritableOneNamesIt() throws {
        try withTemporaryDirectory { tmp in
            let path = tmp.appendingPathComponent("baseline.json").path
            try Data(#"{"entries": []}"#.utf8).write(to: URL(fileURLWithPath: path))
            let baseline = try Baseline.load(URL(fileURLWithPath: path))
            let (updated, held) = try BaselineSettings.update((path, baseline), from: BaselineUse(baseline))
            #expect(updated.entries.isEmpty && held.isEmpty)
            #expect(try Baseline.load(URL(fileURLWithPath: path)).entries.isEmpty)

            // A path under a file: no folder can be made there.
            let unwritable = path + "/baseline.json"
            #expect {
                try BaselineSettings.update((unwritable, baseline), from: BaselineUse(baseline))
            } throws: { error in
                (error as? UsageFailure)?.description.hasPrefix("--baseline \(unwritable): cannot write it: ") == true
            }
        }
    }

    @Test func aVerbExitsOneOnlyWhenSomethingFailed() throws {
        try VerbStatus(failed: false).exit()
        #expect { try VerbStatus(failed: true).exit() } throws: { ($0 as? JobExit) == JobExit(1) }
    }
}
