import AsyncHTTPClient
import Foundation
import HarnessCore
import HarnessLive
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces
@testable import LiveHTTPClient
import NIOCore
import Testing
import TestSupport

/// The key in the error texts AsyncHTTPClient, NIO and Foundation really produce, built from the libraries' own
/// error values: the scrubber finds it in `String(describing:)` and `String(reflecting:)` of each.
@Suite(.timeLimit(.minutes(1)))
struct LibraryErrorScrubbingTests {
    static let keys = ["SENTINEL-lib-7c41e0a9\n", "SENTINEL-lib\t7c41e0a9", " SENTINEL-lib-7c41e0a9",
                       "SENTINEL-\"lib\"-7c41e0a9", "SENTINEL-lib\\7c41e0a9"]

    static func errors(_ key: String) -> [(String, any Error)] {
        [
            ("HTTPClientError.invalidHeaderFieldValues", HTTPClientError.invalidHeaderFieldValues(["Bearer \(key)"])),
            ("HTTPClientError.invalidHeaderFieldNames", HTTPClientError.invalidHeaderFieldNames([key])),
            ("NIO IOError", IOError(errnoCode: ECONNRESET, reason: "write(Bearer \(key))")),
            ("NIO SocketAddressError", SocketAddressError.unknown(host: key, port: 443)),
            ("URLError", URLError(.userAuthenticationRequired, userInfo: [NSLocalizedDescriptionKey: "Bearer \(key) refused"])),
        ]
    }

    @Test(arguments: keys)
    func theKeyIsFoundInEveryLibraryErrorText(key: String) {
        let scrubber = KeyScrubber(key: APIKey(key))
        for (name, error) in Self.errors(key) {
            for text in [String(describing: error), String(reflecting: error), scrubber.describe(error)] where text != scrubber.describe(error) {
                #expect(scrubber.found(in: text), "\(name): the key was not found in \(text.debugDescription)")
                #expect(!scrubber.found(in: scrubber.text(text)), "\(name): \(scrubber.text(text).debugDescription)")
            }
            #expect(!scrubber.found(in: scrubber.describe(error)), "\(name): \(scrubber.describe(error).debugDescription)")
            #expect(scrubber.describe(error).contains(KeyScrubber.marker), "\(name): \(scrubber.describe(error))")
        }
    }

    /// The issue's report: a key with a trailing newline sent through AsyncHTTPClient fails with the header dumped;
    /// through the harness's transport and the typed client, the error reaches no output with the key in it.
    @Test(arguments: keys)
    func aHeaderAsyncHTTPClientRefusesFailsWithoutTheKey(key: String) async throws {
        try await withRefusedPort { port in try await callRefusedPort(port, key: key) }
    }

    func callRefusedPort(_ port: Int, key: String) async throws {
        let url = URL(string: "http://127.0.0.1:\(port)")!
        let transport = RedactingTransport(base: LiveTransport(stack: AsyncHTTPClientStack(), timeout: 5),
                                           scrubber: KeyScrubber(key: APIKey(key)))
        let client = FoursquareClient(apiKey: APIKey(key), auth: .bearer, baseURL: url, transport: transport)
        do {
            _ = try await client.send(SeedContract.PlaceSearchRequest(query: "coffee", location: .near("Chicago, IL")))
            Issue.record("a call to a refused port returned")
        } catch {
            let scrubber = KeyScrubber(key: APIKey(key))
            for text in [error.description, String(reflecting: error), "\(error.details)", error.reason ?? ""] {
                #expect(!scrubber.found(in: text), "\(text.debugDescription)")
                #expect(!text.contains("SENTINEL-"), "\(text.debugDescription)")
            }
        }
    }
}
