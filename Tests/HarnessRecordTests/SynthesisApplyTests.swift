import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessRecord
import Testing
import TestSupport

/// `Synthesis.apply` labels a fixture synthetic only when no place data of the server's is left in it: a 2xx body
/// it cannot synthesize is refused, never written as synthetic with the server's bytes.
@Suite struct SynthesisApplyTests {
    static let secret = "Blue Bottle Coffee, 300 Webster St"
    /// Every fixture here was recorded with the server's own values.
    static let recorded = RecordingInfo(source: "recorded", at: "2026-11-26T00:00:00Z", values: .raw)

    @Test func aBase64TwoHundredBodyIsRefusedNotLabelledSynthetic() throws {
        let result = Synthesis.apply(to: TestSupport.fixture("place-details/200-typical.json", endpoint: .placeDetails, path: "/places/5a187743ccad6b307315e6fe", body: .raw(Data("<html>\(Self.secret)</html>".utf8)), recorded: Self.recorded))
        guard case let .failure(error) = result else {
            Issue.record("a body_base64 2xx answer was accepted as synthetic: \(result)")
            return
        }
        #expect(error.file == "place-details/200-typical.json")
        #expect(error.reason.hasPrefix("not written: the HTTP 200 body is not JSON (body_base64)"), "\(error.reason)")
        #expect(!error.reason.contains(Self.secret))
    }

    @Test func aTwoHundredBodyThatDoesNotParseIsRefused() {
        let result = Synthesis.apply(to: TestSupport.fixture("place-details/200-typical.json", endpoint: .placeDetails, path: "/places/5a187743ccad6b307315e6fe", body: .json(Data("{\"name\": \"\(Self.secret)\"".utf8)), recorded: Self.recorded))
        guard case let .failure(error) = result else {
            Issue.record("an unparseable 2xx answer was accepted as synthetic: \(result)")
            return
        }
        #expect(error.reason.contains("does not parse as JSON"), "\(error.reason)")
    }

    @Test func aParsedTwoHundredBodyIsSynthesizedAndLabelled() throws {
        let body = Data(#"{"fsq_place_id":"5a187743ccad6b307315e6fe","name":"Blue Bottle Coffee"}"#.utf8)
        let written = try Synthesis.apply(to: TestSupport.fixture("place-details/200-typical.json", endpoint: .placeDetails, path: "/places/5a187743ccad6b307315e6fe", body: .json(body), recorded: Self.recorded)).get()
        #expect(written.recorded.values == .synthetic)
        let text = String(decoding: written.response.body.data, as: UTF8.self)
        #expect(text.contains("5a187743ccad6b307315e6fe"))
        #expect(!text.contains("Blue Bottle"))
    }

    @Test func errorAndEmptyBodiesHoldNoPlaceDataAndAreKeptAsSynthetic() throws {
        let words = Data(#"{"message":"Not Found"}"#.utf8)
        let error = try Synthesis.apply(to: TestSupport.fixture("place-details/404-typical.json", endpoint: .placeDetails, path: "/places/5a187743ccad6b307315e6fe", status: 404, body: .json(words), recorded: Self.recorded)).get()
        #expect(error.recorded.values == .synthetic)
        #expect(error.response.body == .json(words))
        let proxy = try Synthesis.apply(to: TestSupport.fixture("place-details/502-typical.json", endpoint: .placeDetails, path: "/places/5a187743ccad6b307315e6fe", status: 502, body: .raw(Data("<html>bad gateway</html>".utf8)), recorded: Self.recorded)).get()
        #expect(proxy.recorded.values == .synthetic)
        let empty = try Synthesis.apply(to: TestSupport.fixture("place-details/204-typical.json", endpoint: .placeDetails, path: "/places/5a187743ccad6b307315e6fe", status: 204, body: .empty, recorded: Self.recorded)).get()
        #expect(empty.recorded.values == .synthetic)
    }
}
