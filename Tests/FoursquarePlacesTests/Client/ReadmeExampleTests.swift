import Foundation
import FoursquarePlaces
import Testing
import TestSupport

/// The README's library example (also the first page of the FoursquarePlaces documentation), kept compiling
/// and behaving as written, and the longer example of the "Using the library in an app" article.
@Suite struct ReadmeExampleTests {
    typealias Places = Contract20250617

    @Test func theReadmeSnippetAsWritten() async throws {
        let transport = CapturingTransport { _ in
            .response(status: 200, headers: ["Content-Type": "application/json"], body: Data(V20250617Samples.search.utf8))
        }
        var printed: [String] = []
        // From here to the closing brace of `do`/`catch`, the README's lines (print collected instead).
        let client = PlacesClient<Contract20250617>(apiKey: APIKey.fromEnvironment() ?? APIKey("k"), transport: transport)
        do {
            let page = try await client.placeSearch(.init(query: "coffee", location: .near("Chicago, IL"), limit: 10))
            for place in page.results { printed.append("\(place.name ?? "") \(place.location?.formattedAddress ?? "")") }
        } catch {
            Issue.record("\(error.code) \(error.isRetryable)")
        }
        #expect(!printed.isEmpty)
        #expect(transport.requests.first?.url.query?.contains("near=Chicago") == true)
    }

    @Test func theReadmeExampleRunsAgainstCannedResponses() async throws {
        let transport = CapturingTransport { request in
            let body = request.path == "/autocomplete" ? V20250617Samples.autocomplete : V20250617Samples.search
            return .response(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let client = PlacesClient<Places>(apiKey: APIKey("readme-key"), transport: transport)
        let page = try await client.placeSearch(Places.PlaceSearchRequest(
            query: "coffee", location: .ll(Coordinate(latitude: 40.7484, longitude: -73.9857), radius: 500), limit: 10))
        #expect(!page.results.isEmpty)
        let suggestions = try await client.autocomplete(Places.AutocompleteRequest(query: "blue bot", types: [.place, .search], limit: 5))
        #expect(!suggestions.results.map(\.text.primary).isEmpty)
        var pages = 0
        for try await next in client.searchPages(Places.PlaceSearchRequest(query: "tea")) {
            pages += 1
            #expect(!next.value.results.isEmpty)
        }
        #expect(pages == 1)
        #expect(transport.requests.map { $0.headers["Authorization"] } == Array(repeating: "Bearer readme-key", count: 3))

        // The invalid-input branch of the example: nothing is sent, and the parameter is named.
        do {
            _ = try await client.autocomplete(Places.AutocompleteRequest(query: " "))
            Issue.record("an empty query was sent")
        } catch {
            guard case let .invalidInput(parameter, _) = error.details else {
                Issue.record("expected invalidInput, got \(error)")
                return
            }
            #expect(parameter == "query")
        }
        #expect(transport.requests.count == 3)
    }
}
