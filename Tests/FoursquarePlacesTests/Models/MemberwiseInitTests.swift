import Foundation
import FoursquarePlaces
import Testing

/// Every public model can be built in code (SwiftUI previews, view-model tests), optionals defaulting to nil, and
/// what is built encodes to the JSON the API sends: it decodes back to the same value.
@Suite("Models built in code")
struct MemberwiseInitTests {
    typealias C = Contract20250617

    static func roundTrips<T: Codable & Equatable>(_ value: T) throws -> Bool {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value)) == value
    }

    @Test("a 2025-06-17 Place with every nested model, built in code")
    func placeInCode() throws {
        let icon = Icon(prefix: "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_", suffix: ".png")
        let place = C.Place(
            id: "4a5f2f39f964a52067bf1fe3", name: "Starbucks", latitude: 40.748441, longitude: -73.985664,
            categories: [C.Category(id: "4bf58dd8d48988d1e0931735", name: "Coffee Shop", shortName: "Coffee Shop",
                                    pluralName: "Coffee Shops", icon: icon)],
            chains: [C.Chain(id: "ab4c54c0", name: "Starbucks", logo: icon, parentID: nil)],
            location: C.Location(address: "350 5th Ave", locality: "New York", region: "NY", postcode: "10118", country: "US"),
            distance: 5,
            hours: C.Hours(display: "Mon-Sun 6:00 AM-9:00 PM", isLocalHoliday: false, openNow: true,
                           regular: [C.Hours.Period(day: 1, open: "0600", close: "2100")]),
            rating: 7.9, price: 2, verified: true,
            stats: C.Stats(totalPhotos: 10, totalRatings: 20, totalTips: 30),
            socialMedia: C.SocialMedia(facebookID: "1", instagram: "sb", twitter: "sb"),
            extendedLocation: C.ExtendedLocation(dma: "New York", censusBlockID: "360610076001000"))
        #expect(place.coordinate == Coordinate(latitude: 40.748441, longitude: -73.985664))
        #expect(place.hours?.openNow == true)
        #expect(try Self.roundTrips(place))
        // Only the id is required.
        #expect(C.Place(id: "x").name == nil)
    }

    @Test("every other 2025-06-17 model, built in code with only what it requires")
    func everyCurrentModel() throws {
        let point = C.Point(latitude: 1.5, longitude: 2.5)
        let search = C.SearchResponse(results: [C.Place(id: "a")], context: C.SearchContext(
            geoBounds: C.SearchContext.GeoBounds(circle: C.SearchContext.Circle(center: point, radius: 1000))))
        #expect(try Self.roundTrips(search))
        let suggestion = C.AutocompleteResult(
            type: "search", text: C.AutocompleteText(primary: "coffee", highlight: [C.AutocompleteHighlight(start: 0, length: 3)]),
            search: C.SearchSuggestion(query: "coffee", category: C.Category(id: "c"), chain: C.Chain(id: "ch")))
        let geo = C.AutocompleteResult(type: "geo", text: C.AutocompleteText(primary: "Chicago"),
                                       geo: C.Geo(name: "Chicago", center: point, bounds: C.Geo.Bounds(ne: point, sw: point), cc: "US", type: "locality"))
        #expect(try Self.roundTrips(C.AutocompleteResponse(results: [suggestion, geo])))
        #expect(try Self.roundTrips(C.GeotaggingCandidates(candidates: [C.Place(id: "g")])))
        #expect(try Self.roundTrips([C.Tip(id: "t", text: "Good")]))
        #expect(try Self.roundTrips([C.Photo(id: "p", prefix: "https://x/", suffix: "/a.jpg")]))
        #expect(C.Point().latitude == nil && C.Hours().regular == nil && C.Stats().totalTips == nil)
        #expect(C.SocialMedia().twitter == nil && C.ExtendedLocation().dma == nil && C.Hours.Period().day == nil)
        #expect(C.SearchContext().geoBounds == nil && C.SearchContext.Circle().radius == nil && C.Geo().name == nil)
    }

    @Test("the seed contract's models, built in code")
    func seedModels() throws {
        let candidate = SeedContract.PlaceCandidate(id: "s", name: "Seed place")
        #expect(try Self.roundTrips(ResultsPage(results: [candidate])))
        #expect(try Self.roundTrips(SeedContract.PlaceDetails(id: "d", name: "Details")))
        #expect(try Self.roundTrips(SeedContract.CategoryNode(id: 1, name: "Food")))
        #expect(try Self.roundTrips(SeedContract.Chain(id: "c", name: "Chain")))
        #expect(try Self.roundTrips(SeedContract.AutocompleteResponse(results: [SeedContract.AutocompleteResult(type: "place", text: SeedContract.AutocompleteText(primary: "P"))])))
        #expect(SeedContract.Location().address == nil && SeedContract.Geocodes().main == nil && ErrorBody().message == nil)
        #expect(SeedContract.Category(id: 1, name: "Food").icon == nil)
    }
}
