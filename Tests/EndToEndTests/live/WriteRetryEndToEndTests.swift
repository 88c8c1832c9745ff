import Foundation
import Testing
import TestSupport

/// A write answered 429 is sent again after `Retry-After`, through the binaries, against a loopback server that answers
/// from a script and logs every request: 429 then 200 passes with two calls counted; a dry run's 500 is retried once; a budget of
/// one call does not retry.
@Suite("A write answered 429 is retried within the budget", .serialized, .timeLimit(.minutes(3)))
struct WriteRetryEndToEndTests {
    static let path = "place-suggest-edit/2025-06-17/200-dry-run.json"

    /// Answers the n-th request with the n-th status of `script` (the last one after): a 2xx with the fixture's body, a
    /// 429 with `Retry-After: 1`.
    static func server(_ script: [Int]) async throws -> EchoServer {
        let fixture = try E2E.object(Products.packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(path))
        let body = try JSONSerialization.data(withJSONObject: (fixture["response"] as? [String: Any])?["body"] ?? [:])
        let seen = Counter()
        return try await EchoServer.start { _ in
            let status = script[min(seen.next(), script.count - 1)]
            switch status {
            case 200...299: return .json(status, String(decoding: body, as: UTF8.self))
            case 429: return .json(429, #"{"message":"Rate limit exceeded."}"#, headers: [.init("Retry-After", "1")])
            default: return .json(status, #"{"message":"Internal server error."}"#)
            }
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        /// The count before this call.
        func next() -> Int { lock.withLock { defer { value += 1 }; return value } }
    }

    func run(_ script: [Int], _ extra: [String] = []) async throws -> (CommandResult, [EchoServer.RecordedRequest], String) {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try copyFixtures([Self.path], to: fixtures)
            let server = try await Self.server(script)
            let report = tmp.appendingPathComponent("live.xml").path
            let result = try await Products.run(["run", "--live", "--base-url", server.baseURL.absoluteString, "--fixtures", fixtures.path,
                                                 "--report", report, "--fixture-header", "never", "--contract", "2025-06-17"] + extra,
                                                environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "false"])
            await server.stop()
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            return (result, server.requests, text)
        }
    }

    @Test func aWriteAnswered429Then200PassesWithTwoCallsCounted() async throws {
        let (result, requests, _) = try await run([429, 200])
        #expect(result.status == 0, "\(result.stdout.suffix(1500))\n\(result.stderr)")
        #expect(requests.count == 2, "\(requests.map(\.target))")
        #expect(requests.allSatisfy { $0.method == "POST" && $0.rawQuery?.contains("dry_run=true") == true })
        #expect(result.stdout.contains("calls: 2 made, 0 shared, 0 skipped, 1 retried (1 × 429)"), "\(result.stdout.suffix(800))")
        #expect(result.stdout.contains("writes sent: 2 (1 dry run, 0 applied, 1 refused with 429: nothing done)"), "\(result.stdout.suffix(800))")
    }

    @Test func aDryRunAnswered500OnceIsSentAgainOnceAndJudged() async throws {
        let (result, requests, _) = try await run([500, 200])
        #expect(result.status == 0, "\(result.stdout.suffix(1500))")
        #expect(requests.count == 2 && requests.allSatisfy { $0.rawQuery?.contains("dry_run=true") == true }, "\(requests.map(\.target))")
        #expect(result.stdout.contains("calls: 2 made, 0 shared, 0 skipped, 1 retried (1 × 500)"), "\(result.stdout.suffix(800))")
    }

    @Test func aDryRunAnswered500TwiceIsNotSentAThirdTime() async throws {
        let (result, requests, _) = try await run([500, 500, 200])
        // An operation that answered only 5xx could not be judged: its own status, not a contract change.
        #expect(result.status == 3, "\(result.stdout.suffix(1500))")
        #expect(result.stdout.contains("could not judge the contract (exit 3): place-suggest-edit answers only 5xx: 500"), "\(result.stdout.suffix(800))")
        #expect(requests.count == 2, "\(requests.map(\.target))")
    }

    @Test func aBudgetOfOneDoesNotRetryAndTheReportSaysWhy() async throws {
        let (result, requests, report) = try await run([429, 200], ["--max-calls", "1"])
        // The quota left the call unanswered: the run could not judge it, and says which limit ended its retries.
        #expect(result.status == 3, "\(result.stdout.suffix(1500))")
        #expect(result.stdout.contains("could not judge every case (exit 3): place-suggest-edit answered 429"), "\(result.stdout.suffix(800))")
        #expect(result.stdout.contains("--max-calls (1 call) allowed no more retries"), "\(result.stdout.suffix(800))")
        #expect(requests.count == 1, "\(requests.map(\.target))")
        #expect(report.contains("not retried: the budget of 1 calls (--max-calls) is spent"), "\(report.suffix(1500))")
    }
}
