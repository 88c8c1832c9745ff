import Foundation
import FoursquarePlaces
import Testing
import TestSupport

/// The README's library example, kept compiling and behaving as the README says.
@Suite struct ReadmeExampleTests {
    typealias Places = Contract20250617

    @Test func theReadmeExampleRunsAgainstCannedResponses() async throws {
        let transport = CapturingTransport { request in
            let body = request.path == "/autocomplete" ? CurrentSamples.autocomplete : CurrentSamples.search
            return .response(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let client = PlacesClient<Places>(apiKey: APIKey("readme-key"), transport: transport)
        let page = try await client.search(Places.SearchRequest(
            query: "coffee", location: .ll(Coordinate(latitude: 40.7484, longitude: -73.9857), radius: 500), limit: 10))
        #expect(!page.results.isEmpty)
        let suggestions = try await client.autocomplete(Places.AutocompleteRequest(query: "blue bot", types: [.place, .search], limit: 5))
        #expect(!suggestions.results.map(\.text.primary).isEmpty)
        var pages = 0
        for try await next in client.searchPages(Places.SearchRequest(query: "tea")) {
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
