import Foundation
@testable import HarnessCore
import Testing

/// The re-record command a stale fixture prints calls a server that is still there tomorrow: the one the night
/// called when it is a real host, none when it was the API's own or a loopback stand-in.
@Suite struct StaleFixtureTests {
    func command(after url: String) -> String {
        var stale = StaleFixture(fixture: "place-tips/2025-06-17/200-typical.json", endpoint: "place-tips", contract: "2025-06-17",
                                 placeID: "4a5f2f39f964a52067bf1fe3", answeredID: "4bf3c82cf964a52053874afa")
        stale.called(URL(string: url)!)
        return stale.rerecordCommand
    }

    @Test func aLoopbackServerIsLeftOut() {
        for url in ["http://127.0.0.1:36523", "http://localhost:8080/v3", "http://[::1]:9000"] {
            #expect(!command(after: url).contains("--base-url"), "\(url)")
        }
    }

    @Test func theAPIsOwnIsLeftOutAndAnotherHostIsKeptWithoutItsPassword() {
        #expect(!command(after: "https://places-api.foursquare.com").contains("--base-url"))
        let proxied = command(after: "https://user:secret@gateway.example.com/fsq")
        #expect(proxied.hasSuffix(" --base-url 'https://gateway.example.com/fsq'"), "\(proxied)")
    }
}
