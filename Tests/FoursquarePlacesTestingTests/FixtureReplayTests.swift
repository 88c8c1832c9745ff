import Foundation
import FoursquarePlaces
import FoursquarePlacesTesting
import Testing

/// Written as an app's test target would be: it imports only FoursquarePlaces and FoursquarePlacesTesting, and its
/// fixtures are a resource folder (`resources: [.copy("Fixtures")]`, copied from this repository's corpus).
@Suite("an app's tests replaying fixtures")
struct FixtureReplayTests {
    typealias Places = Contract20250617

    let replay: FixtureReplay

    init() throws { replay = try FixtureReplay(bundle: .module) }

    @Test func oneCallAnsweredByOneFixture() async throws {
        let page = try await replay.answer("place-search/2025-06-17/200-typical.json") { (client: PlacesClient<Places>) in
            try await client.placeSearch(Places.PlaceSearchRequest(
                query: "coffee", location: .ll(Coordinate(latitude: 40.7484, longitude: -73.9857), radius: 1000),
                sort: .distance, limit: 5))
        }
        #expect(page.results.map(\.name) == ["Starbucks", "Stumptown Coffee Roasters", "Culture Espresso"])
    }

    @Test func anErrorFixtureThrowsTheTypedError() async throws {
        let error = await #expect(throws: FoursquareError.self) {
            try await replay.answer("place-details/2025-06-17/404-not-found.json") { (client: PlacesClient<Places>) in
                try await client.placeDetails(Places.PlaceDetailsRequest(placeID: "5f0000000000000000000000"))
            }
        }
        #expect(error?.code == .notFound)
    }

    /// A client over the whole folder answers each call from the fixture it matches.
    @Test func aReplayingClientAnswersEveryRecordedCall() async throws {
        let client: PlacesClient<Places> = replay.client()
        let place = try await client.placeDetails(Places.PlaceDetailsRequest(placeID: "5a187743ccad6b307315e6fe"))
        #expect(place.name == "Foursquare HQ")
        await #expect(throws: FoursquareError.self) { try await client.placeDetails(Places.PlaceDetailsRequest(placeID: "5f0000000000000000000000")) }
    }

    /// The failure an app developer sees when the app sends a request the fixture does not record: the fixture,
    /// and the field that differs.
    @Test func aRequestTheFixtureDoesNotRecordNamesTheField() async throws {
        let error = await #expect(throws: FixtureReplayError.self) {
            try await replay.answer("place-search/2025-06-17/200-typical.json") { (client: PlacesClient<Places>) in
                try await client.placeSearch(Places.PlaceSearchRequest(
                    query: "coffee", location: .ll(Coordinate(latitude: 40.7484, longitude: -73.9857), radius: 1000),
                    sort: .distance, limit: 10))
            }
        }
        #expect(error?.description == """
            place-search/2025-06-17/200-typical.json: the call sent GET /places/search?limit=10&ll=40.7484,-73.9857&query=coffee&radius=1000&sort=DISTANCE, \
            which it does not record; closest fixture: place-search/2025-06-17/200-typical.json; query 'limit': expected '5', sent '10'
            """)
    }

    /// Through the client, a request no fixture matches is a `.fixtureMismatch` (not retryable: the feature under test
    /// must not show its offline state) whose text names the closest fixture and the first difference.
    @Test func noMatchingFixtureNamesTheClosest() async throws {
        let client: PlacesClient<Places> = replay.client()
        let error = await #expect(throws: FoursquareError.self) {
            try await client.placeDetails(Places.PlaceDetailsRequest(placeID: "5a187743ccad6b307315e6fe", fields: ["name"]))
        }
        #expect(error?.code == .fixtureMismatch)
        #expect(error?.isRetryable == false)
        #expect(error?.description.contains("closest fixture: place-details/2025-06-17/200-typical.json") == true, "\(String(describing: error))")
        guard case let .transport(underlying, _)? = error?.details else {
            Issue.record("expected a transport failure, got \(String(describing: error))"); return
        }
        #expect(underlying is FixtureReplayError)
        #expect("\(underlying)" == """
            No fixture matches GET /places/5a187743ccad6b307315e6fe?fields=fsq_place_id,name; closest fixture: \
            place-details/2025-06-17/200-typical.json; query 'fields': not expected, sent 'fsq_place_id,name'
            """)
    }

    /// A raw-key client speaks only the seed contract, so a 2025-06-17 fixture with the same request does not answer
    /// it, and the message says why.
    @Test func aFixtureOfAContractTheAuthDoesNotSpeakIsNamed() async throws {
        let client = replay.client(SeedContract.self).using(.apiKey)
        let error = await #expect(throws: FoursquareError.self) {
            try await client.placeDetails(SeedContract.PlaceDetailsRequest(placeID: "5a187743ccad6b307315e6fe"))
        }
        guard case let .transport(underlying, _)? = error?.details else {
            Issue.record("expected a transport failure, got \(String(describing: error))"); return
        }
        #expect("\(underlying)".contains("recorded under contract 2025-06-17; the request's auth speaks seed"), "\(underlying)")
    }

    @Test func aCallThatSendsNothingIsNotAnswered() async throws {
        let error = await #expect(throws: FixtureReplayError.self) {
            try await replay.answer("place-search/2025-06-17/200-typical.json") { (_: PlacesClient<Places>) in 1 }
        }
        #expect(error?.description == "place-search/2025-06-17/200-typical.json: the call sent no request")
    }

    @Test func anUnknownFixtureNamesItsFolder() async throws {
        let error = await #expect(throws: FixtureReplayError.self) {
            try await replay.answer("place-details/2025-06-17/200-typo.json") { (client: PlacesClient<Places>) in
                try await client.placeDetails(Places.PlaceDetailsRequest(placeID: "x"))
            }
        }
        #expect(error?.description == """
            place-details/2025-06-17/200-typo.json: no such fixture (in that folder: \
            place-details/2025-06-17/200-typical.json, place-details/2025-06-17/404-not-found.json)
            """)
    }

    /// A broken fixture is a load error naming the file, not a silently smaller corpus.
    @Test func aBrokenFixtureIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("place-search"), withIntermediateDirectories: true)
        try Data("{ \"endpoint\": ".utf8).write(to: folder.appendingPathComponent("place-search/broken.json"))
        let error = #expect(throws: FixtureReplayError.self) { try FixtureReplay(folder: folder) }
        #expect(error?.description.hasPrefix("fixtures cannot be loaded: place-search/broken.json: malformed JSON") == true,
                "\(String(describing: error))")
    }

    /// `PlacesClient.replaying(fixtures:)`, over a folder an app keeps beside its tests.
    @Test func theClientFactoryReplaysAFolder() async throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let client = try PlacesClient<Places>.replaying(fixtures: folder)
        let place = try await client.placeDetails(Places.PlaceDetailsRequest(placeID: "5a187743ccad6b307315e6fe"))
        #expect(place.id == "5a187743ccad6b307315e6fe")
    }
}
