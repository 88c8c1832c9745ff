import Foundation
import FoursquarePlaces
import HarnessLive
@testable import LiveHTTPClient
import Testing
import TestSupport

/// The live stack against servers that never end, never answer or answer too much.
@Suite(.timeLimit(.minutes(2)))
struct AsyncHTTPClientStackTests {
    static let cap = 1024 * 1024

    func get(_ url: URL, timeout: Double, maxBody: Int = cap) async throws -> (Data, HTTPResponse) {
        try await offThePool {
            try await LiveTransport(stack: AsyncHTTPClientStack(), timeout: timeout, maxBody: maxBody)
                .send(HTTPRequest(url: url.appendingPathComponent("places/search")))
        }
    }

    @Test(arguments: HostileServer.Framing.allCases)
    func anEndlessBodyStopsAtTheCapWithItsSize(framing: HostileServer.Framing) async throws {
        let server = try HostileServer.start(.endlessBody(framing))
        defer { server.stop() }
        do {
            _ = try await get(server.baseURL, timeout: 30)
            Issue.record("an endless body returned")
        } catch let error as LiveTransportError {
            guard case let .bodyTooLarge(bytes, limit, announced, _) = error else {
                Issue.record("expected bodyTooLarge, got \(error)")
                return
            }
            #expect(limit == Self.cap)
            #expect(bytes > Self.cap)
            #expect(announced == (framing == .contentLength))
            #expect(error.description.contains("1 MB cap"))
        }
    }

    @Test func endlessHeadersEndWithAnErrorThatSaysSo() async throws {
        let server = try HostileServer.start(.endlessHeaders)
        defer { server.stop() }
        do {
            _ = try await get(server.baseURL, timeout: 1.5)
            Issue.record("endless headers returned")
        } catch let error as LiveTransportError {
            // NIO's parser refuses a head past 80 KB, long before the timeout.
            #expect(error == .malformed(reason: "the response head is larger than the parser's 80 KB limit",
                                        url: server.baseURL.appendingPathComponent("places/search")))
        }
    }

    @Test func aNeverAnsweringServerTimesOutAtAFractionalTimeout() async throws {
        let server = try HostileServer.start(.neverAnswer)
        defer { server.stop() }
        await #expect(throws: LiveTransportError.timedOut(seconds: 0.4, headReceived: false, bodyBytes: 0,
                                                         url: server.baseURL.appendingPathComponent("places/search"))) {
            _ = try await get(server.baseURL, timeout: 0.4)
        }
    }

    @Test func aOneByteASecondServerEndsByTheTimeout() async throws {
        let server = try HostileServer.start(.oneBytePerSecond)
        defer { server.stop() }
        // A head trickling in below the parser's size limit is ended by our deadline, which says the head never came.
        await #expect(throws: LiveTransportError.timedOut(seconds: 2, headReceived: false, bodyBytes: 0,
                                                         url: server.baseURL.appendingPathComponent("places/search"))) {
            _ = try await get(server.baseURL, timeout: 2)
        }
    }

    /// A connection reset after the head is a transport failure with no answer, as a reset before the head is.
    @Test func aResetMidBodyIsNoAnswer() async throws {
        let server = try HostileServer.start(.resetMidBody)
        defer { server.stop() }
        do {
            _ = try await get(server.baseURL, timeout: 10)
            Issue.record("a reset body returned")
        } catch let error as LiveTransportError {
            guard case .closed = error else { Issue.record("expected closed, got \(error)"); return }
            #expect(error.isNoAnswer)
            #expect(error.description.contains("closed mid-answer"), "\(error.description)")
        }
        let before = try HostileServer.start(.reset)
        defer { before.stop() }
        do {
            _ = try await get(before.baseURL, timeout: 10)
            Issue.record("a reset returned")
        } catch let error as LiveTransportError {
            #expect(error.isNoAnswer, "\(error)")
        }
    }

    @Test func cancellingTheCallerEndsTheCallWithoutDeadlock() async throws {
        let server = try HostileServer.start(.neverAnswer)
        defer { server.stop() }
        // The sleep, the cancel and the clock off the cooperative pool, which a loaded run can hold for a minute.
        let (result, elapsed) = try await offThePool { () async throws -> (Result<Void, any Error>, Duration) in
            let call = Task(executorPreference: TestExecutor.clients) { try await get(server.baseURL, timeout: 60) }
            try await Task.sleep(for: .milliseconds(300))
            call.cancel()
            let started = ContinuousClock.now
            let result: Result<Void, any Error>
            do { _ = try await call.value; result = .success(()) } catch { result = .failure(error) }
            return (result, ContinuousClock.now - started)
        }
        if case .success = result { Issue.record("a cancelled call against a silent server returned") }
        #expect(elapsed < .seconds(30), "the call ended on cancellation, not at its 60 s timeout")
    }

    @Test func anOrdinaryAnswerAndOneExactlyAtTheCapArriveWhole() async throws {
        let body = #"{"results":[]}"#
        try await EchoServer.with(reply: .json(200, body, headers: [.init("X-Ratelimit-Remaining", "7")])) { server in
            let (data, response) = try await get(server.baseURL, timeout: 5, maxBody: body.utf8.count)
            #expect(String(decoding: data, as: UTF8.self) == body)
            #expect(response.status == 200)
            #expect(response.headers["x-ratelimit-remaining"] == "7")
            await #expect(throws: LiveTransportError.self) {
                _ = try await get(server.baseURL, timeout: 5, maxBody: body.utf8.count - 1)
            }
        }
    }

    @Test func aBodyLargerThanWhatIsKeptInMemoryArrivesWholeAndLeavesNoFileBehind() async throws {
        let body = #"{"results":[""# + String(repeating: "é0123456789", count: 300_000) + #""]}"#
        #expect(body.utf8.count > 3 * BodyBuffer.memoryLimit)
        let spilled = { (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))?
            .filter { $0.hasPrefix("fsq-live-body-") }.count ?? 0 }
        let before = spilled()
        try await EchoServer.with(reply: .json(200, body)) { server in
            let (data, response) = try await get(server.baseURL, timeout: 30, maxBody: 16 * 1024 * 1024)
            #expect(response.status == 200)
            #expect(data == Data(body.utf8))
        }
        #expect(spilled() == before)
    }

    @Test func aRefusedPortIsUnreachableAtOnceNotATimeout() async throws {
        try await withRefusedPort { port in
            let base = URL(string: "http://127.0.0.1:\(port)")!
            await #expect(throws: LiveTransportError.unreachable(reason: "Connection refused",
                                                                 url: base.appendingPathComponent("places/search"))) {
                _ = try await get(base, timeout: 30)
            }
        }
    }
}
