import ArgumentParser
import CommandParsing
@testable import ContractCLI
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessJobs
import Testing
import TestSupport

/// What main passes reaches the verbs, and a verb whose trait was not built says which build has it (exit 2).
@Suite("fsq-contract collaborators")
struct CollaboratorsTests {
    /// The one line a verb prints without its collaborator (after the verb's name).
    static func missing(_ feature: String, _ trait: String) -> String {
        "\(feature) needs the \(trait) trait, which this fsq-contract was built without; run '\(MissingTrait.buildCommand(trait: trait))' first"
    }

    @Test func theBuildCommandNamesTheTraitAndTheConfiguration() {
        let debug = URL(fileURLWithPath: "/src/.build/x86_64-unknown-linux-gnu/debug/fsq-contract")
        #expect(MissingTrait.buildCommand(trait: "Live", executable: debug) == "swift build --traits Live --product fsq-contract")
        let release = URL(fileURLWithPath: "/src/.build/release/fsq-contract")
        #expect(MissingTrait.buildCommand(trait: "OpenAPI", executable: release)
            == "swift build -c release --traits OpenAPI --product fsq-contract")
    }

    @Test func withoutTheirTraitTheVerbsNameIt() async throws {
        func failure(_ body: () async throws -> Void) async -> String? {
            do { try await body(); return nil } catch let failure as UsageFailure { return failure.description } catch { return "\(error)" }
        }
        let none = Collaborators()
        var serve = try parseCommand(ServeCommand.self, root: FSQContract.self, ["serve", "--no-project", "--port", "0"])
        #expect(await failure { try await serve.run(with: none) } == Self.missing("serve", "Emulator"))
        var diff = try parseCommand(SpecDiffCommand.self, root: FSQContract.self, ["spec-diff", "a.json", "b.json"])
        #expect(await failure { try await diff.run(with: none) } == Self.missing("spec-diff", "OpenAPI"))
        var fuzz = try parseCommand(FuzzCommand.self, root: FSQContract.self, ["fuzz", "--no-project", "--openapi", "doc.json"])
        #expect(await failure { try await fuzz.run(with: none) } == Self.missing("fuzz", "OpenAPI"))
        var list = try parseCommand(ListCommand.self, root: FSQContract.self, ["list", "--no-project", "--openapi", "doc.json"])
        #expect(await failure { try await list.run(with: none) } == Self.missing("--openapi", "OpenAPI"))
        let run = try parseCommand(RunCommand.self, root: FSQContract.self, ["run", "--no-project", "--openapi", "doc.json"])
        #expect(await failure { _ = try run.job(none) } == Self.missing("--openapi", "OpenAPI"))
        let live = try parseCommand(RunCommand.self, root: FSQContract.self, [
            "run", "--no-project", "--live", "--base-url", "http://127.0.0.1:9", "--if-no-key", "skip",
        ])
        #expect(await failure { _ = try live.job(none) } == Self.missing("run --live", "Live"))
    }

    @Test func mainsCollaboratorsReachTheVerbs() async throws {
        var given = Collaborators()
        let differ = StubDiffer()
        given.specDiffer = differ
        var diff = try parseCommand(SpecDiffCommand.self, root: FSQContract.self, ["spec-diff", "old.json", "new.json"])
        try await diff.run(with: given)
        #expect(differ.asked.withLock { $0 } == ["old.json new.json"])
    }

    @Test func withoutTheLiveTraitTheLiveVerbsNameIt() async throws {
        func failure(_ body: () async throws -> Void) async -> String? {
            do { try await body(); return nil } catch let failure as UsageFailure { return failure.description } catch { return "\(error)" }
        }
        let none = Collaborators()
        var drift = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift", "--no-project"])
        #expect(await failure { try await drift.run(with: none) } == Self.missing("drift", "Live"))
        var record = try parseCommand(RecordCommand.self, root: FSQContract.self, ["record", "--no-project"])
        #expect(await failure { try await record.run(with: none) } == Self.missing("record", "Live"))
        var nightly = try parseCommand(NightlyCommand.self, root: FSQContract.self, ["nightly", "--no-project"])
        #expect(await failure { try await nightly.run(with: none) } == Self.missing("nightly", "Live"))
        var audit = try parseCommand(FixturesAuditCommand.self, root: FSQContract.self, ["fixtures", "audit", "--no-project"])
        #expect(await failure { try await audit.run(with: none) } == Self.missing("fixtures audit", "Live"))
    }
}

private final class StubDiffer: SpecDiffing {
    let asked = Locked<[String]>([])

    func run(_ request: SpecDiffRequest) throws -> Int32 {
        asked.withLock { $0.append("\(request.old) \(request.new)") }
        return 0
    }
}
