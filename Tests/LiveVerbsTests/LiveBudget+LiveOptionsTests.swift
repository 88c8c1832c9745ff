import ArgumentParser
import CommandParsing
import ContractCLI
import Foundation
import HarnessCore
import HarnessJobs
import HarnessLive
import HarnessProject
import Testing
import TestSupport
@testable import LiveVerbs

/// The budget and pace flags, resolved, as the live options take them.
@Suite("the live budget flags")
struct LiveBudgetFlagsTests {
    @Test func rateLimitZeroTurnsTheProjectFilesPaceOffForOneRun() throws {
        var project = ProjectFile()
        project.rateLimit = 8
        var options = LiveOptions(baseURL: URL(string: "http://127.0.0.1:9")!, key: nil, authStyles: [.bearer], retries: 0, deadline: 20)
        let off = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift", "--rate-limit", "0"])
        try off.budget.resolved.apply(to: &options, project: project)
        #expect(options.rateLimit == nil)
        let kept = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift"])
        try kept.budget.resolved.apply(to: &options, project: project)
        #expect(options.rateLimit == 8)
        let negative = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift", "--rate-limit=-1"])
        #expect(throws: UsageFailure.self) { try negative.budget.resolved.apply(to: &options, project: project) }
    }

}
