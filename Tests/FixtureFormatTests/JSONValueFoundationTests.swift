import Foundation
import FixtureFormat
import Testing

/// `JSONValue` writes and compares JSON exactly as `JSONSerialization` does, so the harness's move from `Any` trees
/// to `JSONValue` changed no byte of a fixture, report or saved answer.
@Suite("JSONValue as Foundation writes it")
struct JSONValueFoundationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every JSON file of the shipped corpus, plus values chosen for their numbers, escapes and key order.
    static let documents: [Data] = {
        var documents: [Data] = [
            Data(#"{"b":1,"a":[1,2.50,1e2,-0,0.1,12345678901234567890,1.0e-7,3.14159265358979323846,-5,1.7976931348623157e308,0.000001,123456789.123,1.0,0e0,-1.5E+3]}"#.utf8),
            Data(#"{"s":"x/y\"\\\n\t\b\f\r\u0001\u001f\u007fé\u2028😀","c":{},"d":[],"h":[{}],"t":true,"n":null}"#.utf8),
            Data(#"{"b":1,"B":2,"a10":3,"a9":4,"_x":5,"Z":6,"é":7,"e":8,"ab":9,"a_b":10,"A":11,"ｂ":12,"1":13,"10":14,"9":15,"a-b":16,"a.b":17,"a b":18}"#.utf8),
            Data(#"{"dup":1,"dup":2,"k":{"z":[],"y":{"x":"/"}}}"#.utf8),
            Data("42".utf8), Data(#""text/plain""#.utf8), Data("[]".utf8), Data("{}".utf8), Data("null".utf8),
        ]
        let fixtures = packageRoot.appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files.sorted(by: { $0.path < $1.path }) where file.pathExtension == "json" {
            if let data = try? Data(contentsOf: file) { documents.append(data) }
        }
        return documents
    }()

    static let options: [(pretty: Bool, escapingSlashes: Bool)] = [(false, true), (false, false), (true, true), (true, false)]

    @Test("the corpus is there to compare with")
    func corpusFound() {
        #expect(Self.documents.count > 150)
    }

    @Test("the same text as JSONSerialization, with each option set", arguments: 0..<4)
    func sameText(option: Int) throws {
        let (pretty, escapingSlashes) = Self.options[option]
        var writing: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
        if pretty { writing.insert(.prettyPrinted) }
        if !escapingSlashes { writing.insert(.withoutEscapingSlashes) }
        for data in Self.documents {
            let foundation = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            let expected = String(decoding: try JSONSerialization.data(withJSONObject: foundation, options: writing), as: UTF8.self)
            let value = try #require(JSONValue.parse(data))
            let written = value.foundationText(pretty: pretty, escapingSlashes: escapingSlashes)
            #expect(written == expected, "\(String(decoding: data.prefix(200), as: UTF8.self))")
        }
    }

    @Test("equal exactly when JSONSerialization's trees are")
    func sameEquality() throws {
        var pairs: [(Data, Data)] = zip(Self.documents, Self.documents.dropFirst()).map { ($0, $1) }
        pairs += [
            (Data(#"{"a":1,"b":[1.0,"x"]}"#.utf8), Data(#"{"b":[1,"x"],"a":1.00}"#.utf8)),
            (Data(#"{"a":true}"#.utf8), Data(#"{"a":1}"#.utf8)),
            (Data(#"{"a":"1"}"#.utf8), Data(#"{"a":1}"#.utf8)),
            (Data(#"{"a":1,"a":2}"#.utf8), Data(#"{"a":2}"#.utf8)),
            (Data(#"[1,2]"#.utf8), Data(#"[2,1]"#.utf8)),
            (Data(#"{"a":null}"#.utf8), Data(#"{}"#.utf8)),
        ]
        for (left, right) in pairs {
            let a = try #require(try JSONSerialization.jsonObject(with: left, options: [.fragmentsAllowed]) as? NSObject)
            let b = try #require(try JSONSerialization.jsonObject(with: right, options: [.fragmentsAllowed]) as? NSObject)
            let same = try #require(JSONValue.parse(left)).sameValue(as: try #require(JSONValue.parse(right)))
            #expect(same == a.isEqual(b), "\(String(decoding: left.prefix(80), as: UTF8.self)) vs \(String(decoding: right.prefix(80), as: UTF8.self))")
        }
    }
}
