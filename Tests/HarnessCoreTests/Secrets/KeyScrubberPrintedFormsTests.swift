import Foundation
import HarnessCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces
import Testing

/// The key as libraries print it: escaped in a dump, inside an array or dictionary, JSON-escaped, split across lines.
@Suite struct KeyScrubberPrintedFormsTests {
    /// Keys with what a pasted secret carries: a trailing newline, a tab, a leading space, quotes, a backslash.
    static let keys = [
        "SENTINEL-printed-4b1d9e\n", "SENTINEL-printed\t4b1d9e", " SENTINEL-printed-4b1d9e",
        "SENTINEL-\"printed\"-4b1d9e", "SENTINEL-printed\\4b1d9e", "SENTINEL-printed-\u{1B}-4b1d9e", "SENTINEL-plain-4b1d9e7a",
    ]

    /// Every way a library may print `key`, as the libraries print it (not as the scrubber spells its forms).
    static func printings(of key: String) -> [(String, String)] {
        enum Payload: Error { case values([String]), fields([String: String]) }
        let json = String(data: try! JSONSerialization.data(withJSONObject: ["authorization": "Bearer \(key)"]), encoding: .utf8)!
        let encoded = String(data: try! JSONEncoder().encode(["Bearer \(key)"]), encoding: .utf8)!
        let url = URL(string: "http://127.0.0.1:9/x?key=\(key.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")!
        let urlError = URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url,
                                                               NSLocalizedDescriptionKey: "refused Bearer \(key)"])
        let wrapped = stride(from: 0, to: key.count, by: 7).map { start -> String in
            let from = key.index(key.startIndex, offsetBy: start)
            return String(key[from..<(key.index(from, offsetBy: 7, limitedBy: key.endIndex) ?? key.endIndex)])
        }.joined(separator: "\n    ")
        return [
            ("String(reflecting:)", String(reflecting: "Bearer \(key)")),
            ("array dump", String(describing: ["Bearer \(key)"])),
            ("dictionary dump", String(describing: ["authorization": "Bearer \(key)"])),
            ("enum payload", String(reflecting: Payload.values(["Bearer \(key)"]))),
            ("dump of a dump", String(reflecting: [String(reflecting: ["Bearer \(key)"])])),
            ("JSONSerialization", json),
            ("JSONEncoder", encoded),
            ("URLError", String(describing: urlError) + " " + urlError.localizedDescription + " " + (urlError.failingURL?.absoluteString ?? "")),
            ("split across lines", "token: " + wrapped),
            ("split across escaped lines", String(reflecting: "token: " + wrapped)),
            ("base64 wrapped at 8", Data(key.utf8).base64EncodedString(options: [.lineLength64Characters])
                .enumerated().map { $0.offset > 0 && $0.offset % 8 == 0 ? "\r\n\($0.element)" : "\($0.element)" }.joined()),
        ]
    }

    @Test(arguments: keys)
    func everyPrintingOfTheKeyIsFoundAndRemoved(key: String) {
        let scrubber = KeyScrubber(key: APIKey(key))
        let core = key.trimmingCharacters(in: .whitespacesAndNewlines)
        for (name, printed) in Self.printings(of: key) {
            #expect(scrubber.found(in: printed), "\(name): \(printed.debugDescription)")
            let scrubbed = scrubber.text(printed)
            #expect(!scrubber.found(in: scrubbed), "\(name): \(scrubbed.debugDescription)")
            // No 8-character run of the key's inside survives (the prefix SENTINEL aside, which names it).
            for start in stride(from: 9, to: max(9, core.count - 8), by: 1) {
                let from = core.index(core.startIndex, offsetBy: start)
                let run = String(core[from..<core.index(from, offsetBy: 8)])
                #expect(!scrubbed.contains(run), "\(name): '\(run)' survived in \(scrubbed.debugDescription)")
            }
        }
    }

    @Test func ordinaryTextAroundAndBetweenIsKept() {
        let scrubber = KeyScrubber(key: APIKey("SENTINEL-printed-4b1d9e\n"))
        let text = #"transport failed: HTTPClientError.invalidHeaderFieldValues(["Bearer SENTINEL-printed-4b1d9e\n"]) at line 3"#
        #expect(scrubber.text(text) == #"transport failed: HTTPClientError.invalidHeaderFieldValues(["Bearer <redacted>"]) at line 3"#)
        #expect(scrubber.text("SENTINEL-printed and a newline\n") == "SENTINEL-printed and a newline\n")
    }

    /// The client's own redaction (what an app sees in `FoursquareError.description`) finds the escaped key too.
    @Test(arguments: keys)
    func theClientRedactsTheKeyFromAnEscapedDump(key: String) {
        let apiKey = APIKey(key)
        let dump = "transport failed: " + String(reflecting: ["Bearer \(key)"])
        #expect(!apiKey.redact(dump).contains(String(reflecting: key).dropFirst().dropLast()), "\(apiKey.redact(dump))")
        #expect(apiKey.redact(dump).contains(RedactedRequest.redactedMarker))
    }
}
