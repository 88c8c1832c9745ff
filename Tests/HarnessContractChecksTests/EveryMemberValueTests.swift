import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import HarnessContractChecks
@testable import HarnessCore
@testable import HarnessReplay
import Testing
import TestSupport

/// The value check on the members issue 65 modelled: related places, nested photos and tips through their
/// recursion, JSON values (attribute flags, plugins) and icons; each bug decodes without throwing.
@Suite struct EveryMemberValueTests {
    typealias C = Contract20250617

    static func problems(_ body: String, _ decoded: Any) -> [String] {
        ValueConformanceTests.problems(body, decoded, .placeDetails)
    }

    static func decoded(_ body: String) throws -> C.Place { try JSONDecoder().decode(C.Place.self, from: Data(body.utf8)) }

    static let related = #"{"fsq_place_id":"p1","related_places":{"parent":{"fsq_place_id":"p0","name":"Airport"},"children":[{"fsq_place_id":"c1","name":"Gate"}]}}"#

    @Test("the client's model of related places passes; a parent read as a child is named")
    func parentReadAsChild() throws {
        #expect(Self.problems(Self.related, try Self.decoded(Self.related)).isEmpty)
        let swapped = C.Place(id: "p1", relatedPlaces: C.RelatedPlaces(parent: C.Place(id: "c1", name: "Gate"),
                                                                         children: [C.Place(id: "p0", name: "Airport")]))
        #expect(Self.problems(Self.related, swapped) == [
            "$.related_places.parent.fsq_place_id: the answer holds \"p0\"; the model holds \"c1\"",
            "$.related_places.parent.name: the answer holds \"Airport\"; the model holds \"Gate\"",
            "$.related_places.children[0].fsq_place_id: the answer holds \"c1\"; the model holds \"p0\"",
            "$.related_places.children[0].name: the answer holds \"Gate\"; the model holds \"Airport\"",
        ])
    }

    static let photos = #"{"fsq_place_id":"p1","photos":[{"fsq_photo_id":"ph1","prefix":"https://a/","suffix":"/1.jpg","tip":{"fsq_tip_id":"t1","text":"view","photo":{"id":"ph2","prefix":"https://b/","suffix":"/2.jpg"}}}]}"#

    @Test("a nested photo's prefix read from the outer photo's, and recursion cut at depth 1, are named")
    func nestedPhotos() throws {
        #expect(Self.problems(Self.photos, try Self.decoded(Self.photos)).isEmpty)
        let inner = C.Photo(id: "ph2", prefix: "https://a/", suffix: "/2.jpg")
        let wrongPrefix = C.Place(id: "p1", photos: [C.Photo(id: "ph1", prefix: "https://a/", suffix: "/1.jpg",
                                                               tip: C.NestedTip(id: "t1", text: "view", photo: inner))])
        #expect(Self.problems(Self.photos, wrongPrefix) == ["$.photos[0].tip.photo.prefix: the answer holds \"https://b/\"; the model holds \"https://a/\""])
        let cut = C.Place(id: "p1", photos: [C.Photo(id: "ph1", prefix: "https://a/", suffix: "/1.jpg", tip: C.NestedTip(id: "t1", text: "view"))])
        #expect(Self.problems(Self.photos, cut) == ["$.photos[0].tip.photo: in the answer and the document; the model holds nil"])
    }

    static let attributes = #"{"fsq_place_id":"p1","attributes":{"restroom":true,"has_parking":"f","wifi":"f"},"plugins":{"menu":{"items":[1,2]}}}"#

    @Test("attribute flags and free-form members are compared value by value")
    func jsonValues() throws {
        #expect(Self.problems(Self.attributes, try Self.decoded(Self.attributes)).isEmpty)
        let inverted = C.Place(id: "p1", attributes: C.Place.Attributes(restroom: .bool(false), hasParking: .string("f"), wifi: "f"),
                               plugins: .object(["menu": .object(["items": .array([.number(1), .number(3)])])]))
        #expect(Self.problems(Self.attributes, inverted) == [
            "$.attributes.restroom: the answer holds true; the model holds false",
            "$.plugins.menu.items[1]: the answer holds 2; the model holds 3.0",
        ])
    }

    @Test("an attribute flag that is neither a boolean nor a string fails, naming it")
    func attributeOfAnotherType() throws {
        let body = #"{"fsq_place_id":"p1","attributes":{"restroom":{"yes":1},"atm":3}}"#
        #expect(Self.problems(body, try Self.decoded(body)) == [
            "$.attributes.restroom: the answer holds an object; an attribute flag is a boolean or a string (the document types it as a bare object; answers show which)",
            "$.attributes.atm: the answer holds a number; an attribute flag is a boolean or a string (the document types it as a bare object; answers show which)",
        ])
    }

    @Test("a model nested deeper than the client decodes (built in code) fails the check once, with one line")
    func deepAnswer() throws {
        // The client refuses such an answer (`AnswerNesting`); the check stops at the same depth on its own.
        let levels = 40
        let body = #"{"fsq_place_id":"p1","photos":[{"fsq_photo_id":"p0","tip":"# + String(repeating: #"{"id":"t","photo":{"id":"p","tip":"#, count: levels)
            + #"{"id":"t"}"# + String(repeating: "}}", count: levels) + "}]}"
        var tip = C.NestedTip(id: "t")
        for _ in 0..<levels { tip = C.NestedTip(id: "t", photo: C.Photo(id: "p", tip: tip)) }
        let place = C.Place(id: "p1", photos: [C.Photo(id: "p0", tip: tip)])
        let problems = Self.problems(body, place)
        #expect(problems.count == 1)
        #expect(problems.first?.hasSuffix("nested deeper than 64 members and elements, deeper than any real answer; not judged further") == true)
        #expect(throws: DecodingError.self) { try Self.decoded(body) }
    }

    @Test("an icon's photo-schema members, keyed fsq_photo_id, reach Icon")
    func iconMembers() throws {
        // Autocomplete's document keys an icon's id fsq_photo_id; a place's categories key it id.
        let body = #"{"results":[{"type":"place","text":{"primary":"A"},"icon":{"fsq_photo_id":"i1","suffix":".png","width":32}}]}"#
        let decoded = try JSONDecoder().decode(C.AutocompleteResponse.self, from: Data(body.utf8))
        #expect(decoded.results.first?.icon?.id == "i1" && decoded.results.first?.icon?.url() == nil)
        #expect(ValueConformanceTests.problems(body, decoded, .autocomplete).isEmpty)
        let buggy = C.AutocompleteResponse(results: [C.AutocompleteResult(type: "place", text: C.AutocompleteText(primary: "A"),
                                                                            icon: Icon(prefix: "", suffix: ".png", id: nil, width: 32))])
        #expect(ValueConformanceTests.problems(body, buggy, .autocomplete)
            == ["$.results[0].icon.fsq_photo_id: in the answer and the document; the model holds nil"])
    }

    @Test("in replay, each bad answer fails its own case with one line naming the fixture; the others pass")
    func badAnswersInReplay() async throws {
        let bodies = [
            ("flag", #"{"fsq_place_id":"p1","attributes":{"restroom":3}}"#),
            ("array", #"{"fsq_place_id":"p1","related_places":[]}"#),
            ("good", Self.related),
        ]
        for (name, body) in bodies {
            let fixture = TestSupport.fixture("place-details/2025-06-17/\(name).json", endpoint: .placeDetails, contract: .v20250617,
                                              path: "/places/p1", body: .json(Data(body.utf8)))
            let decoding = try #require(await ReplayRunner(authStyles: [.bearer]).cases(for: .fixture(fixture)).last)
            if name == "good" {
                #expect(decoding.verdict == .pass)
            } else {
                guard case let .fail(message, _) = decoding.verdict else { Issue.record("\(name): \(decoding.verdict)"); continue }
                #expect(!message.contains("\n"))
                #expect(message.contains(name == "flag" ? "$.attributes.restroom" : "$.related_places"), "\(message)")
            }
        }
        // 10,000 levels: the loader refuses the file, naming it; the run goes on with the rest.
        let deep = String(repeating: #"{"tip":{"photo":"#, count: 5_000) + "{}" + String(repeating: "}}", count: 5_000)
        let file = Data((#"{"endpoint": "place-details", "contract": "2025-06-17", "request": {"method": "GET", "path": "/places/p1"}, "#
            + #""response": {"status": 200, "body": "# + deep + "}}").utf8)
        #expect(throws: (any Error).self) { try FixtureLoader.parse(file, relativePath: "place-details/2025-06-17/deep.json") }
    }
}
