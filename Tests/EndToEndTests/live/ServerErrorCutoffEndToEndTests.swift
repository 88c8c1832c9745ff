import Foundation
import Testing
import TestSupport

/// An operation that answers only 5xx gets no more requests once it has answered so `serverErrorLimit` times, retries
/// included, for two different requests, and the run's line counts the requests the server saw: a night of 503s costs a handful of calls, not the
/// budget, and its count agrees with the server's log.
@Suite("An operation answering only 5xx stops after a few requests", .serialized, .timeLimit(.minutes(3)))
struct ServerErrorCutoffEndToEndTests {
    static let paths = ["200-minimal-fields", "200-premium-fields", "200-typical", "400-bad-request", "404-not-found"]
        .map { "place-details/2025-06-17/\($0).json" }

    /// `twice`: each fixture also under a second name, so each request is asked for twice.
    func run(_ extra: [String], twice: Bool = false) async throws -> (CommandResult, [EchoServer.RecordedRequest]) {
        try await withTemporaryDirectory { tmp in
            let fixtures = tmp.appendingPathComponent("Fixtures")
            try copyFixtures(Self.paths, to: fixtures)
            for path in Self.paths where twice {
                let file = fixtures.appendingPathComponent(path)
                try FileManager.default.copyItem(at: file, to: file.deletingPathExtension().appendingPathExtension("again.json"))
            }
            let server = try await EchoServer.start(reply: .json(503, #"{"message":"Service unavailable."}"#))
            let result = try await Products.run(["run", "--live", "--base-url", server.baseURL.absoluteString, "--fixtures", fixtures.path,
                                                 "--report", tmp.appendingPathComponent("live.xml").path, "--fixture-header", "never",
                                                 "--contract", "2025-06-17", "--retries", "2"] + extra,
                                                environment: ["FSQ_API_KEY": E2E.sentinel, "CI": "false"])
            await server.stop()
            return (result, server.requests)
        }
    }

    /// One call at a time: the first call's try and its two retries, then the second call's first try (a second
    /// request failing shows the operation, not one place, is failing); no other call is sent.
    @Test func retriesCountTowardTheCutoffAndNoOtherCallIsSent() async throws {
        let (result, requests) = try await run(["--concurrency", "1"])
        #expect(result.status == 3, "\(result.stdout.suffix(1500))")
        #expect(requests.count == 4, "\(requests.map(\.target))")
        #expect(Set(requests.map(\.target)).count == 2, "\(requests.map(\.target))")
        #expect(result.stdout.contains("place-details answers only 5xx: 503 (4 of 4 calls)"), "\(result.stdout.suffix(1500))")
        #expect(result.stdout.contains("calls: 4 made"), "\(result.stdout.suffix(1500))")
        // Each fixture call once: the two made (their retries apart) and the three the stopped operation skipped.
        #expect(Self.fixtureCalls(result.stdout) == Self.paths.count, "\(result.stdout.suffix(1500))")
    }

    /// Calls in flight together each count, and once a retry too is answered 5xx no other retry is sent: at most
    /// each of the four calls' first try and one retry.
    @Test func theLineCountsEveryRequestTheServerSaw() async throws {
        let (result, requests) = try await run(["--concurrency", "4"])
        #expect(result.status == 3, "\(result.stdout.suffix(1500))")
        #expect((3...8).contains(requests.count), "\(requests.map(\.target))")
        #expect(result.stdout.contains("place-details answers only 5xx: 503 (\(requests.count) of \(requests.count) calls)"),
                "\(requests.count) requests; \(result.stdout.suffix(1500))")
        #expect(result.stdout.contains("calls: \(requests.count) made"), "\(result.stdout.suffix(1500))")
        #expect(Self.fixtureCalls(result.stdout) == Self.paths.count, "\(result.stdout.suffix(1500))")
    }

    /// Calls already past the operation check when the operation stops (they wait for the pace) are not sent, and
    /// each fixture call counts once: a second fixture asking for a request that was never sent is skipped, not
    /// also shared.
    @Test func callsStoppedWhileWaitingForThePaceCountOnce() async throws {
        let (result, requests) = try await run(["--concurrency", "5", "--rate-limit", "4", "--retries", "0"], twice: true)
        #expect(result.status == 3, "\(result.stdout.suffix(1500))")
        #expect(result.stdout.contains("calls: \(requests.count) made"), "\(result.stdout.suffix(1500))")
        #expect(Self.fixtureCalls(result.stdout) == 2 * Self.paths.count, "\(result.stdout.suffix(1500))")
    }

    /// The fixture calls the calls line counts: made less its retries, shared, skipped and not sent.
    static func fixtureCalls(_ stdout: String) -> Int? {
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("calls: ") }) else { return nil }
        func count(_ label: String) -> Int {
            guard let range = line.range(of: " \(label)") else { return 0 }
            return Int(line[..<range.lowerBound].split(separator: " ").last ?? "") ?? 0
        }
        return count("made") - count("retried") + count("shared") + count("skipped") + count("not sent once")
    }
}
