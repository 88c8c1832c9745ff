import FixtureFormat
import Foundation
import FoursquarePlaces
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import PlacesEmulator
import TestSupport

/// The repository's Fixtures folder.
let fixturesRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

let sentinelKey = "SENTINEL-KEY-5a4b3c2d1e"
let apiKeyHeaders = ["Authorization": "test-key-123"]
let bearerHeaders = ["Authorization": "Bearer test-key-123", "X-Places-Api-Version": "2025-06-17"]

/// The headers of the first auth style a fixture's contract takes: for a dated version, bearer with that version
/// (the contract's id, which its folder is named for), as its server wants.
func authHeaders(for fixture: Fixture) -> [String: String] {
    guard fixture.contract.authStyles.first == .bearer else { return apiKeyHeaders }
    return bearerHeaders.merging(["X-Places-Api-Version": fixture.contract.rawValue]) { $1 }
}

/// Collects log lines.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    var sink: EmulatorLogSink { { [self] line in lock.withLock { storage.append(line) } } }
    var lines: [String] { lock.withLock { storage } }
}

func configuration(
    root: URL = fixturesRoot, auth: EmulatorAuth = .any, requiredKey: String? = nil, latency: Duration = .zero,
    faults: [FaultRule] = [], seed: UInt64 = 0, log: @escaping EmulatorLogSink = EmulatorConfiguration.silent
) -> EmulatorConfiguration {
    EmulatorConfiguration(fixturesRoot: root, auth: auth, requiredKey: requiredKey, latency: latency, faults: faults,
                          seed: seed, log: log)
}

/// Loaded once; in-memory tests share it.
let sharedFixtures: [Fixture] = try! PlacesEmulator(configuration: configuration()).fixtures

func fixture(_ relativePath: String) -> Fixture {
    sharedFixtures.first { $0.relativePath == relativePath }!
}

/// Percent-encodes a query name or value the way the client does: only unreserved characters and the comma stay.
func encodeQuery(_ text: String) -> String {
    let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~,")
    return text.addingPercentEncoding(withAllowedCharacters: allowed)!
}

/// `path?query` with the parameters in the given order.
func target(_ path: String, _ query: [(String, String)]) -> String {
    query.isEmpty ? path : path + "?" + query.map { "\(encodeQuery($0.0))=\(encodeQuery($0.1))" }.joined(separator: "&")
}

/// A fixture's own request target, parameters sorted by name (or reversed).
func target(for fixture: Fixture, reversed: Bool = false) -> String {
    let names = fixture.request.query.keys.sorted()
    return target(fixture.request.path, (reversed ? names.reversed() : names).map { ($0, fixture.request.query[$0]!) })
}

/// What a client observed, in memory or over a socket.
struct Observed: Sendable {
    var status: Int
    /// Lower-case names.
    var headers: [String: String]
    var body: Data

    var errorBody: [String: String]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: String]
    }
}

/// Runs the same request either against `respond(to:)` or over a real socket with URLSession.
enum Mode: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory, live
    var description: String { rawValue }

    func withEmulator<T: Sendable>(
        _ configuration: EmulatorConfiguration, _ body: (_ send: (String, [String: String]) async throws -> Observed) async throws -> T
    ) async throws -> T {
        switch self {
        case .memory:
            let emulator = PlacesEmulator(configuration: configuration, fixtures: sharedFixtures)
            return try await body { target, headers in
                // A test that sends every fixture in memory never suspends otherwise, and would hold a thread of
                // the two-thread cooperative pool for its whole loop.
                await Task.yield()
                let response = emulator.respond(to: EmulatorRequest(method: method(for: target), target: target, headers: headers))
                return Observed(status: response.status, headers: response.headers, body: response.body)
            }
        case .live:
            return try await withLiveServer(configuration) { base async throws in
                try await body { target, headers in try await fetch(base, target, headers) }
            }
        }
    }
}

func withLiveServer<T: Sendable>(_ configuration: EmulatorConfiguration, _ body: (URL) async throws -> T) async throws -> T {
    let server = PlacesEmulatorServer(emulator: PlacesEmulator(configuration: configuration, fixtures: sharedFixtures))
    let port = try await server.start(on: TestExecutor.servers)
    do {
        let result = try await body(URL(string: "http://127.0.0.1:\(port)")!)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

let session: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    // Loopback answers in milliseconds; 10 s was once not enough on two cores under the whole suite (a -1001 in CI's
    // rehearsal, 7 Dec). A hang still fails the test, a minute later.
    configuration.timeoutIntervalForRequest = 60
    return URLSession(configuration: configuration)
}()

/// The method the registry gives a target's path (POST for the writes), GET for a path no contract has.
func method(for target: String) -> String {
    Contract.all.reversed().lazy.compactMap { RequestMatcher.route(path: target, in: $0)?.endpoint.method }.first ?? "GET"
}

func fetch(_ base: URL, _ target: String, _ headers: [String: String]) async throws -> Observed {
    var request = URLRequest(url: URL(string: base.absoluteString + target)!)
    request.httpMethod = method(for: target)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await offThePool { try await session.data(for: request) }
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
        fields[String(describing: name).lowercased()] = String(describing: value)
    }
    return Observed(status: http.statusCode, headers: fields, body: data)
}
