import Foundation
import FoursquarePlaces
@testable import HarnessCore
@testable import HarnessLive
import Testing
import TestSupport

/// A write answered 429 is sent again after `Retry-After`, within `--retries`, the budget and the deadline; a dry
/// run answered 5xx is sent again once; every other answer to a write is final. The server is an in-process stack that answers from a script and keeps what
/// was sent (`WriteRetryEndToEndTests` does the same against a loopback server, through the binaries).
@Suite struct WriteRetryTests {
    static let suggestion = "place-suggest-edit/2025-06-17/200-dry-run.json"

    /// Answers the n-th request with the n-th status of `script` (the last one after that): a 2xx with the fixture's
    /// own body, anything else with the API's error body and `Retry-After: retryAfter`.
    final class ScriptedStack: LiveHTTPStack, @unchecked Sendable {
        let script: [Int]
        let retryAfter: String
        let body: Data
        private let lock = NSLock()
        private var sent: [HTTPRequest] = []

        init(_ script: [Int], retryAfter: String = "0", body: Data) {
            self.script = script
            self.retryAfter = retryAfter
            self.body = body
        }

        var requests: [HTTPRequest] { lock.withLock { sent } }

        func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
            let index = lock.withLock { sent.append(request); return sent.count - 1 }
            let status = script[min(index, script.count - 1)]
            if (200...299).contains(status) {
                return (body, HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")])))
            }
            return (Data(#"{"message":"refused by the script (\#(status))"}"#.utf8),
                    HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json"), ("Retry-After", retryAfter)])))
        }
    }

    static func fixture(_ path: String = suggestion) throws -> (LoadedFixture, Fixture) {
        let loaded = try LiveProvocationTests.fixture(path)
        guard case let .fixture(fixture) = loaded else { Issue.record("\(path) did not load"); throw CancellationError() }
        return (loaded, fixture)
    }

    /// Runs the suggestion live against `script`; returns the results, the runner and the stack.
    static func run(_ script: [Int], retryAfter: String = "0", retries: Int = 2, maxCalls: Int? = nil,
                    deadline: Double = 600) async throws -> ([CaseResult], LiveRunner, ScriptedStack) {
        let (loaded, fixture) = try fixture()
        let stack = ScriptedStack(script, retryAfter: retryAfter, body: fixture.response.body.data)
        var options = LiveOptions(baseURL: LiveProvocationTests.base, key: LiveProvocationTests.key, authStyles: [.bearer],
                                  retries: retries, deadline: deadline)
        options.stack = stack
        options.maxCalls = maxCalls
        let runner = LiveRunner(options: options)
        return (await runner.run([loaded]), runner, stack)
    }

    @Test func aWriteAnswered429Then200PassesWithTwoCallsCounted() async throws {
        let (results, runner, stack) = try await Self.run([429, 200])
        #expect(stack.requests.count == 2)
        #expect(stack.requests.allSatisfy { $0.method == "POST" && $0.url.query?.contains("dry_run=true") == true })
        #expect(!results.isEmpty && results.allSatisfy { $0.verdict == .pass }, "\(results.map(\.verdict))")
        let tally = runner.caller.ledger.tally
        #expect(tally.calls == 2 && tally.retries == ["429": 1], "\(runner.caller.ledger.line)")
        #expect(runner.caller.ledger.line.hasPrefix("calls: 2 made, 0 shared, 0 skipped, 1 retried (1 × 429)"), "\(runner.caller.ledger.line)")
        // A waited-out quota is not a flaky server.
        #expect(tally.flaky.isEmpty)
        #expect(runner.options.writeLog.summary == "writes sent: 2 (1 dry run, 0 applied, 1 refused with 429: nothing done)")
    }

    /// A dry run applies nothing: one 5xx is a blip it may be sent again for, once, and the case is judged.
    @Test(arguments: [500, 503, 502])
    func aDryRunAnsweredA5xxOnceIsRetriedOnceAndJudged(status: Int) async throws {
        let (results, runner, stack) = try await Self.run([status, 200])
        #expect(stack.requests.count == 2)
        #expect(stack.requests.allSatisfy { $0.url.query?.contains("dry_run=true") == true })
        #expect(!results.isEmpty && results.allSatisfy { $0.verdict == .pass }, "\(results.map(\.verdict))")
        #expect(runner.caller.ledger.tally.retries == [String(status): 1])
        #expect(runner.caller.ledger.tally.serverTrouble.isEmpty)
    }

    @Test(arguments: [500, 503, 502])
    func aDryRunAnsweredA5xxTwiceIsSentTwiceAndNotJudged(status: Int) async throws {
        let (results, runner, stack) = try await Self.run([status, status, 200])
        #expect(stack.requests.count == 2, "one retry, not --retries 2")
        #expect(runner.caller.ledger.tally.calls == 2 && runner.caller.ledger.tally.retried == 1)
        // The server's trouble: the write's cases are not judged (neither red nor green), and the call is named.
        #expect(!results.isEmpty && results.allSatisfy { if case .skip = $0.verdict { return true } else { return false } },
                "\(results.map(\.verdict))")
        #expect(runner.caller.ledger.tally.serverTrouble.map(\.status) == [status])
    }

    /// Once an operation answered only 5xx, its next fixture sends nothing and is not judged (skipped, not red).
    @Test func anOperationThatAnsweredOnly5xxIsCalledNoMore() async throws {
        let (loaded, fixture) = try Self.fixture()
        let stack = ScriptedStack([503], body: fixture.response.body.data)
        var options = LiveOptions(baseURL: LiveProvocationTests.base, key: LiveProvocationTests.key, authStyles: [.bearer])
        options.stack = stack
        let runner = LiveRunner(options: options)
        for i in 0..<CallHealth.serverErrorLimit { runner.caller.health.attempted(operation: fixture.endpoint.rawValue, status: 503, expected: 200, retry: true, target: "/\(i)") }
        let results = await runner.run([loaded])
        #expect(stack.requests.isEmpty)
        #expect(!results.isEmpty && results.allSatisfy {
            if case let .skip(reason) = $0.verdict { reason.hasPrefix("not judged: place-suggest-edit answers only 5xx: 503") } else { false }
        }, "\(results.map(\.verdict))")
    }

    @Test func aBudgetOfOneDoesNotRetryAndTheCaseSaysSo() async throws {
        let (results, runner, stack) = try await Self.run([429, 200], maxCalls: 1)
        #expect(stack.requests.count == 1)
        #expect(runner.caller.ledger.tally.calls == 1 && runner.caller.ledger.tally.retried == 0)
        let status = try #require(results.first { $0.check == .liveStatus })
        // A 429 left unretried is the server's trouble: not judged, and the case says why it was not retried.
        guard case let .skip(message) = status.verdict else { Issue.record("\(status.verdict)"); return }
        #expect(message.contains("answered 429") && message.contains("not retried: the budget of 1 calls (--max-calls) is spent"), "\(message)")
    }

    @Test func aRetryAfterPastTheDeadlineIsNotWaitedForAndTheCaseSaysSo() async throws {
        // A deadline no loaded machine reaches before the call, and a Retry-After far past it.
        let (results, runner, stack) = try await Self.run([429, 200], retryAfter: "100000", deadline: 3600)
        #expect(stack.requests.count == 1)
        #expect(runner.caller.ledger.tally.backoff == 0, "nothing was waited")
        let status = try #require(results.first { $0.check == .liveStatus })
        guard case let .skip(message) = status.verdict else { Issue.record("\(status.verdict)"); return }
        #expect(message.contains("not retried: after HTTP 429 the wait of 100000.0 s (Retry-After: 100000 s) would pass the run's deadline (--deadline 3600"),
                "\(message)")
    }

    @Test func aWritesRetriesAreBoundedByRetries() async throws {
        let (_, runner, stack) = try await Self.run([429], retries: 2)
        #expect(stack.requests.count == 3, "the first call and --retries 2")
        #expect(runner.caller.ledger.tally.retries == ["429": 2])
        #expect(runner.options.writeLog.summary == "writes sent: 3 (0 dry runs, 0 applied, 3 refused with 429: nothing done)")
    }

    @Test func aWritesWaitIsTheWholeRetryAfterAReadsIsCappedByMaxBackoff() throws {
        let write = try CallPlan.make(for: try Self.fixture().1)
        let read = try CallPlan.make(for: try Self.fixture("place-details/2025-06-17/200-typical.json").1)
        let quota = FoursquareError(code: .rateLimited, status: 429, retryAfter: 8)
        #expect(WriteRetry.wait(write, after: quota, backoff: 5) == 8)
        #expect(WriteRetry.wait(read, after: quota, backoff: 5) == 5)
        let applied = try CallPlan.make(for: try Self.fixture("place-suggest-edit/2025-06-17/200-not-dry-run.json").1)
        let failed = FoursquareError(code: .serverError, status: 500)
        #expect(write.dryRun == true && applied.dryRun == false)
        #expect(WriteRetry.mayResend(write, after: quota, attempt: 2) && WriteRetry.mayResend(applied, after: quota, attempt: 2))
        #expect(WriteRetry.mayResend(write, after: failed, attempt: 1), "a dry run, once")
        #expect(!WriteRetry.mayResend(write, after: failed, attempt: 2))
        #expect(!WriteRetry.mayResend(applied, after: failed, attempt: 1), "a write that may have been applied, never")
        #expect(WriteRetry.mayResend(read, after: failed, attempt: 2))
    }
}
