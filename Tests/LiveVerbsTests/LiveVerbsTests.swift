import ArgumentParser
import CommandParsing
import ContractCLI
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessJobs
import HarnessLive
import HarnessProject
import Testing
import TestSupport
@testable import LiveVerbs

/// What main passes reaches the live verbs: the stack every call goes through.
@Suite("the Live trait's collaborator")
struct LiveVerbsTests {
    @Test func mainsStackReachesRunLive() throws {
        var given = Collaborators()
        given.liveVerbs = LiveVerbs(stack: StubStack())
        let live = try parseCommand(RunCommand.self, root: FSQContract.self, [
            "run", "--no-project", "--live", "--base-url", "http://127.0.0.1:9", "--if-no-key", "skip",
        ])
        let job = try live.job(given)
        let pass = try #require(job.livePass as? LiveChecksPass)
        #expect(pass.options.stack is StubStack)
        #expect(pass.baseURL == "http://127.0.0.1:9")
    }

    /// Flags are checked before the stack is: a bad flag reads the same whatever the binary has.
    @Test func withoutAStackALiveRunIsRefusedAfterItsFlags() throws {
        var given = Collaborators()
        given.liveVerbs = LiveVerbs(stack: nil)
        let live = try parseCommand(RunCommand.self, root: FSQContract.self, [
            "run", "--no-project", "--live", "--base-url", "http://127.0.0.1:9", "--if-no-key", "skip",
        ])
        #expect { try live.job(given) } throws: { error in
            (error as? UsageFailure)?.description.hasPrefix("run --live needs the Live trait") == true
        }
        let badURL = try parseCommand(RunCommand.self, root: FSQContract.self, [
            "run", "--no-project", "--live", "--base-url", "ftp://127.0.0.1:9", "--if-no-key", "skip",
        ])
        #expect { try badURL.job(given) } throws: { error in
            (error as? UsageFailure)?.description == "--base-url 'ftp://127.0.0.1:9' is not an http(s) URL with a host"
        }
    }
}

/// A stack that answers nothing: for the steps before a call, and runs that make none.
struct StubStack: LiveHTTPStack {
    func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
        throw CancellationError()
    }
}
