import Foundation
import FoursquarePlaces
import Testing
import TestSupport

/// The README's library example, kept compiling and behaving as the README says.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleRunsAgainstCannedResponses() async throws {
        let transport = CapturingTransport { request in
            let body = request.path == "/autocomplete" ? SpecSamples.autocomplete : SpecSamples.placeSearch
            return .response(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let client = FoursquareClient(apiKey: APIKey("readme-key"), transport: transport)
        let places = try await client.send(
            PlaceSearchRequest(query: "coffee", location: .ll(Coordinate(latitude: 40.7484, longitude: -73.9857), radius: 500), limit: 10)).results
        #expect(!places.isEmpty)
        let suggestions = try await client.using(.bearer)
            .send(AutocompleteRequest(query: "blue bot", types: [.place, .search], limit: 5)).results
        #expect(!suggestions.map(\.text.primary).isEmpty)
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["readme-key", "Bearer readme-key"])

        // The invalid-input branch of the example: nothing is sent, and the parameter is named.
        do {
            _ = try await client.send(AutocompleteRequest(query: "ab")).results
            Issue.record("a 2-character query was sent")
        } catch {
            #expect(error.code == .invalidInput)
            #expect(error.parameter == "query")
        }
        #expect(transport.requests.count == 2)
    }
}
