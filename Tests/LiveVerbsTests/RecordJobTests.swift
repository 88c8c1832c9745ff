import ArgumentParser
import CommandParsing
import ContractCLI
import Foundation
import HarnessCore
import HarnessJobs
import HarnessLive
import HarnessRecord
import HarnessProject
import Testing
import TestSupport
@testable import LiveVerbs

/// What record resolves before its first call.
@Suite("fsq-contract record's job")
struct RecordJobTests {
    @Test func recordWhoseModeRecordsNothingEndsBeforeAnyCallAndFailsOnlyForAPlan() async throws {
        let plain = try parseCommand(RecordCommand.self, root: FSQContract.self, ["record", "--no-project", "--mode", "never"])
        await #expect { try await RecordJob.resolve(try plain.request(), stack: nil) } throws: { ($0 as? JobExit) == .success }
        let planned = try parseCommand(RecordCommand.self, root: FSQContract.self, [
            "record", "--no-project", "--mode", "never", "--plan", "plan.json",
        ])
        await #expect { try await RecordJob.resolve(try planned.request(), stack: nil) } throws: { ($0 as? JobExit) == JobExit(1) }
    }

    /// `--mode` parses in every build, so its values are written beside the flag; they must be record's own.
    @Test func modeFlagNamesRecordsModes() {
        #expect(RecordCommand.Mode.allCases.map(\.rawValue) == RecordMode.allCases.map(\.rawValue))
        for choice in RecordCommand.Mode.allCases { #expect(RecordMode(choice: choice).rawValue == choice.rawValue) }
    }
}
