import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// The spec's sample responses decode into the models, through the client, for every endpoint.
@Suite("Spec sample decoding")
struct SpecSampleDecodingTests {
    @Test("every endpoint's sample decodes in every style its contract accepts", arguments: EndpointSamples.all)
    func everySampleDecodes(sample: EndpointSample) async throws {
        for style in sample.contract.authStyles {
            try await EndpointSamples.send(sample, via: engine(CapturingTransport(body: sample.body)).using(style))
        }
    }

    @Test("000 place details")
    func placeDetails() async throws {
        let details = try await engine(CapturingTransport(body: SpecSamples.placeDetails)).send(SeedContract.PlaceDetailsRequest(placeID: "5a187743ccad6b307315e6fe"))
        #expect(details.id == "5a187743ccad6b307315e6fe")
        #expect(details.name == "Sample Venue")
        #expect(details.timezone == "America/Los_Angeles")
        #expect(details.website == "https://example.com")
        #expect(details.websiteURL == URL(string: "https://example.com"))
        #expect(details.tel == "+1 555 123 4567")
        #expect(details.categories == [SeedContract.Category(id: 13034, name: "Coffee Shop")])
        #expect(details.location == SeedContract.Location(
            address: "123 Example St", locality: "Oakland", region: "CA", country: "US",
            formattedAddress: "123 Example St, Oakland, CA 94607"))
        #expect(details.geocodes == nil)
    }

    @Test("000 place details with only fsq_id (a fields projection)")
    func placeDetailsProjection() async throws {
        let details = try await engine(CapturingTransport(body: #"{"fsq_id":"abc"}"#)).send(SeedContract.PlaceDetailsRequest(placeID: "abc", fields: ["fsq_id"]))
        #expect(details == SeedContract.PlaceDetails(id: "abc"))
    }

    @Test("000 place tips")
    func placeTips() async throws {
        let tips = try await engine(CapturingTransport(body: SpecSamples.placeTips)).send(SeedContract.PlaceTipsRequest(placeID: "x")).results
        let tip = try #require(tips.first)
        #expect(tips.count == 1)
        #expect(tip.id == "5f0c2f1e5b4f5f0a3f5d7a11")
        #expect(tip.createdAt == "2024-01-12T20:45:11.000Z")
        #expect(tip.createdDate == Date(timeIntervalSince1970: 1_705_092_311))
        #expect(tip.text == "Great espresso and friendly staff")
        #expect(tip.lang == "en")
    }

    @Test("created_at parses with and without fractional seconds")
    func tipDates() {
        #expect(SeedContract.Tip(id: "a", createdAt: "2024-01-12T20:45:11Z").createdDate == Date(timeIntervalSince1970: 1_705_092_311))
        #expect(SeedContract.Tip(id: "a", createdAt: "2024-01-12T20:45:11.500Z").createdDate == Date(timeIntervalSince1970: 1_705_092_311.5))
        #expect(SeedContract.Tip(id: "a", createdAt: "yesterday").createdDate == nil)
        #expect(SeedContract.Tip(id: "a").createdDate == nil)
    }

    @Test("000 place photos")
    func placePhotos() async throws {
        let photos = try await engine(CapturingTransport(body: SpecSamples.placePhotos)).send(SeedContract.PlacePhotosRequest(placeID: "x")).results
        let photo = try #require(photos.first)
        #expect(photo.id == "6484f4f8f42f6f21a2f8bb2d")
        #expect(photo.prefix == "https://fastly.4sqi.net/img/general/")
        #expect(photo.suffix == "/12345_photo.jpg")
        #expect(photo.width == 1440)
        #expect(photo.height == 1080)
        #expect(photo.createdDate == Date(timeIntervalSince1970: 1_704_911_602))
        #expect(photo.imageURL()?.absoluteString == "https://fastly.4sqi.net/img/general/original/12345_photo.jpg")
    }

    @Test("001 places autocomplete")
    func placesAutocomplete() async throws {
        let results = try await engine(CapturingTransport(body: SpecSamples.placesAutocomplete)).send(SeedContract.PlacesAutocompleteRequest(query: "blue")).results
        let place = try #require(results.first)
        #expect(place.id == "4a5f2f39f964a52067bf1fe3")
        #expect(place.name == "Blue Bottle Coffee")
        #expect(place.distance == 120)
        let category = try #require(place.categories?.first)
        #expect(category.id == 13034)
        #expect(category.name == "Coffee Shop")
        #expect(category.icon == Icon(prefix: "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_", suffix: ".png"))
        #expect(category.iconURL()?.absoluteString == "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_64.png")
        #expect(place.location == SeedContract.Location(address: "300 Webster St", locality: "Oakland", region: "CA", country: "US"))
    }

    @Test("001 place search, with geocodes")
    func placeSearch() async throws {
        let results = try await engine(CapturingTransport(body: SpecSamples.placeSearch)).send(SeedContract.PlaceSearchRequest(location: .near("New York"))).results
        let place = try #require(results.first)
        #expect(place.name == "Sample Coffee Shop")
        #expect(place.location?.locality == "New York")
        #expect(place.geocodes?.main == SeedContract.GeoPoint(latitude: 40.7243, longitude: -74.0018))
        #expect(place.geocodes?.roof == nil)
        #expect(place.categories?.first?.icon == nil)
        #expect(place.categories?.first?.iconURL() == nil)
    }

    @Test("002 geotagging")
    func geotagging() async throws {
        let results = try await engine(CapturingTransport(body: SpecSamples.geotagging)).send(SeedContract.GeotaggingRequest(ll: Coordinate(latitude: 42.36, longitude: -71.06))).results
        #expect(results.count == 1)
        #expect(results.first?.distance == 45)
        #expect(results.first?.location?.locality == "Boston")
        #expect(results.first?.location?.region == "MA")
    }

    @Test("003 categories, nested")
    func categories() async throws {
        let nodes = try await engine(CapturingTransport(body: SpecSamples.categories)).send(SeedContract.CategoriesRequest()).results
        let root = try #require(nodes.first)
        #expect(root.id == 13000)
        #expect(root.name == "Dining and Drinking")
        #expect(root.shortName == "Dining")
        #expect(root.pluralName == "Dining and Drinking Places")
        #expect(root.parent == nil)
        #expect(root.iconURL(size: .px88, background: true)?.absoluteString
            == "https://ss3.4sqi.net/img/categories_v2/food/default_bg_88.png")
        let child = try #require(root.categories?.first)
        #expect(child.id == 13065)
        #expect(child.name == "Restaurant")
        #expect(child.pluralName == "Restaurants")
        #expect(child.parent == 13000)
        #expect(child.categories == [])
    }

    @Test("003 chains")
    func chains() async throws {
        let chains = try await engine(CapturingTransport(body: SpecSamples.chains)).send(SeedContract.ChainsRequest(query: "Blue Bottle")).results
        #expect(chains == [SeedContract.Chain(id: "c3f5c4fd-617e-4f74-bb3f-2f58f9fa7654", name: "Blue Bottle Coffee")])
    }

    @Test("004 autocomplete, place and search suggestions")
    func autocomplete() async throws {
        let results = try await engine(CapturingTransport(body: SpecSamples.autocomplete)).using(.bearer).send(SeedContract.AutocompleteRequest(query: "coffee")).results
        try #require(results.count == 2)
        let place = results[0]
        #expect(place.type == "place")
        #expect(place.text.primary == "Blue Bottle Coffee")
        #expect(place.text.secondary == "300 Webster St, Oakland, CA")
        #expect(place.text.highlight == [SeedContract.AutocompleteHighlight(start: 12, length: 6)])
        #expect(place.link == "/places/4a5f2f39f964a52067bf1fe3")
        #expect(place.place?.id == "4a5f2f39f964a52067bf1fe3")
        #expect(place.place?.categories?.first?.name == "Coffee Shop")
        let search = results[1]
        #expect(search.type == "search")
        #expect(search.text == SeedContract.AutocompleteText(primary: "coffee shops"))
        #expect(search.link == nil)
        #expect(search.place == nil)
    }

    @Test("an empty results page decodes to no results", arguments: Contract.seed.endpoints.map(\.id).filter { $0 != .placeDetails })
    func emptyResults(id: EndpointID) async throws {
        try await EndpointSamples.send(id, via: engine(CapturingTransport(body: #"{"results":[]}"#)))
    }
}

/// Image URLs built from prefix and suffix.
@Suite("Image URLs")
struct ImageURLTests {
    static let photo = SeedContract.PlacePhoto(id: "p", prefix: "https://fastly.4sqi.net/img/general/", suffix: "/12345_photo.jpg")

    @Test("photo sizes", arguments: [
        (SeedContract.PlacePhoto.Size.original, "https://fastly.4sqi.net/img/general/original/12345_photo.jpg"),
        (.exact(width: 300, height: 300), "https://fastly.4sqi.net/img/general/300x300/12345_photo.jpg"),
        (.exact(width: 1440, height: 1080), "https://fastly.4sqi.net/img/general/1440x1080/12345_photo.jpg"),
        (.cap(300), "https://fastly.4sqi.net/img/general/cap300/12345_photo.jpg"),
        (.width(600), "https://fastly.4sqi.net/img/general/width600/12345_photo.jpg"),
        (.height(400), "https://fastly.4sqi.net/img/general/height400/12345_photo.jpg"),
    ])
    func photoSizes(size: SeedContract.PlacePhoto.Size, url: String) {
        #expect(Self.photo.imageURL(size: size)?.absoluteString == url)
    }

    @Test("a photo without prefix or suffix has no image URL")
    func photoWithoutParts() {
        #expect(SeedContract.PlacePhoto(id: "p", suffix: "/x.jpg").imageURL() == nil)
        #expect(SeedContract.PlacePhoto(id: "p", prefix: "https://x/").imageURL(size: .cap(100)) == nil)
    }

    @Test("icon sizes with and without background", arguments: Icon.Size.allCases, [false, true])
    func iconSizes(size: Icon.Size, background: Bool) {
        let icon = Icon(prefix: "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_", suffix: ".png")
        let expected = "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_\(background ? "bg_" : "")\(size.rawValue).png"
        #expect(icon.url(size: size, background: background)?.absoluteString == expected)
        let category = SeedContract.Category(id: 13034, name: "Coffee Shop", icon: icon)
        #expect(category.iconURL(size: size, background: background)?.absoluteString == expected)
        #expect(SeedContract.CategoryNode(id: 13034, name: "Coffee Shop", icon: icon).iconURL(size: size, background: background)?.absoluteString == expected)
    }

    @Test("icon default is 64px without background")
    func iconDefault() {
        let icon = Icon(prefix: "https://ss3.4sqi.net/img/categories_v2/food/default_", suffix: ".png")
        #expect(icon.url()?.absoluteString == "https://ss3.4sqi.net/img/categories_v2/food/default_64.png")
        #expect(SeedContract.Category(id: 1, name: "x").iconURL() == nil)
    }
}
