import Foundation
@testable import FoursquarePlaces
import Testing

/// The byte-level fast paths give Foundation's answers, and step aside for text that is not ASCII.
@Suite("ASCII fast paths")
struct ASCIITextTests {
    @Test func caseInsensitiveNamesMatchFoundation() {
        let pairs = [("Authorization", "authorization"), ("X-Places-Api-Version", "x-PLACES-api-version"),
                     ("accept", "Accept"), ("accept", "accepts"), ("a-b", "a_b"), ("", ""), ("@", "`"), ("[", "{")]
        for (a, b) in pairs {
            #expect(ASCIIText.equalsIgnoringCase(a, b) == (a.caseInsensitiveCompare(b) == .orderedSame), "\(a) vs \(b)")
        }
        #expect(ASCIIText.equalsIgnoringCase("Straße", "STRASSE") == nil)
    }

    @Test func containsMatchesFoundation() {
        let cases = [("GET /places?key=abc123", "abc123"), ("abc12", "abc123"), ("xxabcabd", "abcabd"), ("", "a"), ("a", "")]
        for (text, needle) in cases {
            #expect(ASCIIText.contains(text, needle) == (needle.isEmpty || text.contains(needle)), "\(text) / \(needle)")
        }
        #expect(ASCIIText.contains("Café", "é") == nil)
    }

    @Test func headersStillCompareNamesCaseInsensitively() {
        var headers: HTTPHeaders = ["Authorization": "k", "X-Places-Api-Version": "1"]
        headers["authorization"] = "k2"
        #expect(headers["AUTHORIZATION"] == "k2")
        #expect(headers.fields.count == 2)
        headers["x-places-api-version"] = nil
        #expect(headers.fields.map(\.name) == ["authorization"])
    }

    @Test func queryValuesAreEscapedOnlyWhenTheyNeedIt() {
        #expect(FoursquareClient.encodeQuery("40.7484,-73.9857") == "40.7484,-73.9857")
        #expect(FoursquareClient.encodeQuery("a_b~c") == "a_b~c")
        #expect(FoursquareClient.encodeQuery("coffee & tea") == "coffee%20%26%20tea")
        #expect(FoursquareClient.encodeQuery("a+b=c") == "a%2Bb%3Dc")
        #expect(FoursquareClient.encodeQuery("قهوة") == "قهوة".addingPercentEncoding(withAllowedCharacters: .alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))))
    }

    @Test func redactionStillFindsTheKey() {
        let key = APIKey("SENTINEL-fast-path-0123456789")
        #expect(key.redact("GET /x?ll=1,2 SENTINEL-fast-path-0123456789") == "GET /x?ll=1,2 <redacted>")
        #expect(key.redact("Bearer SENTINEL-fast-path-0123456789, again SENTINEL-fast-path-0123456789")
                == "Bearer <redacted>, again <redacted>")
        #expect(key.redact("Café SENTINEL-fast-path-0123456789") == "Café <redacted>")
        #expect(key.redact("nothing here") == "nothing here")
    }
}
