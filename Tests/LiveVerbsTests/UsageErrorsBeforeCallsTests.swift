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

/// A usage error is found before the first call, even the keyless one that asks whether the server is the emulator
/// (`--fixture-header always`): a misspelt file costs no request.
@Suite("usage errors before any call")
struct UsageErrorsBeforeCallsTests {
    /// Counts what would have gone to the server, and answers nothing.
    final class CountingStack: LiveHTTPStack, @unchecked Sendable {
        let sent = Locked(0)
        func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
            sent.withLock { $0 += 1 }
            throw CancellationError()
        }
    }

    static let common = ["--no-project", "--fixtures", Products.packageRoot.appendingPathComponent("Fixtures").path,
                         "--base-url", "http://127.0.0.1:9", "--fixture-header", "always"]

    /// Runs `body` with a counting stack; returns the usage error it threw and the requests sent.
    static func attempt(_ body: (LiveVerbs) async throws -> Void) async -> (failure: String?, sent: Int) {
        let stack = CountingStack()
        var failure: String?
        do { try await body(LiveVerbs(stack: stack)) } catch let error as UsageFailure { failure = error.description } catch {}
        return (failure, stack.sent.withLock { $0 })
    }

    @Test func driftWithAMisspeltBaselineMakesNoCall() async throws {
        let command = try parseCommand(DriftCommand.self, root: FSQContract.self,
                                       ["drift"] + Self.common + ["--if-no-key", "skip", "--baseline", "/nonexistent/drift-baselin.json"])
        let (failure, sent) = await Self.attempt { try await $0.drift(try command.driftRequest(Collaborators(), verb: "drift")) }
        #expect(failure?.contains("drift-baselin.json") == true, "\(failure ?? "no usage error")")
        #expect(sent == 0)
    }

    @Test func runLiveWithAnEmptyShardMakesNoCall() async throws {
        var collaborators = Collaborators()
        let attempt = await Self.attempt { verbs in
            collaborators.liveVerbs = verbs
            let command = try parseCommand(RunCommand.self, root: FSQContract.self,
                                           ["run", "--live"] + Self.common + ["--if-no-key", "skip", "--shard", "900/900"])
            var run = command
            try await run.run(with: collaborators)
        }
        #expect(attempt.failure != nil, "no usage error")
        #expect(attempt.sent == 0)
    }

    @Test func recordWithAMissingPlanMakesNoCall() async throws {
        let command = try parseCommand(RecordCommand.self, root: FSQContract.self,
                                       ["record"] + Self.common + ["--mode", "all", "--dry-run", "--plan", "/nonexistent/plan.json"])
        let (failure, sent) = await Self.attempt { try await $0.record(try command.request()) }
        #expect(failure?.contains("--plan") == true, "\(failure ?? "no usage error")")
        #expect(sent == 0)
    }
}
