import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// Every member the 2025-06-17 document gives a place reaches the app typed: related places (a place holding
/// places), nested photos and tips (a tip's photo's tip), attribute flags, actions, plugins, flags and ratings.
@Suite("2025-06-17: every documented member")
struct EveryMemberTests {
    typealias C = Contract20250617

    static let details = #"""
    {"fsq_place_id":"p1","name":"Gate B12",
     "related_places":{"parent":{"fsq_place_id":"p0","name":"SFO","categories":[{"fsq_category_id":"19040","name":"Airport"}],
                                 "photos":[{"id":"ph0","prefix":"https://p/","suffix":"/a.jpg"}],"tips":[{"id":"t0","text":"big"}]},
                       "children":[{"fsq_place_id":"c1","name":"Kiosk"},{"fsq_place_id":"c2","name":"Lounge"}]},
     "photos":[{"fsq_photo_id":"ph1","prefix":"https://p/","suffix":"/b.jpg","width":640,"height":480,"classifications":["outdoor"],
                "tip":{"fsq_tip_id":"t1","text":"view","photo":{"id":"ph2","prefix":"https://p/","suffix":"/c.jpg","tip":{"id":"t2","text":"deep"}}}}],
     "tips":[{"fsq_tip_id":"t3","text":"go early","agree_count":4,"photo":{"id":"ph3","prefix":"https://q/","suffix":"/d.jpg"}}],
     "attributes":{"restroom":true,"wifi":"f","has_parking":"false","delivery":false,"takes_credit_card":"Y"},
     "place_actions":[{"action":"order","url":"https://order.example/p1","provider":"Example"}],
     "plugins":{"menu":{"items":3}},"unresolved_flags":["closed"],"veracity_rating":{"score":0.9},
     "categories":[{"fsq_category_id":"4bf","icon":{"fsq_photo_id":"i1","suffix":".png","width":32}}]}
    """#

    func place(_ body: String = details) async throws -> APIResponse<C.Place> {
        try await client(C.self, CapturingTransport(body: body)).response(to: C.PlaceDetailsRequest(placeID: "p1"))
    }

    @Test("related places: the parent is not a child, and each child is a place")
    func relatedPlaces() async throws {
        let place = try await place().value
        #expect(place.relatedPlaces?.parent?.id == "p0")
        #expect(place.relatedPlaces?.parent?.categories?.first?.name == "Airport")
        #expect(place.relatedPlaces?.parent?.photos?.first?.id == "ph0")
        #expect(place.relatedPlaces?.parent?.tips?.first?.id == "t0")
        #expect(place.relatedPlaces?.children?.map(\.id) == ["c1", "c2"])
        #expect(place.relatedPlaces?.children?.contains { $0.id == "p0" } == false)
    }

    @Test("nested photos and tips, a tip's photo's tip included, each with its own values")
    func photosAndTips() async throws {
        let place = try await place().value
        let photo = try #require(place.photos?.first)
        #expect(photo.id == "ph1" && photo.width == 640 && photo.classifications == ["outdoor"])
        #expect(photo.tip?.id == "t1" && photo.tip?.text == "view")
        #expect(photo.tip?.photo?.suffix == "/c.jpg" && photo.tip?.photo?.prefix == "https://p/")
        #expect(photo.tip?.photo?.tip?.text == "deep")
        #expect(place.tips?.first?.agreeCount == 4 && place.tips?.first?.photo?.id == "ph3")
        #expect(place.tips?.first?.photo?.prefix == "https://q/")
    }

    @Test("attribute flags read as Bool from a boolean or the API's strings; wifi stays text")
    func attributes() async throws {
        let attributes = try #require(try await place().value.attributes)
        #expect(attributes.restroom?.flag == true)
        #expect(attributes.hasParking?.flag == false)
        #expect(attributes.delivery?.flag == false)
        #expect(attributes.takesCreditCard?.flag == true)
        #expect(attributes.atm == nil && attributes.reservations?.flag == nil)
        #expect(attributes.wifi == "f")
    }

    @Test("actions, plugins, unresolved flags and the veracity rating")
    func looseMembers() async throws {
        let place = try await place().value
        #expect(place.placeActions == [C.Place.PlaceAction(action: "order", url: "https://order.example/p1", provider: "Example")])
        #expect(place.plugins?["menu"]?["items"]?.int == 3)
        #expect(place.unresolvedFlags == ["closed"])
        #expect(place.veracityRating?["score"]?.number == 0.9)
    }

    @Test("an icon without prefix keeps its other members; its URL is nil")
    func iconWithoutPrefix() async throws {
        let icon = try #require(try await place().value.categories?.first?.icon)
        #expect(icon.id == "i1" && icon.width == 32 && icon.suffix == ".png" && icon.prefix.isEmpty)
        #expect(icon.url() == nil)
    }

    @Test("the models stay values: equal when decoded twice, different when a nested member differs")
    func valueSemantics() async throws {
        let first = try await place().value
        let again = try await place().value
        #expect(first == again && first.hashValue == again.hashValue)
        let changed = try await place(Self.details.replacingOccurrences(of: "\"deep\"", with: "\"deeper\"")).value
        #expect(first != changed)
        let built = C.NestedTip(id: "t", photo: C.Photo(id: "p", tip: C.NestedTip(id: "u")))
        #expect(built.photo?.tip?.id == "u")
    }

    @Test("a place encodes back to the members it decoded, nested ones included")
    func roundTrip() async throws {
        let place = try await place().value
        let decoded = try JSONDecoder().decode(C.Place.self, from: JSONEncoder().encode(place))
        #expect(decoded == place)
    }

    @Test("the raw answer holds what no model does")
    func rawAnswer() async throws {
        let body = #"{"fsq_place_id":"p1","name":"A","next_month":{"member":[1,true,null,"x"]}}"#
        let answer = try await place(body)
        #expect(answer.value.name == "A")
        #expect(answer.raw?["next_month"]?["member"]?[0]?.int == 1)
        #expect(answer.raw?["next_month"]?["member"]?[1]?.bool == true)
        #expect(answer.raw?["next_month"]?["member"]?[2]?.isNull == true)
        #expect(answer.raw?["next_month"]?["member"]?[3]?.string == "x")
        #expect(String(decoding: answer.body, as: UTF8.self) == body)
    }

    @Test("a related_places that is an array fails, naming where")
    func relatedPlacesAsArray() async throws {
        let error = await #expect(throws: FoursquareError.self) { _ = try await place(#"{"fsq_place_id":"p1","related_places":[]}"#) }
        #expect(error?.decoding?.path.contains("related_places") == true)
    }

    /// What a decode on a thread with `stackSize` threw; nil when it decoded.
    final class Outcome: @unchecked Sendable { var error: (any Error)? }

    static func decode<T: Decodable>(_ type: T.Type, _ body: String, stackSize: Int) -> (any Error)? {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do { _ = try JSONDecoder().decode(T.self, from: Data(body.utf8)) } catch { outcome.error = error }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return outcome.error
    }

    @Test("answers nested 400 levels (the parser takes them) or 10,000 (it does not) fail on a 512 KB stack, not crash")
    func deepRecursion() async throws {
        for levels in [400, 10_000] {
            let tips = #"{"fsq_place_id":"p1","tips":["# + String(repeating: #"{"fsq_tip_id":"t","photo":{"id":"p","tip":"#, count: levels / 2)
                + #"{"fsq_tip_id":"t"}"# + String(repeating: "}}", count: levels / 2) + "]}"
            let parents = String(repeating: #"{"fsq_place_id":"p","related_places":{"parent":"#, count: levels / 2)
                + #"{"fsq_place_id":"p"}"# + String(repeating: "}}", count: levels / 2)
            let plugins = #"{"fsq_place_id":"p1","plugins":"# + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "}"
            for body in [tips, parents, plugins] {
                let error = Self.decode(C.Place.self, body, stackSize: 512 * 1024)
                #expect(error != nil, "\(levels) levels decoded")
            }
            await #expect(throws: FoursquareError.self) { _ = try await place(tips) }
        }
        // A real answer's depth still decodes.
        #expect(Self.decode(C.Place.self, Self.details, stackSize: 512 * 1024) == nil)
    }
}
