import ArgumentParser
import CommandParsing
@testable import ContractCLI
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessJobs
import HarnessProject
import Testing
import TestSupport

/// The messages a new CI engineer met on the nightly, each said the way the user can act on it.
@Suite("fsq-contract messages that do not mislead")
struct NightlyMessagesTests {
    @Test func anUnknownOptionIsMatchedByItsWordsBeforeItsSpelling() throws {
        let record = OptionSuggestion.corrected("Unknown option '--plan-file'. Did you mean '--ca-file'?", verb: RecordCommand.self)
        #expect(record == "Unknown option '--plan-file'. Did you mean '--plan'?")
        // A word cut short still counts: `--max-call` is `--max-calls`, not the shorter `--max-body`.
        let short = OptionSuggestion.corrected("Unknown option '--max-call'. Did you mean '--max-body'?", verb: NightlyCommand.self)
        #expect(short == "Unknown option '--max-call'. Did you mean '--max-calls'?")
        // A plain typo keeps ArgumentParser's nearest spelling.
        let typo = OptionSuggestion.corrected("Unknown option '--fixtuers'. Did you mean '--fixtures'?", verb: RunCommand.self)
        #expect(typo == "Unknown option '--fixtuers'. Did you mean '--fixtures'?")
        #expect(OptionSuggestion.options(of: RecordCommand.self).contains("plan"))
        #expect(OptionSuggestion.verb(in: ["fsq-contract", "record", "--plan-file"]) == RecordCommand.self)
    }

    @Test func aFixturesFolderFromTheProjectFileIsNamedAsItsKeyNotAsAFlag() throws {
        try withTemporaryDirectory { tmp in
            let file = tmp.appendingPathComponent("fsq-contract.json")
            try Data(#"{"fixtures": "Fixturs"}"#.utf8).write(to: file)
            let run = try parseCommand(RunCommand.self, root: FSQContract.self, ["run", "--project", file.path])
            let folder = try run.scope(live: false).fixtures
            let error = try #require(throws: UsageFailure.self) { try folder.discover() }
            #expect("\(error)".hasPrefix("\(file.path) \"fixtures\": \(tmp.appendingPathComponent("Fixturs").path): fixtures folder does not exist"), "\(error)")
            #expect("\(error)".hasSuffix("fix the key, or pass --fixtures"), "\(error)")

            let flagged = try parseCommand(RunCommand.self, root: FSQContract.self, ["run", "--project", file.path, "--fixtures", "Elsewhere"])
            let flaggedFolder = try flagged.scope(live: false).fixtures
            let flagError = try #require(throws: UsageFailure.self) { try flaggedFolder.discover() }
            #expect("\(flagError)".hasPrefix("--fixtures Elsewhere: fixtures folder does not exist"), "\(flagError)")
        }
    }

    @Test func leftOutIsSaidOnlyWhenTheFolderHasFixturesOfTheContractLeftOut() throws {
        try withTemporaryDirectory { tmp in
            let file = tmp.appendingPathComponent("fsq-contract.json")
            try Data(#"{"liveContracts": ["2025-06-17"]}"#.utf8).write(to: file)
            let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures")
            // Only 2025-06-17 fixtures: nothing of seed was left out.
            let current = tmp.appendingPathComponent("Current/place-search/2025-06-17")
            try FileManager.default.createDirectory(at: current, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: shipped.appendingPathComponent("place-search/2025-06-17/200-typical.json"),
                                             to: current.appendingPathComponent("200-typical.json"))
            let onlyCurrent = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift", "--project", file.path, "--fixtures", tmp.appendingPathComponent("Current").path])
            let scope = try onlyCurrent.scope(live: true)
            #expect(scope.selection.leftOut == Contract.known.filter { $0 != "2025-06-17" })
            #expect(scope.fixtures.leftOutLine(scope.selection) == nil)
            // The shipped corpus has seed fixtures: the line is said.
            let both = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift", "--project", file.path, "--fixtures", shipped.path])
            let bothScope = try both.scope(live: true)
            #expect(bothScope.fixtures.leftOutLine(bothScope.selection)?.hasPrefix("left out: seed") == true)
        }
    }

    @Test func aBaselinePathThatDoesNotExistIsAnErrorUnlessUpdateBaselineCreatesIt() throws {
        try withTemporaryDirectory { tmp in
            let missing = tmp.appendingPathComponent("basline.json").path
            let drift = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift", "--baseline", missing])
            let error = try #require(throws: UsageFailure.self) { try drift.baselineFlags.resolved.load(project: .none) }
            #expect("\(error)" == "--baseline \(missing): no such file; fix the path, or pass --update-baseline to create it from this run")
            let creating = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift", "--baseline", missing, "--update-baseline",
                                                                                       "--baseline-expires", "never"])
            #expect(try creating.baselineFlags.resolved.load(project: .none)?.baseline.entries.isEmpty == true)
            #expect(creating.baselineFlags.resolved.newEntryExpiry == "never")
            #expect(throws: (any Error).self) {
                try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift", "--baseline", missing, "--baseline-expires", "never"])
            }
        }
    }

    /// A date already past would write entries that fail the night that accepts them: refused, naming today.
    @Test func aBaselineExpiryInThePastIsRefused() throws {
        let past = ["nightly", "--baseline", "b.json", "--update-baseline", "--baseline-expires", "2020-01-01"]
        do {
            _ = try parseCommand(NightlyCommand.self, root: FSQContract.self, past)
            Issue.record("a past date was accepted")
        } catch {
            let message = FSQContract.fullMessage(for: error)
            #expect(message.contains("--baseline-expires 2020-01-01: that date has passed (today is \(Baseline.day()))"), "\(message)")
        }
        // A day no calendar has is no date.
        for impossible in ["2099-13-01", "2099-02-30"] {
            #expect(throws: (any Error).self) {
                try parseCommand(NightlyCommand.self, root: FSQContract.self, ["nightly", "--baseline", "b.json", "--update-baseline",
                                                                               "--baseline-expires", impossible])
            }
        }
        let today = try parseCommand(NightlyCommand.self, root: FSQContract.self, ["nightly", "--baseline", "b.json", "--update-baseline",
                                                                                   "--baseline-expires", Baseline.day()])
        #expect(today.baselineFlags.resolved.newEntryExpiry == Baseline.day())
    }
}
