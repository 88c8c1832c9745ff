import Foundation
import FoursquarePlaces
import Testing
@testable import PlacesEmulator

/// The emulator reads the auth style by the library's one rule (`PresentedAuth`), in its check, in the style it
/// reports before checking, and in its log. The three used to differ: `style(of:)` took any value starting with
/// `Bearer` (so `Bearerxyz` was bearer) and an empty header as apiKey, the check took `Bearer ` or a bare `Bearer`,
/// and the log kept the scheme only for `Bearer ` (so a bare `Bearer` logged as a raw key and was cut from the line).
@Suite("Auth style reading")
struct AuthStyleReadingTests {
    static let headerValues: [String?] = [
        nil, "", "  ", "test-key-123", "Bearer test-key-123", "bearer test-key-123", "Bearer", "Bearer ",
        "Bearerxyz", "Bearer-key", "BEARER   test-key-123",
    ]

    static func request(_ authorization: String?) -> EmulatorRequest {
        var headers = ["X-Places-Api-Version": "2025-06-17"]
        headers["Authorization"] = authorization
        return EmulatorRequest(target: "/places/search?query=coffee", headers: headers)
    }

    @Test("the pre-check style, the check's style and the rule agree", arguments: 0..<headerValues.count)
    func checkAndStyleAgree(row: Int) {
        let header = Self.headerValues[row]
        let expected = PresentedAuth.read(authorization: header)?.style.rawValue ?? "none"
        let request = Self.request(header)
        #expect(AuthCheck.style(of: request) == expected, "\(String(describing: header))")
        let outcome = AuthCheck(required: .any, requiredKey: nil).check(request)
        #expect(outcome.style == expected, "\(String(describing: header))")
    }

    @Test("an unknown fault answers with the style the check would report", arguments: 0..<headerValues.count)
    func faultAnswerStyle(row: Int) throws {
        let header = Self.headerValues[row]
        var request = Self.request(header)
        request.headers["x-emulator-fault"] = "no-such-fault"
        let emulator = try PlacesEmulator(configuration: configuration())
        let answer = emulator.respond(to: request)
        #expect(answer.status == 400)
        #expect(answer.authStyle == (PresentedAuth.read(authorization: header)?.style.rawValue ?? "none"))
    }

    @Test("the log keeps the Bearer scheme exactly for the bearer style", arguments: 0..<headerValues.count)
    func logScheme(row: Int) {
        let header = Self.headerValues[row]
        let style = PresentedAuth.read(authorization: header)?.style
        let line = RequestLog.line(method: "GET", path: "/places/search", rawQuery: "query=coffee", authorization: header,
                                   response: EmulatorResponse(status: 200, authStyle: style?.rawValue ?? "none"),
                                   milliseconds: 1, requiredKey: nil)
        let expected = header == nil ? "none" : style == .bearer ? "Bearer <redacted>" : "<redacted>"
        #expect(line.hasSuffix("authorization=\(expected)"), "\(line)")
    }

    @Test("a lower-case scheme is the bearer style and its key is cut from the log")
    func lowerCaseSchemeKeyRedacted() {
        let key = "SENTINEL-KEY-lower-9f8e"
        let line = RequestLog.line(method: "GET", path: "/places/\(key)", rawQuery: nil, authorization: "bearer \(key)",
                                   response: EmulatorResponse(status: 200, authStyle: "bearer"), milliseconds: 1,
                                   requiredKey: nil)
        #expect(!line.contains(key))
        #expect(line.hasSuffix("authorization=Bearer <redacted>"))
    }
}
