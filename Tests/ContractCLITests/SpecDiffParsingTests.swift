import ArgumentParser
import CommandParsing
@testable import ContractCLI
import Testing

/// `fsq-contract spec-diff`'s flags, parsed in process.
@Suite("spec-diff flags")
struct SpecDiffParsingTests {
    @Test func everyFlagReachesTheRequest() throws {
        let command = try parseCommand(SpecDiffCommand.self, root: FSQContract.self, [
            "spec-diff", "old.json", "new.yaml", "--contract", "2025-06-17", "--overrides", "o.json", "--markdown", "c.md",
            "--report", "r.xml", "--json", "c.json", "--baseline", "b.json",
        ])
        #expect(command.old == "old.json" && command.new == "new.yaml")
        #expect(command.contract == "2025-06-17" && command.overrides == "o.json")
        #expect(command.markdown == "c.md" && command.report == "r.xml" && command.json == "c.json" && command.baseline == "b.json")
    }

    @Test func outputsAreOptional() throws {
        let command = try parseCommand(SpecDiffCommand.self, root: FSQContract.self, ["spec-diff", "a.json", "b.json"])
        #expect(command.contract == nil && command.markdown == nil && command.report == nil && command.json == nil && command.baseline == nil)
    }

    @Test(arguments: [
        (["spec-diff", "a.json"], "new"),
        (["spec-diff", "a.json", "b.json", "--contract", "1999-01-01"], "--contract 1999-01-01: not a known contract"),
        (["spec-diff", "a.json", "b.json", "--markdown", "out/"], "--markdown 'out/': give a file path"),
    ])
    func badCommandLinesAreOneLineUsageErrors(arguments: [String], says: String) throws {
        let failure = try #require(parseFailure(root: FSQContract.self, arguments))
        #expect(failure.firstLine.contains(says), "\(failure)")
    }
}
