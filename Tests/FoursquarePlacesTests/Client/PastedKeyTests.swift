import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// A key pasted into a CI secret or a shell often carries a line break; the client must neither send it (a
/// header split in two) nor hand it to the HTTP library, whose error text would then print it.
@Suite("Pasted keys")
struct PastedKeyTests {
    static let core = "SENTINEL-pasted-5e6f7a8b"

    @Test("fromEnvironment drops the whitespace around a pasted key", arguments: ["\(core)\n", " \(core)\r\n", "\t\(core) "])
    func environmentKeysAreTrimmed(value: String) {
        #expect(APIKey.fromEnvironment(in: ["FSQ_API_KEY": value])?.secret == Self.core)
    }

    @Test func aKeyOfOnlyWhitespaceIsNoKey() {
        #expect(APIKey.fromEnvironment(in: ["FSQ_API_KEY": " \n"]) == nil)
        #expect(APIKey.fromEnvironment(in: [:]) == nil)
    }

    @Test("a key the HTTP layer cannot carry is refused before anything is sent, without showing it",
          arguments: [("\(core)\n", "a line break (\\n) at character 25 of 25"), ("SENTINEL\r\nX-Evil: 1", "a carriage return (\\r) at character 9"),
                      ("SENTINEL pasted", "a space at character 9"), ("SENTINEL-é", "a non-ASCII character (U+00E9) at character 10")])
    func unsendableKeysAreRefused(key: String, reason: String) async throws {
        for style in AuthStyle.allCases {
            let transport = CapturingTransport { _ in .response(status: 200, headers: [:], body: Data("{}".utf8)) }
            let client = PlacesClient<SeedContract>(apiKey: APIKey(key), transport: transport).using(style)
            let error = try #require(await foursquareError { () async throws(FoursquareError) in
                _ = try await client.placeDetails(SeedContract.PlaceDetailsRequest(placeID: "4b0588f6f964a520b2d422e3"))
            })
            #expect(error.code == .invalidInput)
            let printed = "\(error) \(String(reflecting: error)) \(error.localizedDescription)"
            #expect(printed.contains(reason), "\(printed)")
            #expect(!printed.contains("SENTINEL"), "\(printed)")
            #expect(transport.requests.isEmpty)
        }
    }
}
