import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessRecord
import Testing

/// Synthesis keeps each value's form and drops its content; ids, closed sets, counts and structure stay as recorded.
@Suite struct SynthesisTests {
    static let placeID = "5a187743ccad6b307315e6fe"
    static let request = RecordedRequest(path: "/places/\(placeID)", query: ["fields": "name,tel"])

    static var place: [String: Any] { [
        "fsq_place_id": placeID, "name": "喫茶ランドリー", "tel": "+81 3-3535-3600", "website": "https://www.starbucks.com/store/1234.html",
        "email": "hello@bluebottle.com", "latitude": 35.6812362491, "longitude": 139.7671248293, "rating": 8.8,
        "popularity": 0.88, "date_created": "2009-09-10", "distance": 1105, "price": 2, "verified": true, "link": "/places/\(placeID)",
        "location": ["address": "Nørrebrogade 12", "country": "DK", "postcode": "2200", "formatted_address": NSNull()],
        "categories": [["fsq_category_id": "4bf58dd8d48988d16d941735", "name": "Café",
                        "icon": ["prefix": "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_", "suffix": ".png"]]],
        "hours": ["display": "Mon-Sun 7:00 AM-8:00 PM", "open_now": false, "regular": [["day": 1, "open": "0700", "close": "2000"]]],
        "stats": ["total_photos": 3, "total_tips": 0],
        "tips": [["fsq_tip_id": "5b1a2f3c4d5e6f7a8b9c0d21", "created_at": "2024-01-10T18:33:22.000Z", "text": "Busy at 8am.", "lang": "en"]],
        "tastes": ["cozy", "quiet"],
    ] }

    func synthesize(_ body: [String: Any], request: RecordedRequest = Self.request) throws -> [String: Any] {
        let data = try JSONSerialization.data(withJSONObject: body)
        let out = Synthesis(request: request).body(data)
        return try #require(try JSONSerialization.jsonObject(with: out) as? [String: Any])
    }

    @Test func keepsIdsClosedSetsCountsAndStructure() throws {
        let out = try synthesize(Self.place)
        #expect(out["fsq_place_id"] as? String == Self.placeID)
        #expect(out["link"] as? String == "/places/\(Self.placeID)", "a link built from the request's id is kept")
        #expect(out["distance"] as? Int == 1105)
        #expect(out["price"] as? Int == 2)
        #expect(out["verified"] as? Bool == true)
        let location = try #require(out["location"] as? [String: Any])
        #expect(location["country"] as? String == "DK")
        #expect(location["formatted_address"] is NSNull, "a null stays null")
        let categories = try #require(out["categories"] as? [[String: Any]])
        #expect(categories.count == 1)
        #expect(categories[0]["fsq_category_id"] as? String == "4bf58dd8d48988d16d941735")
        let tips = try #require(out["tips"] as? [[String: Any]])
        #expect(tips[0]["fsq_tip_id"] as? String == "5b1a2f3c4d5e6f7a8b9c0d21")
        #expect(tips[0]["lang"] as? String == "en")
        #expect((out["stats"] as? [String: Any])?["total_photos"] as? Int == 3)
        #expect((out["tastes"] as? [String])?.count == 2, "array lengths stay")
        let regular = try #require((out["hours"] as? [String: Any])?["regular"] as? [[String: Any]])
        #expect(regular[0]["day"] as? Int == 1)
        #expect(Set(out.keys) == Set(Self.place.keys), "no field added or removed")
    }

    @Test func replacesPlaceDataKeepingItsForm() throws {
        let out = try synthesize(Self.place)
        let name = try #require(out["name"] as? String)
        #expect(name != "喫茶ランドリー")
        #expect(name.count == "喫茶ランドリー".count)
        for (new, old) in zip(name.unicodeScalars, "喫茶ランドリー".unicodeScalars) {
            #expect(new.value & ~0x7F == old.value & ~0x7F, "\(new) is in the same block (script) as \(old)")
        }
        let tel = try #require(out["tel"] as? String)
        #expect(tel != "+81 3-3535-3600")
        #expect(tel.count == 15 && tel.hasPrefix("+") && tel.map { $0.isNumber } == "+81 3-3535-3600".map { $0.isNumber },
                "a phone number stays a phone number: \(tel)")
        let website = try #require(out["website"] as? String)
        let url = try #require(URL(string: website))
        #expect(url.scheme == "https" && url.host?.hasSuffix(".example") == true && url.pathExtension == "html", "\(website)")
        #expect(!website.contains("starbucks"))
        let email = try #require(out["email"] as? String)
        #expect(email.hasSuffix(".example") && email.contains("@") && !email.contains("bluebottle"), "\(email)")
        let created = try #require(out["date_created"] as? String)
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd"
        day.timeZone = TimeZone(identifier: "UTC")
        #expect(day.date(from: created) != nil && created != "2009-09-10", "\(created)")
        let tipDate = try #require((out["tips"] as? [[String: Any]])?[0]["created_at"] as? String)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(iso.date(from: tipDate) != nil && tipDate != "2024-01-10T18:33:22.000Z", "\(tipDate)")
        let open = try #require(((out["hours"] as? [String: Any])?["regular"] as? [[String: Any]])?[0]["open"] as? String)
        #expect(open.count == 4 && Int(open).map { $0 / 100 < 24 && $0 % 100 < 60 } == true, "\(open)")
        let icon = try #require((out["categories"] as? [[String: Any]])?[0]["icon"] as? [String: Any])
        #expect(icon["suffix"] as? String == ".png")
        #expect((icon["prefix"] as? String)?.hasPrefix("https://") == true)
        #expect((out["location"] as? [String: Any])?["address"] as? String != "Nørrebrogade 12")
    }

    @Test func coordinatesStayInRangeAtReducedPrecisionAndMoved() throws {
        for (lat, lon) in [(35.6812362491, 139.7671248293), (-90.0, 180.0), (89.999, -179.999), (0.0, 0.0)] {
            let out = try synthesize(["fsq_place_id": "abc123", "latitude": lat, "longitude": lon])
            let newLat = try #require(out["latitude"] as? Double), newLon = try #require(out["longitude"] as? Double)
            #expect((-90...90).contains(newLat) && (-180...180).contains(newLon))
            #expect(abs(newLat * 100 - (newLat * 100).rounded()) < 1e-6, "two decimals: \(newLat)")
            #expect(abs(newLat - lat) <= 0.06 && abs(newLon - lon) <= 0.06)
            if abs(lat) < 89 { #expect(newLat != lat && newLon != lon, "moved") }
        }
        let rating = try synthesize(["rating": 8.8, "popularity": 0.88])
        #expect((0...10).contains(rating["rating"] as? Double ?? -1))
        #expect((0...1).contains(rating["popularity"] as? Double ?? -1))
    }

    @Test func isDeterministicAndSeededByTheIds() throws {
        let once = try synthesize(Self.place), twice = try synthesize(Self.place)
        #expect(NSDictionary(dictionary: once) == NSDictionary(dictionary: twice))
        var other = Self.place
        other["fsq_place_id"] = "4b4bf541f964a5209c343702"
        let moved = try synthesize(other)
        #expect(moved["name"] as? String != once["name"] as? String, "another place gets other values")
        var renamed = Self.place
        renamed["name"] = "喫茶ランドリー2号店"
        #expect(try synthesize(renamed)["tel"] as? String == once["tel"] as? String, "a changed value leaves the others alone")
    }

    @Test func memberOrderDoesNotChangeTheValues() throws {
        let synthesis = Synthesis(request: RecordedRequest(path: "/places/suggest/status"))
        let one = synthesis.body(Data(#"{"woes":[{"id":"se-5f1a2b3c","fsq_place_id":"4a5f2f39f964a52067bf1fe3","created_at":"2024-01-10T18:33:22Z","venue_name":"Blue Bottle"}]}"#.utf8))
        let other = synthesis.body(Data(#"{"woes":[{"venue_name":"Blue Bottle","created_at":"2024-01-10T18:33:22Z","fsq_place_id":"4a5f2f39f964a52067bf1fe3","id":"se-5f1a2b3c"}]}"#.utf8))
        let a = try JSONSerialization.jsonObject(with: one) as? NSDictionary, b = try JSONSerialization.jsonObject(with: other) as? NSDictionary
        #expect(a != nil && a == b)
    }

    @Test func keepsTheIdsTheRequestNamesAndRedactedCredentials() throws {
        let request = RecordedRequest(path: "/offline-jobs/status", query: ["job_id": "7f3c2a91b04e4d5c9a8e6f1d2c3b4a59"])
        let out = try synthesize(["job_statuses": ["7f3c2a91b04e4d5c9a8e6f1d2c3b4a59: RUNNING"], "session_token": "<redacted>",
                                  "status": "SUBMITTED", "output_uri": "s3://fsq-offline-jobs/7f3c2a91b04e4d5c9a8e6f1d2c3b4a59/out"],
                                 request: request)
        let status = try #require((out["job_statuses"] as? [String])?.first)
        #expect(status.hasPrefix("7f3c2a91b04e4d5c9a8e6f1d2c3b4a59: ") && status != "7f3c2a91b04e4d5c9a8e6f1d2c3b4a59: RUNNING")
        #expect(out["session_token"] as? String == "<redacted>")
        #expect(out["status"] as? String == "SUBMITTED")
        let uri = try #require(out["output_uri"] as? String)
        #expect(uri.hasPrefix("s3://") && uri.contains("/7f3c2a91b04e4d5c9a8e6f1d2c3b4a59/") && !uri.contains("fsq-offline-jobs"), "\(uri)")
    }

    @Test func aFixtureIsMarkedSyntheticAndItsErrorBodyKept() throws {
        let error = Fixture(relativePath: "place-details/404-not-found.json", endpoint: .placeDetails,
                            request: Self.request,
                            response: RecordedResponse(status: 404, body: .json(Data(#"{"message":"Venue not found"}"#.utf8))),
                            recorded: RecordingInfo(source: "recorded"))
        let synthetic = try Synthesis.apply(to: error).get()
        #expect(synthetic.recorded.values == .synthetic)
        #expect(synthetic.response.body == error.response.body, "the API's own error text is kept")
        #expect(!synthetic.recorded.holdsRawValues && error.recorded.holdsRawValues)
        #expect(!RecordingInfo.authored.holdsRawValues)
    }
}
