import Foundation
import FoursquarePlaces
import HarnessCore
import Testing

@Suite struct KeyScrubberTests {
    static let secret = "SENTINEL/key+scrub=42?x"
    let scrubber = KeyScrubber(key: APIKey(Self.secret))

    /// The key in each form a server could echo it in, embedded in ordinary text.
    static var encodings: [(String, String)] {
        var forms = [
            ("raw", secret),
            ("percent-encoded", secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!),
            ("percent-encoded, lower-case hex", secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!.lowercased()
                .replacingOccurrences(of: "sentinel", with: "SENTINEL")),
            ("JSON-escaped", secret.replacingOccurrences(of: "/", with: "\\/")),
        ]
        for shift in 0..<3 {
            forms.append(("base64 after \(shift) bytes", (Data(repeating: 0x41, count: shift) + Data(secret.utf8)).base64EncodedString()))
            forms.append(("URL-safe base64 after \(shift) bytes", (Data(repeating: 0x41, count: shift) + Data(secret.utf8)).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")))
        }
        return forms
    }

    @Test func everyEncodingIsFoundAndRemovedFromTextAndBytes() {
        for (name, encoded) in Self.encodings {
            let text = "before \(encoded) after"
            #expect(scrubber.found(in: text), "\(name) not found")
            let scrubbed = scrubber.text(text)
            #expect(scrubbed.contains(KeyScrubber.marker), "\(name) not replaced: \(scrubbed)")
            #expect(!scrubber.found(in: scrubbed), "\(name) still found after scrubbing: \(scrubbed)")
            #expect(scrubbed.hasPrefix("before ") && scrubbed.hasSuffix(" after"), "\(name): text around the key changed")
            #expect(!scrubber.found(in: scrubber.bytes(Data(text.utf8))), "\(name) survives in bytes")
        }
    }

    @Test func onlyTheKeyChanges() {
        let text = "link New York starbucks query=starbucks \(Self.secret) the end"
        #expect(scrubber.text(text) == "link New York starbucks query=starbucks <redacted> the end")
        let ordinary = #"{"link": "/v3/places/abc", "name": "New York", "query": "starbucks", "spaces": "a b c"}"#
        #expect(scrubber.text(ordinary) == ordinary)
        #expect(scrubber.bytes(Data(ordinary.utf8)) == Data(ordinary.utf8))
    }

    @Test func aBase64KeyInsideALongerBase64TokenKeepsItsNeighbours() {
        // "Basic base64(user:KEY)": the characters that encode "user:" stay as they were.
        let token = Data("user:\(Self.secret)".utf8).base64EncodedString()
        let scrubbed = scrubber.text("Basic \(token)")
        #expect(scrubbed.hasPrefix("Basic " + token.prefix(4)))
        #expect(scrubbed.contains(KeyScrubber.marker))
    }

    @Test func headerNamesAndValuesAreScrubbed() {
        let headers: HTTPHeaders = ["Content-Type": "application/json; key=\(Self.secret)", "X-\(Self.secret)": "1"]
        let scrubbed = scrubber.headers(headers)
        #expect(scrubbed["content-type"] == "application/json; key=<redacted>")
        #expect(scrubbed["X-<redacted>"] == "1")
    }

    @Test(arguments: ["k", " ", "0123456789abcde"])
    func shortKeysAreRefusedWithOneLine(secret: String) throws {
        let problem = try #require(KeyScrubber.problem(with: APIKey(secret)))
        #expect(problem.hasPrefix("FSQ_API_KEY is \(secret.count) character"))
        #expect(!problem.contains("\n"))
    }

    @Test func aSixteenCharacterKeyIsAccepted() {
        #expect(KeyScrubber.problem(with: APIKey("0123456789abcdef")) == nil)
    }
}
