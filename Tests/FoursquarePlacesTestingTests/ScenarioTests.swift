import Foundation
import FoursquarePlaces
import FoursquarePlacesTesting
import Testing

/// A whole user flow answered by one scenario: the shipped "nearby coffee" set (search, the top result's details,
/// tips and photos, pages 2 and 3, and the 401/404/429 answers), as an app's tests use it.
@Suite("scenarios: fixtures for a whole user flow")
struct ScenarioTests {
    typealias Places = Contract20250617

    /// This repository's corpus; the flow lives in its `scenarios/2025-06-17/nearby-coffee/` subfolder.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let flow = "scenarios/2025-06-17/nearby-coffee/"
    static let top = "4a5f2f39f964a52067bf1fe3"
    static let here = Coordinate(latitude: 40.7484, longitude: -73.9857)
    static let search = Places.PlaceSearchRequest(query: "coffee", location: .ll(here, radius: 1000), sort: .distance, limit: 2)

    let replay: FixtureReplay

    init() throws { replay = try FixtureReplay(folder: Self.corpus) }

    /// A "nearby coffee" feature as an app writes it: search, then the top result's details, tips and photos.
    struct NearbyCoffee {
        let client: PlacesClient<Places>

        func load() async throws(FoursquareError) -> (Places.Place, Places.Place, [Places.Tip], [Places.Photo]) {
            let top = try await client.placeSearch(ScenarioTests.search).results[0]
            // The detail screen lists the fields it shows in its own order: `fields` is a set.
            let details = try await client.placeDetails(Places.PlaceDetailsRequest(
                placeID: top.id, fields: ["name", "location", "hours", "rating", "tel", "website", "categories", "fsq_place_id"]))
            let tips = try await client.placeTips(Places.PlaceTipsRequest(placeID: top.id, limit: 3, sort: .popular))
            let photos = try await client.placePhotos(Places.PlacePhotosRequest(placeID: top.id, limit: 3))
            return (top, details, tips, photos)
        }
    }

    @Test func theFlowIsAnsweredByOneScenarioInAnyOrder() async throws {
        let scenario = try replay.scenario([
            Self.flow + "photos-top-result.json", Self.flow + "search-page-1.json",
            Self.flow + "tips-top-result.json", Self.flow + "details-top-result.json",
        ])
        let (top, details, tips, photos) = try await NearbyCoffee(client: scenario.client()).load()
        #expect(top.id == Self.top && top.name == "Starbucks")
        #expect(details.hours?.openNow == true && details.rating == 7.9)
        #expect(tips.count == 3 && photos.count == 3)
        try scenario.verifyAllAnswered()
    }

    @Test func aFixtureTheFlowNeverAskedForIsNamed() async throws {
        let scenario = try replay.scenario([Self.flow + "search-page-1.json", Self.flow + "search-page-2.json"])
        _ = try await scenario.client(Places.self).placeSearch(Self.search)
        #expect(scenario.unanswered.map(\.relativePath) == [Self.flow + "search-page-2.json"])
        let error = #expect(throws: FixtureReplayError.self) { try scenario.verifyAllAnswered() }
        #expect(error?.description == "\(Self.flow)search-page-2.json: the scenario's calls never sent its request")
    }

    @Test func aRequestOutsideTheScenarioIsAFixtureMismatch() async throws {
        let scenario = try replay.scenario([Self.flow + "search-page-1.json"])
        let error = await #expect(throws: FoursquareError.self) {
            try await scenario.client(Places.self).placeDetails(Places.PlaceDetailsRequest(placeID: Self.top))
        }
        #expect(error?.code == .fixtureMismatch)
        #expect(error?.isRetryable == false)
        #expect(error?.description.contains("No fixture matches GET /places/\(Self.top)") == true, "\(String(describing: error))")
    }

    @Test func pagesInListedOrderStoringTheCursorAsAString() async throws {
        let scenario = try replay.scenario(folder: Self.flow + "", order: .anyOrder)
        #expect(scenario.fixtures.count == 9)
        let ordered = try replay.scenario(
            [Self.flow + "search-page-1.json", Self.flow + "search-page-2.json", Self.flow + "search-page-3.json"], order: .listed)
        let client = ordered.client(Places.self)
        var names: [String] = []
        var saved: String? = nil
        for _ in 1...3 {
            var request = Self.search
            request.cursor = saved
            let page = try await client.response(to: request)
            names += page.value.results.compactMap(\.name)
            saved = page.nextCursor
        }
        #expect(names == ["Starbucks", "Culture Espresso", "Joe Coffee", "Birch Coffee", "Think Coffee"])
        #expect(saved == nil)
        try ordered.verifyAllAnswered()
        // `pages` follows the same Links.
        var viaPages: [String] = []
        for try await page in try replay.scenario(folder: Self.flow).client(Places.self).pages(Self.search) {
            viaPages += page.value.results.map(\.id)
        }
        #expect(viaPages.count == 5)
    }

    @Test func listedOrderRefusesTheSecondPageFirst() async throws {
        let ordered = try replay.scenario([Self.flow + "search-page-1.json", Self.flow + "search-page-2.json"], order: .listed)
        var second = Self.search
        second.cursor = "c2"
        let error = await #expect(throws: FoursquareError.self) { try await ordered.client(Places.self).placeSearch(second) }
        #expect(error?.code == .fixtureMismatch)
        #expect(error?.description.contains("search-page-1.json: step 1 of the scenario") == true, "\(String(describing: error))")
    }

    @Test func theErrorAnswersOfTheFlow() async throws {
        for (file, code) in [("search-401-unauthorized.json", FoursquareError.Code.unauthorized),
                             ("search-429-rate-limited.json", .rateLimited)] {
            let scenario = try replay.scenario([Self.flow + file])
            let error = await #expect(throws: FoursquareError.self) { try await scenario.client(Places.self).placeSearch(Self.search) }
            #expect(error?.code == code)
            // Printed as an app logs it: the user's coordinates are not in the text.
            #expect(error.map { !"\($0)".contains("40.7484") && !"\($0)".contains("-73.9857") } == true)
        }
        let gone = try replay.scenario([Self.flow + "details-404-closed-place.json"])
        let error = await #expect(throws: FoursquareError.self) {
            try await gone.client(Places.self).placeDetails(Places.PlaceDetailsRequest(
                placeID: "4b0c1d2e3f4a5b6c7d8e9f00",
                fields: ["website", "tel", "rating", "hours", "categories", "location", "name", "fsq_place_id"]))
        }
        #expect(error?.code == .notFound)
        #expect(error?.description.contains("4b0c1d2e3f4a5b6c7d8e9f00") == false)
    }

    /// Through the whole corpus (`replay.client()`), a 2xx fixture wins over an error fixture of the same request.
    @Test func theCorpusClientPrefersTheTwoHundred() async throws {
        let page = try await replay.client(Places.self).placeSearch(Self.search)
        #expect(page.results.first?.id == Self.top)
    }

    @Test func setParametersMatchInAnyOrderOthersDoNot() async throws {
        let scenario = try replay.scenario([Self.flow + "details-top-result.json"])
        let client = scenario.client(Places.self)
        _ = try await client.placeDetails(Places.PlaceDetailsRequest(placeID: Self.top, fields: [
            "website", "tel", "rating", "hours", "categories", "location", "name", "fsq_place_id"]))
        // A set is still compared member by member: one field fewer does not match.
        let error = await #expect(throws: FoursquareError.self) {
            try await client.placeDetails(Places.PlaceDetailsRequest(placeID: Self.top, fields: ["name", "location"]))
        }
        #expect(error?.code == .fixtureMismatch)
        #expect(Places.PlaceDetailsRequest.endpoint.parameter(named: "fields")?.isSet == true)
        #expect(Places.PlaceSearchRequest.endpoint.parameter(named: "ll")?.isSet == false)
    }
}
