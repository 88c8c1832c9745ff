import Foundation
import FoursquarePlaces
import HarnessLive
import Testing

/// A call cut by the run's deadline says so, instead of blaming the server for a timeout it did not cause.
@Suite struct LiveTransportTests {
    struct SlowStack: LiveHTTPStack {
        func send(_ request: HTTPRequest, timeout: Double, maxBody: Int) async throws -> (Data, HTTPResponse) {
            throw LiveTransportError.timedOut(seconds: timeout, headReceived: false, bodyBytes: 0, url: request.url)
        }
    }

    let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/places/x")!, headers: HTTPHeaders())

    @Test func aTimeoutSetByTheRunDeadlineNamesTheDeadline() async {
        let transport = LiveTransport(stack: SlowStack(), timeout: 0.04, runDeadline: 2)
        do {
            _ = try await transport.send(request)
            Issue.record("the stub always times out")
        } catch {
            let text = "\(error)"
            #expect(text.contains("the run's deadline (--deadline 2) passed during the call to http://127.0.0.1:9"), "\(text)")
            #expect(!text.contains("the server sent nothing"), "\(text)")
        }
    }

    @Test func aTimeoutOfItsOwnStillBlamesTheServer() async {
        let transport = LiveTransport(stack: SlowStack(), timeout: 0.5)
        await #expect(throws: LiveTransportError.timedOut(seconds: 0.5, headReceived: false, bodyBytes: 0, url: request.url)) {
            try await transport.send(request)
        }
    }
}
