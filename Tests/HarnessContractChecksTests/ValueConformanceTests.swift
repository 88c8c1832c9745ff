import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import HarnessContractChecks
@testable import HarnessCore
@testable import HarnessReplay
import Testing
import TestSupport

/// The value check against models as a buggy decoder would leave them: each bug decodes without throwing, so only
/// the comparison with the answer and the document can see it.
@Suite struct ValueConformanceTests {
    typealias C = Contract20250617

    static func operation(_ endpoint: EndpointID, _ contract: ContractID = .v20250617) -> DocumentedOperation {
        DocumentedOperation.named(endpoint, contract: contract)!
    }

    static func problems(_ body: String, _ decoded: Any, _ endpoint: EndpointID, _ contract: ContractID = .v20250617) -> [String] {
        ValueConformance.problems(body: Data(body.utf8), decoded: decoded, operation: operation(endpoint, contract))
    }

    static let details = #"{"fsq_place_id":"p1","name":"Café","tel":"+1 555 0100","location":{"address":"1 Main St","formatted_address":"1 Main St, Town"}}"#

    @Test("a model that reads formatted_address from formattedAddress holds nil where the answer has a value")
    func formattedAddressReadFromTheWrongKey() {
        let buggy = C.Place(id: "p1", name: "Café", location: C.Location(address: "1 Main St"), tel: "+1 555 0100")
        #expect(Self.problems(Self.details, buggy, .placeDetails)
            == ["$.location.formatted_address: in the answer and the document; the model holds nil"])
    }

    /// `hours_popular` is documented on a place: the model reads it, so an answer that carries it (as a re-recorded
    /// premium-fields fixture does) replays green, and a model that drops it is named.
    @Test("hours_popular is read from the answer")
    func popularHoursAreRead() throws {
        let body = #"{"fsq_place_id":"p1","hours_popular":[{"day":1,"open":"1700","close":"1900"}]}"#
        let decoded = try JSONDecoder().decode(C.Place.self, from: Data(body.utf8))
        #expect(decoded.hoursPopular == [C.Hours.Period(day: 1, open: "1700", close: "1900")])
        #expect(Self.problems(body, decoded, .placeDetails).isEmpty)
        #expect(Self.problems(body, C.Place(id: "p1"), .placeDetails)
            == ["$.hours_popular: in the answer and the document; the model holds nil"])
    }

    @Test("a tel that is not read")
    func telNotRead() {
        let buggy = C.Place(id: "p1", name: "Café", location: C.Location(address: "1 Main St", formattedAddress: "1 Main St, Town"))
        #expect(Self.problems(Self.details, buggy, .placeDetails) == ["$.tel: in the answer and the document; the model holds nil"])
    }

    @Test("the same model with every member passes")
    func rightModelPasses() {
        let right = C.Place(id: "p1", name: "Café", location: C.Location(address: "1 Main St", formattedAddress: "1 Main St, Town"),
                            tel: "+1 555 0100")
        #expect(Self.problems(Self.details, right, .placeDetails).isEmpty)
    }

    @Test("distance read from dist, in a search result")
    func distanceReadFromDist() {
        let body = #"{"results":[{"fsq_place_id":"p1","name":"A","distance":120}]}"#
        let buggy = C.SearchResponse(results: [C.Place(id: "p1", name: "A")])
        #expect(Self.problems(body, buggy, .placeSearch) == ["$.results[0].distance: in the answer and the document; the model holds nil"])
    }

    @Test("a photo's width and height swapped")
    func photoSidesSwapped() {
        let body = #"[{"id":"ph1","width":1600,"height":900}]"#
        let buggy = [C.Photo(id: "ph1", width: 900, height: 1600)]
        #expect(Self.problems(body, buggy, .placePhotos) == [
            "$[0].width: the answer holds 1600; the model holds 900", "$[0].height: the answer holds 900; the model holds 1600",
        ])
    }

    @Test("a tip's created_at read from createdAt")
    func tipCreatedAtReadFromCamelCase() {
        let body = #"[{"fsq_tip_id":"t1","created_at":"2025-01-01T00:00:00Z","text":"Good"}]"#
        let buggy = [C.Tip(id: "t1", text: "Good")]
        #expect(Self.problems(body, buggy, .placeTips) == ["$[0].created_at: in the answer and the document; the model holds nil"])
    }

    @Test("a member the document does not define is not judged; one the model has no property for is named")
    func undocumentedAndMissing() {
        // `mystery` is in no document; the seed chain's `name` is documented and missing from this stand-in model.
        struct StandIn { let id: String }
        struct Page { let results: [StandIn] }
        let body = #"{"results":[{"fsq_id":"c1","name":"Brand","mystery":1}]}"#
        #expect(Self.problems(body, ResultsPage<SeedContract.Chain>(results: [.init(id: "c1", name: "Brand")]), .chains, .seed).isEmpty)
        #expect(Self.problems(body, Page(results: [StandIn(id: "c1")]), .chains, .seed).first?
            .hasPrefix("$.results[0].name: in the answer and the document; ") == true)
    }

    @Test("an icon's photo members are compared; a model without them, or with another suffix, is named")
    func iconWithPhotoMembers() {
        let body = #"{"fsq_place_id":"p1","categories":[{"fsq_category_id":"c1","icon":{"prefix":"https://x/","suffix":".png","#
            + #""id":"i1","created_at":"2025-01-01T00:00:00Z","width":64,"height":64,"classifications":["icon"],"tip":{"text":"t"}}}],"#
            + #""chains":[{"fsq_chain_id":"h1","logo":{"prefix":"https://y/","suffix":".png","width":32}}]}"#
        func place(iconSuffix: String) -> C.Place {
            C.Place(id: "p1", categories: [C.Category(id: "c1", icon: Icon(
                        prefix: "https://x/", suffix: iconSuffix, id: "i1", createdAt: "2025-01-01T00:00:00Z", width: 64, height: 64,
                        classifications: ["icon"], tip: Icon.Tip(text: "t")))],
                    chains: [C.Chain(id: "h1", logo: Icon(prefix: "https://y/", suffix: ".png", id: nil, width: 32))])
        }
        #expect(Self.problems(body, place(iconSuffix: ".png"), .placeDetails).isEmpty)
        #expect(Self.problems(body, place(iconSuffix: ".jpg"), .placeDetails)
            == [#"$.categories[0].icon.suffix: the answer holds ".png"; the model holds ".jpg""#])
        let bare = C.Place(id: "p1", categories: [C.Category(id: "c1", icon: Icon(prefix: "https://x/", suffix: ".png"))],
                           chains: [C.Chain(id: "h1", logo: Icon(prefix: "https://y/", suffix: ".png", id: nil, width: 32))])
        #expect(Self.problems(body, bare, .placeDetails).first == "$.categories[0].icon.id: in the answer and the document; the model holds nil")
    }

    @Test("a suggested edit's rolled_back, a bare object in the document, is compared as a JSON value; so are its other members")
    func rolledBackCompared() {
        let body = #"{"suggested_edits":[{"id":"e1","status":"pending","rolled_back":false}]}"#
        #expect(Self.problems(body, C.SuggestedEdits(suggestedEdits: [C.SuggestedEdit(id: "e1", status: "pending", rolledBack: .bool(false))]),
                              .placeSuggestEdit).isEmpty)
        #expect(Self.problems(body, C.SuggestedEdits(suggestedEdits: [C.SuggestedEdit(id: "e1", status: "pending")]), .placeSuggestEdit)
            == ["$.suggested_edits[0].rolled_back: in the answer and the document; the model holds nil"])
        #expect(Self.problems(body, C.SuggestedEdits(suggestedEdits: [C.SuggestedEdit(id: "e1", rolledBack: .bool(false))]), .placeSuggestEdit)
            == ["$.suggested_edits[0].status: in the answer and the document; the model holds nil"])
    }

    @Test("seed tips as a bare array are checked as the documented results' elements")
    func seedBareArray() {
        let body = #"[{"id":"t1","created_at":"2025-01-01T00:00:00Z","text":"Good","lang":"en"}]"#
        let right = ResultsPage(results: [SeedContract.Tip(id: "t1", createdAt: "2025-01-01T00:00:00Z", text: "Good", lang: "en")])
        #expect(Self.problems(body, right, .placeTips, .seed).isEmpty)
        let buggy = ResultsPage(results: [SeedContract.Tip(id: "t1", text: "Good", lang: "en")])
        #expect(Self.problems(body, buggy, .placeTips, .seed) == ["$[0].created_at: in the answer and the document; the model holds nil"])
    }

    @Test("the client's own decoding of a shipped-shape answer passes through the replay")
    func replayPassesTheRealDecoder() async {
        let fixture = TestSupport.fixture("place-details/2025-06-17/case.json", endpoint: .placeDetails, contract: .v20250617,
                                          path: "/places/p1", requestHeaders: ["accept": "application/json", "authorization": "<redacted>",
                                                                                "x-places-api-version": "2025-06-17"],
                                          body: .json(Data(Self.details.utf8)))
        let results = await ReplayRunner().cases(for: .fixture(fixture))
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results)")
    }

    @Test("snake_case of Swift property names, runs of capitals as one word")
    func snakeCase() {
        #expect(ValueNaming.snakeCase("formattedAddress") == "formatted_address")
        #expect(ValueNaming.snakeCase("facebookID") == "facebook_id")
        #expect(ValueNaming.snakeCase("placemakerURL") == "placemaker_url")
        #expect(ValueNaming.snakeCase("censusBlockID") == "census_block_id")
        #expect(ValueNaming.snakeCase("tel") == "tel")
    }
}

/// The value check runs inside replay's `decoding` case.
@Suite struct ReplayValueCheckTests {
    /// A model without a property for a documented member: the answer decodes, and only the value check sees the
    /// member go missing.
    struct PlaceWithoutPopularHours: Decodable {
        let fsq_place_id: String
        let name: String?
    }

    @Test("a documented member the model has no property for is named")
    func aMemberWithNoPropertyIsNamed() throws {
        let body = #"{"fsq_place_id":"p1","name":"Café","hours_popular":[{"day":1,"open":"0800","close":"1000"}]}"#
        let decoded = try JSONDecoder().decode(PlaceWithoutPopularHours.self, from: Data(body.utf8))
        let problems = ValueConformanceTests.problems(body, decoded, .placeDetails)
        #expect(problems.contains { $0.hasPrefix("$.hours_popular: in the answer and the document; ")
            && $0.hasSuffix("PlaceWithoutPopularHours has no property for it") }, "\(problems)")
    }

    @Test("replay's decoding case holds every documented member to the client's model")
    func replayRunsTheValueCheck() async {
        // `hours_popular` (documented, and read by `Contract20250617.Place`) passes; a value the model reads
        // differently from the answer fails the same case.
        let body = #"{"fsq_place_id":"p1","name":"Café","hours_popular":[{"day":1,"open":"0800","close":"1000"}]}"#
        let fixture = TestSupport.fixture("place-details/2025-06-17/case.json", endpoint: .placeDetails, contract: .v20250617,
                                          path: "/places/p1", body: .json(Data(body.utf8)))
        let results = await ReplayRunner(authStyles: [.bearer]).cases(for: .fixture(fixture))
        #expect(results.last?.verdict == .pass, "\(results.map(\.verdict))")
    }
}
