import Foundation
import FoursquarePlaces
import HarnessReports
import Testing
import TestSupport

@Suite("Reproduce commands")
struct ReproduceCommandTests {
    /// The words bash makes of `command` (its first word swapped for printf), with FSQ_API_KEY set to `key`.
    func words(_ command: String, key: String) async throws -> [String] {
        let printed = "printf '%s\\n'" + command.dropFirst("curl".count)
        var environment = ProcessInfo.processInfo.environment
        environment["FSQ_API_KEY"] = key
        let result = try await runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", printed], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func curlSendsTheFixturesRequestWithTheKeyFromTheShellOnly() async throws {
        // Hostile values: quotes, a command substitution and a variable must reach curl as text, never run.
        let facts = HumanReport.FixtureFacts(contract: .v20250617, endpoint: "place-search", status: 200, path: "/places/search",
                                             query: ["query": "it's $(touch /tmp/pwned) $HOME", "ll": "1,2"])
        let command = ReproduceCommand.curl(facts, auth: .bearer, baseURL: nil, apiVersion: "2025-06-17")
        #expect(command.contains("\"Authorization: Bearer $FSQ_API_KEY\""))
        let words = try await words(command, key: "the-key")
        #expect(words.count == 11, "\(words)")
        #expect(Array(words.prefix(4)) == ["-sS", "-i", "-X", "GET"])
        let url = try #require(URLComponents(string: words[4]))
        #expect(url.host == "places-api.foursquare.com" && url.path == "/places/search")
        #expect(Set(url.queryItems ?? []) == [URLQueryItem(name: "query", value: "it's $(touch /tmp/pwned) $HOME"), URLQueryItem(name: "ll", value: "1,2")])
        #expect(Array(words.suffix(6)) == ["-H", "accept: application/json", "-H", "Authorization: Bearer the-key",
                                           "-H", "X-Places-Api-Version: 2025-06-17"])
    }

    @Test func aLiveRunsCommandUsesItsServer() {
        let facts = HumanReport.FixtureFacts(contract: .seed, endpoint: "chains", status: 404, path: "/chains/x")
        #expect(ReproduceCommand.curl(facts, auth: .apiKey, baseURL: "http://127.0.0.1:8080/", apiVersion: "x")
                == "curl -sS -i -X GET http://127.0.0.1:8080/chains/x -H 'accept: application/json' -H \"Authorization: $FSQ_API_KEY\"")
        #expect(ReproduceCommand.rerun(mode: "live", fixture: "chains/404 odd's.json", auth: .apiKey, fixturesFolder: "Fixtures",
                                       baseURL: "http://127.0.0.1:8080")
                == "fsq-contract run --fixtures Fixtures --filter 'chains/404 odd'\\''s.json' --auth apiKey --live --base-url http://127.0.0.1:8080")
        #expect(ReproduceCommand.rerun(mode: "drift", fixture: "chains/a.json", auth: .bearer, fixturesFolder: "F", baseURL: "https://x")
                == "fsq-contract drift --fixtures F --filter chains/a.json --auth bearer --base-url https://x")
    }
}
