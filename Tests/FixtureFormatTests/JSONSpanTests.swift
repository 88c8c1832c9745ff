@testable import FixtureFormat
import Foundation
import Testing

@Suite struct JSONSpanTests {
    func parse(_ text: String, capture: [String] = ["response", "body"]) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) -> JSONValue in try JSONSpan.parse(Data(text.utf8), capture: capture) }
    }

    @Test func theCapturedBodyComesBackCompactWithStringsUntouched() throws {
        let text = "{\"response\": {\"status\": 200,\n  \"body\": { \"name\" : \"Café  Ünïcode\",\n \"n\": [1, 2.5e3, -0] } } }"
        let value = try parse(text).get()
        guard case let .captured(bytes)? = value.member("response")?.member("body") else {
            Issue.record("body was not captured: \(value)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"name":"Café  Ünïcode","n":[1,2.5e3,-0]}"#)
        guard case let .number(status)? = value.member("response")?.member("status") else { Issue.record("no status"); return }
        #expect(status == "200")
    }

    @Test func escapesAndRepeatedKeysReadAsJSONSerializationReadsThem() throws {
        let value = try parse(#"{"a": "x\n\u00e9\ud83d\ude00", "k": 1, "k": 2}"#).get()
        guard case let .string(text)? = value.member("a") else { Issue.record("no a"); return }
        #expect(text == "x\né😀")
        guard case let .number(k)? = value.member("k") else { Issue.record("no k"); return }
        #expect(k == "2")
    }

    @Test(arguments: [
        ("{\"a\": 1,\n  \"b\": tru}", 2, 8, "unexpected"),
        ("{\"a\": [1, 2,]}", 1, 13, "unexpected ']'"),
        ("{\"a\": 01}", 1, 7, "cannot start with 0"),
        ("{\"response\": {\"body\": {\"x\": \"é\" \"y\"}}}", 1, 33, "expected ',' or '}'"),
        ("{\"a\": \"tab\there\"}", 1, 11, "control character"),
        ("{\"a\": 1} x", 1, 10, "after the JSON value"),
        ("{\"a\": \"open", 1, 12, "end of file"),
    ])
    func malformedJSONGivesLineAndColumn(text: String, line: Int, column: Int, reason: String) {
        guard case let .failure(error) = parse(text) else { Issue.record("accepted: \(text)"); return }
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test func invalidUTF8InsideTheBodyIsNamedWithItsOffset() {
        let data = Data(#"{"response": {"body": {"x": "caf"#.utf8) + Data([0xE9]) + Data(#""}}}"#.utf8)
        let result = Result { () throws(JSONSyntaxError) -> JSONValue in try JSONSpan.parse(data, capture: ["response", "body"]) }
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.invalidUTF8)
        #expect(error.reason == "not valid UTF-8 (first bad byte at offset 32)")
    }

    @Test func theLoaderPutsLineAndColumnInTheFixtureError() {
        let broken = "{\n  \"endpoint\": \"chains\",\n  \"request\": {\"path\": \"/places/chains\",}\n}"
        let result = Result { () throws(FixtureError) -> Fixture in try FixtureLoader.parse(Data(broken.utf8), relativePath: "chains/x.json") }
        guard case let .failure(error) = result else { Issue.record("accepted"); return }
        #expect(error.description.hasPrefix("chains/x.json: malformed JSON at line 3, column 40:"), "\(error)")
    }
}
