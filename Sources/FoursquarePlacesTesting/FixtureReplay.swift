import FixtureFormat
import Foundation
import FoursquarePlaces

/// A fixtures corpus loaded once, and typed clients whose calls it answers: the entry point for an app's tests.
///
/// ```swift
/// let replay = try FixtureReplay(folder: fixturesURL)          // or FixtureReplay(bundle: .module)
/// let page = try await replay.answer("place-search/2025-06-17/200-typical.json") { (client: PlacesClient<Contract20250617>) in
///     try await client.placeSearch(.init(query: "coffee", limit: 5))
/// }
/// ```
///
/// Nothing here depends on XCTest or Swift Testing: a failure is a thrown `FixtureReplayError`, which either
/// framework reports with its one-line description.
public struct FixtureReplay: Sendable {
    /// The key replayed clients send; fixtures store `<redacted>`, so any value matches.
    public static let replayKey = APIKey("fixture-replay")

    /// The transport answering from every loaded fixture.
    public let transport: FixtureTransport

    /// The loaded fixtures, by relative path.
    public var fixtures: [Fixture] { transport.fixtures }

    /// A replay of fixtures already loaded.
    public init(fixtures: [Fixture]) { transport = FixtureTransport(fixtures: fixtures) }

    /// Every fixture below `folder`; a broken file is an error naming it.
    public init(folder: URL) throws(FixtureReplayError) { transport = try FixtureTransport(folder: folder) }

    /// The fixtures a test target ships as a resource folder: `resources: [.copy("Fixtures")]` and `bundle: .module`.
    public init(bundle: Bundle, folder: String = "Fixtures") throws(FixtureReplayError) {
        guard let url = bundle.url(forResource: folder, withExtension: nil) else {
            throw .unloadable(["no folder '\(folder)' in \(bundle.bundleURL.lastPathComponent) (declare it with resources: [.copy(\"\(folder)\")])"])
        }
        try self.init(folder: url)
    }

    /// A client whose every call is answered from these fixtures.
    public func client<C: PlacesContract>(_ contract: C.Type = C.self) -> PlacesClient<C> {
        PlacesClient<C>(apiKey: Self.replayKey, transport: transport)
    }

    /// Runs `call` with a client answered by the one fixture at `relativePath` and returns what the client returned
    /// (or throws what it threw, e.g. the `FoursquareError` an error fixture maps to). Throws `FixtureReplayError`
    /// when the call sends a request that fixture does not record (naming the fields that differ) or sends none.
    public func answer<C: PlacesContract, Value>(
        _ relativePath: String, contract: C.Type = C.self,
        _ call: (PlacesClient<C>) async throws -> Value
    ) async throws -> Value {
        guard let fixture = fixtures.first(where: { $0.relativePath == relativePath }) else {
            let near = fixtures.map(\.relativePath).filter { $0.hasPrefix(relativePath.split(separator: "/").first.map(String.init) ?? "") }
            throw FixtureReplayError.notAnswered(fixture: relativePath, reason: "no such fixture"
                + (near.isEmpty ? "" : " (in that folder: \(near.prefix(5).joined(separator: ", "))\(near.count > 5 ? ", …" : ""))"))
        }
        let single = FixtureTransport(fixtures: [fixture])
        let calls = Locked(0)
        let client = PlacesClient<C>(apiKey: Self.replayKey, transport: CountingTransport(inner: single, calls: calls))
        do {
            let value = try await call(client)
            guard calls.current > 0 else { throw FixtureReplayError.notAnswered(fixture: relativePath, reason: "the call sent no request") }
            return value
        } catch let error as FoursquareError {
            // The client wraps a transport's error; give the test the replay's own words instead.
            if case let .transport(underlying, _) = error.details, let replay = underlying as? FixtureReplayError {
                if case let .noMatch(request, hint) = replay {
                    throw FixtureReplayError.notAnswered(fixture: relativePath, reason: "the call sent \(request), which it does not record; \(hint)")
                }
                throw replay
            }
            throw error
        }
    }

    /// `answer(_:_:)` on the fixtures below `folder`, for a test that needs one call.
    public static func answer<C: PlacesContract, Value>(
        _ relativePath: String, in folder: URL, contract: C.Type = C.self,
        _ call: (PlacesClient<C>) async throws -> Value
    ) async throws -> Value {
        try await FixtureReplay(folder: folder).answer(relativePath, contract: contract, call)
    }
}

extension PlacesClient {
    /// A client answered from the fixtures below `folder`, with no network.
    public static func replaying(fixtures folder: URL) throws(FixtureReplayError) -> PlacesClient<C> {
        try FixtureReplay(folder: folder).client(C.self)
    }
}

/// Counts the requests a call sent, so "answered by that fixture" cannot pass without asking.
private struct CountingTransport: Transport {
    let inner: FixtureTransport
    let calls: Locked<Int>

    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        calls.withLock { $0 += 1 }
        return try await inner.send(request)
    }
}
