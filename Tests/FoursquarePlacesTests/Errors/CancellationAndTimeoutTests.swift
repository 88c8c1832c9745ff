import Foundation
import FoursquarePlaces
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every way a call can end without an answer gets its own code: the caller's cancellation (`.cancelled`), a deadline
/// (`.timedOut`), anything else below HTTP (`.transportFailed`, the only retryable one).
@Suite("Cancellation and timeouts")
struct CancellationAndTimeoutTests {
    typealias C = Contract20250617
    static let search = C.PlaceSearchRequest(query: "coffee", location: .ll(Coordinate(latitude: 40.7484, longitude: -73.9857)))

    static func error(transportThrowing error: any Error) async -> FoursquareError? {
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: CapturingTransport(failingWith: error))
        return await foursquareError { () async throws(FoursquareError) in _ = try await client.placeSearch(search) }
    }

    @Test("each transport error maps to the code an app acts on", arguments: [
        (URLError(.cancelled) as any Error, FoursquareError.Code.cancelled),
        (CancellationError(), .cancelled),
        (NSError(domain: NSURLErrorDomain, code: -999), .cancelled),
        (URLError(.timedOut), .timedOut),
        (NSError(domain: NSURLErrorDomain, code: -1001), .timedOut),
        (TransportTimeout(seconds: 2, url: URL(string: "http://127.0.0.1:9")!), .timedOut),
        (URLError(.cannotConnectToHost), .transportFailed),
        (URLError(.networkConnectionLost), .transportFailed),
        (URLError(.notConnectedToInternet), .transportFailed),
        (POSIXError(.ECONNRESET), .transportFailed),
    ])
    func mapping(_ thrown: any Error, _ expected: FoursquareError.Code) async throws {
        let error = try #require(await Self.error(transportThrowing: thrown))
        #expect(error.code == expected, "\(thrown)")
        #expect(error.isRetryable == (expected == .transportFailed), "\(thrown)")
        #expect(error.status == nil)
    }

    @Test("a call from an already-cancelled task sends nothing and is .cancelled")
    func alreadyCancelled() async throws {
        let transport = CapturingTransport(body: #"{"results":[]}"#)
        let client = PlacesClient<C>(apiKey: APIKey("k"), transport: transport)
        let task = Task { () -> FoursquareError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await foursquareError { () async throws(FoursquareError) in _ = try await client.placeSearch(Self.search) }
        }
        let error = try #require(await task.value)
        #expect(error.code == .cancelled)
        #expect(!error.isRetryable)
        #expect(transport.requestCount == 0)
    }

    @Test("cancelling a search against a server that never answers ends it at once with .cancelled")
    func cancelAgainstSilentServer() async throws {
        let server = try SilentServer()
        let client = PlacesClient<C>(apiKey: APIKey("k"), baseURL: server.baseURL, transport: URLSessionTransport())
        // The sleep, the cancel and the clock all run off the cooperative pool: a test elsewhere in the process
        // holding the pool's two threads delayed the cancel past URLSession's own 60 s timeout (CI, session 12).
        let (error, elapsed) = try await offThePool { () async throws -> (FoursquareError?, Duration) in
            let task = Task(executorPreference: TestExecutor.clients) {
                await foursquareError { () async throws(FoursquareError) in _ = try await client.placeSearch(Self.search) }
            }
            try await Task.sleep(for: .milliseconds(300))
            let clock = ContinuousClock()
            let start = clock.now
            task.cancel()
            let error = await task.value
            return (error, clock.now - start)
        }
        let cancelled = try #require(error)
        #expect(elapsed < .seconds(60), "the call outlived its cancellation")  // see the timeout test on load
        #expect(cancelled.code == .cancelled)
        #expect(!cancelled.isRetryable)
        #expect(cancelled.description.hasPrefix("cancelled"), "\(cancelled)")
    }

    @Test("a Duration timeout against a server that never answers gives .timedOut, promptly")
    func timeoutAgainstSilentServer() async throws {
        let server = try SilentServer()
        let client = PlacesClient<C>(apiKey: APIKey("k"), baseURL: server.baseURL,
                                     transport: URLSessionTransport(timeout: .milliseconds(400)))
        // The clock is read on the same thread as the call: back on the pool, the test may wait for a thread.
        let (answer, elapsed) = try await offThePool { () async -> (FoursquareError?, Duration) in
            let clock = ContinuousClock()
            let start = clock.now
            let error = await foursquareError { () async throws(FoursquareError) in _ = try await client.placeSearch(Self.search) }
            return (error, clock.now - start)
        }
        let error = try #require(answer)
        #expect(error.code == .timedOut)
        #expect(!error.isRetryable)
        #expect(error.underlyingError is TransportTimeout)
        // Our deadline fired (TransportTimeout above, not URLSession's own -1001), not early; the upper bound only
        // says it ended.
        #expect(elapsed >= .milliseconds(350) && elapsed < .seconds(60), "took \(elapsed)")
        #expect(error.description.hasPrefix("timed out: no response from http://127.0.0.1:\(server.port) within 0.4s"), "\(error)")
    }

    @Test("a transport's timeout reads back as the Duration it was given")
    func durationRoundTrip() {
        #expect(URLSessionTransport(timeout: .milliseconds(1500)).timeout == .milliseconds(1500))
        #expect(URLSessionTransport(timeout: .milliseconds(1500)).timeoutInterval == 1.5)
        #expect(URLSessionTransport(timeout: nil).timeout == nil)
    }

    @Test("a transport error that classifies itself keeps its code")
    func classifiedTransportError() async throws {
        struct Offline: TransportErrorClassifying { var foursquareErrorCode: FoursquareError.Code { .cancelled } }
        #expect(await Self.error(transportThrowing: Offline())?.code == .cancelled)
    }
}
