import ArgumentParser
import CommandParsing
import ContractCLI
import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessJobs
import HarnessLive
import LiveTestSupport
import Testing
import TestSupport
@testable import LiveVerbs

/// What `run --live`, `drift` and `record` resolve from `--api-version` reaches the wire: without it each call sends
/// the version its fixture's folder is named for; with it, the version it names, under every contract. (With one dated
/// version only, its version is also the default: the first test has teeth once a second version's folder exists,
/// as `scripts/new-contract.sh` makes one; `APIVersionHeaderTests` does without.)
@Suite("--api-version on the wire")
struct APIVersionFlagTests {
    /// `place-details` fixtures of every contract, run with the verb's resolved options against a stub that keeps each
    /// request: each request's fixture path (`X-Emulator-Fixture`) and its `X-Places-Api-Version`.
    static func sent(_ resolved: LiveOptions) async throws -> [(fixture: String, sent: String?)] {
        let stack = StubLiveStack { _ in (200, []) }
        var options = resolved
        options.key = StubLiveStack.key
        options.stack = stack
        options.selectFixtureHeader = true
        let fixtures = try ShippedCorpus.fixtures { $0.hasPrefix("place-details/") }
        _ = await LiveRunner(options: options).run(fixtures)
        return stack.requests.map { ($0.headers[EmulatorFixtureHeader.name] ?? "", $0.headers["X-Places-Api-Version"]) }
    }

    static func flags(_ extra: [String]) -> [String] {
        ["--no-project", "--base-url", "http://127.0.0.1:9", "--if-no-key", "skip", "--fixture-header", "never", "--auth", "bearer"] + extra
    }

    static func runLiveOptions(_ extra: [String]) throws -> LiveOptions {
        var given = Collaborators()
        given.liveVerbs = LiveVerbs(stack: StubStack())
        let command = try parseCommand(RunCommand.self, root: FSQContract.self, ["run", "--live"] + Self.flags(extra))
        return try #require(try command.job(given).livePass as? LiveChecksPass).options
    }

    static func driftOptions(_ extra: [String]) async throws -> LiveOptions {
        try await withTemporaryDirectory { tmp in
            let command = try parseCommand(DriftCommand.self, root: FSQContract.self, ["drift"] + Self.flags(extra) + [
                "--fixtures", Products.packageRoot.appendingPathComponent("Fixtures").path,
                "--report", tmp.appendingPathComponent("drift.xml").path,
            ])
            return try await DriftJob.resolve(try command.driftRequest(Collaborators(), verb: "drift"), stack: StubStack()).options
        }
    }

    /// Record's session; `--dry-run` so that it needs no key (the test sets its own).
    static func recordOptions(_ extra: [String]) throws -> LiveOptions {
        let command = try parseCommand(RecordCommand.self, root: FSQContract.self, ["record", "--dry-run", "--no-project", "--base-url",
                                                                                  "http://127.0.0.1:9", "--auth", "bearer"] + extra)
        return try RecordJob.session(try command.request(), stack: StubStack()).options
    }

    @Test func withoutTheFlagEachCallSendsItsFoldersVersion() async throws {
        for options in [try Self.runLiveOptions([]), try await Self.driftOptions([]), try Self.recordOptions([])] {
            let sent = try await Self.sent(options)
            // A dated version's fixtures live in Fixtures/<endpoint>/<version>/; seed's in Fixtures/<endpoint>/.
            let dated = sent.compactMap { call -> (folder: String, fixture: String, sent: String?)? in
                let parts = call.fixture.split(separator: "/")
                return parts.count == 3 ? (String(parts[1]), call.fixture, call.sent) : nil
            }
            #expect(Set(dated.map(\.folder)).count == Contract.known.count - 1, "\(Set(dated.map(\.folder)))")
            for (folder, fixture, version) in dated {
                #expect(version == folder, "\(fixture) sent \(version ?? "none")")
            }
        }
    }

    @Test func theFlagsVersionIsSentUnderEveryContract() async throws {
        let flag = ["--api-version", "1999-01-01"]
        for options in [try Self.runLiveOptions(flag), try await Self.driftOptions(flag), try Self.recordOptions(flag)] {
            let sent = try await Self.sent(options)
            #expect(!sent.isEmpty)
            #expect(sent.allSatisfy { $0.sent == "1999-01-01" }, "\(sent.filter { $0.sent != "1999-01-01" }.prefix(3))")
        }
    }
}
