import Foundation
import FoursquarePlaces
import HarnessCore
import Testing

@Suite struct RedactorTests {
    static let key = APIKey("SENTINEL-KEY-redactor-1234")
    let redactor = Redactor(key: key, extraHeaders: ["X-Secret-Token"])

    @Test func redactsRawAndBearerFormsEverywhere() throws {
        #expect(redactor.text("Bearer SENTINEL-KEY-redactor-1234") == "Bearer <redacted>")
        #expect(redactor.headerMap(["Authorization": "anything", "X-Secret-Token": "t", "Accept": "application/json"])
                == ["authorization": "<redacted>", "x-secret-token": "<redacted>", "accept": "application/json"])
        let body = redactor.json(["a": ["echo SENTINEL-KEY-redactor-1234"], "SENTINEL-KEY-redactor-1234": 1] as [String: Any])
        let data = try JSONSerialization.data(withJSONObject: body)
        #expect(String(decoding: data, as: UTF8.self).contains("SENTINEL") == false)
        #expect(redactor.bytes(Data("<p>SENTINEL-KEY-redactor-1234</p>".utf8)) == Data("<p><redacted></p>".utf8))
    }

    @Test(arguments: [0, 1, 2])
    func theFinalScanFindsBase64AtAnyAlignment(prefix: Int) {
        let secret = Data(String(repeating: "x", count: prefix).utf8) + Data(Self.key.secret.utf8) + Data("tail".utf8)
        let planted = Data("{\"token\": \"\(secret.base64EncodedString())\"}".utf8)
        #expect(throws: RecordError.self) { try redactor.scan(planted, file: "chains/x.json") }
    }

    @Test func theFinalScanPassesCleanBytesAndCatchesRawOnes() throws {
        try redactor.scan(Data(#"{"authorization": "<redacted>"}"#.utf8), file: "a.json")
        do {
            try redactor.scan(Data("..SENTINEL-KEY-redactor-1234..".utf8), file: "chains/y.json")
            Issue.record("raw key not caught")
        } catch {
            #expect(error.description.hasPrefix("chains/y.json: refused to write"))
        }
    }

    /// A request parameter that shares a secret field's name (autocomplete's `session_token`, the user's typing
    /// session) is the client's own and is kept; the same name in the answer is a credential and is refused.
    @Test func theFinalScanLooksForCredentialsInTheAnswerOnly() throws {
        let request = #"{"request": {"query": {"query": "cof", "session_token": "typing-session-1"}}, "response": {"status": 200, "body": {"results": []}}}"#
        try redactor.scan(Data(request.utf8), file: "autocomplete/2025-06-17/200-typical.json")
        let answer = #"{"request": {"query": {}}, "response": {"status": 200, "body": {"session_token": "AQoDYXdzEJr-credential"}}}"#
        #expect(throws: RecordError.self) { try redactor.scan(Data(answer.utf8), file: "offline-jobs-initialize/2025-06-17/200.json") }
    }
}
