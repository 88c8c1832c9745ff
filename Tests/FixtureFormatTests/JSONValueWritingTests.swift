import FixtureFormat
import Foundation
import Testing

@Suite struct JSONValueWritingTests {
    @Test func writtenTextReadsBackAsTheSameValue() throws {
        let text = #"{"s": "quote \" backslash \\ tab \t nl \n bell \u0007 é 😀 /", "n": [1, -0, 2.5e3, 1E-7], "b": [true, false, null], "o": {"": {}}, "a": []}"#
        let value = try JSONSpan.parse(Data(text.utf8))
        let written = value.jsonData
        let original = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        let reread = try JSONSerialization.jsonObject(with: written) as? NSDictionary
        #expect(original != nil && original == reread, "\(String(decoding: written, as: UTF8.self))")
        // Numbers keep their spelling, control characters are escaped, the rest of the text is left as it was.
        let output = String(decoding: written, as: UTF8.self)
        #expect(output.contains(#"[1,-0,2.5e3,1E-7]"#))
        #expect(output.contains(#"bell \u0007 é 😀 /"#))
    }

    @Test func replacingAMemberKeepsTheOthersInOrder() throws {
        let value = try JSONSpan.parse(Data(#"{"a": 1, "b": 2, "b": 3, "c": 4}"#.utf8))
        #expect(String(decoding: value.replacingMember("b", with: .string("x")).jsonData, as: UTF8.self) == #"{"a":1,"c":4,"b":"x"}"#)
        #expect(String(decoding: value.removingMember("a").jsonData, as: UTF8.self) == #"{"b":2,"b":3,"c":4}"#)
        #expect(String(decoding: JSONValue.null.removingMember("a").jsonData, as: UTF8.self) == "null")
    }
}
