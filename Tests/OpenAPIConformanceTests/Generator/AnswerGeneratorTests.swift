import FixtureFormat
import Foundation
@testable import OpenAPIConformance
import Testing

/// The generator on a schema with every keyword it aims at: seeded, valid, and reaching each edge a client trips on.
@Suite("Answer generator")
struct AnswerGeneratorTests {
    static let schema = """
    {"type": "object", "required": ["id"], "properties": {
      "id": {"type": "string"},
      "kind": {"enum": ["place", "search", "geo"]},
      "count": {"type": "integer", "format": "int32"},
      "maybe": {"type": ["string", "null"]},
      "list": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9}},
      "name": {"type": "string"},
      "short": {"type": "string", "minLength": 2, "maxLength": 5}}}
    """

    static func answers(seed: UInt64, count: Int = 300) throws -> [JSONValue] {
        let (table, root) = try GeneratorDocument.table(schema)
        var generator = AnswerGenerator(table: table, seed: seed)
        return (0..<count).map { _ in generator.answer(for: root) }
    }

    @Test func theSameSeedGivesTheSameAnswersAndAnotherSeedOthers() throws {
        let first = try Self.answers(seed: 7, count: 50).map(\.jsonData)
        #expect(first == (try Self.answers(seed: 7, count: 50).map(\.jsonData)))
        #expect(first != (try Self.answers(seed: 8, count: 50).map(\.jsonData)))
    }

    @Test func everyAnswerKeepsTheSchema() throws {
        let (table, root) = try GeneratorDocument.table(Self.schema)
        let validator = InstanceValidator(table: table)
        for answer in try Self.answers(seed: 3) {
            #expect(validator.isValid(answer, against: root), "\(String(decoding: answer.jsonData, as: UTF8.self))")
        }
    }

    @Test func itReachesEveryEdge() throws {
        let answers = try Self.answers(seed: 11)
        func values(_ key: String) -> [JSONValue] { answers.compactMap { $0.member(key) } }
        #expect(answers.allSatisfy { $0.member("id") != nil }, "required members are always there")
        #expect(answers.contains { $0.member("name") == nil }, "optional members absent")
        #expect(answers.contains { $0.member("name") != nil }, "optional members present")
        #expect(Set(values("kind").compactMap { if case let .string(text) = $0 { text } else { nil } }) == ["place", "search", "geo"])
        let counts = Set(values("count").compactMap { if case let .number(text) = $0 { text } else { nil } })
        #expect(counts.isSuperset(of: ["2147483647", "-2147483648", "0"]), "int32 boundaries: \(counts)")
        #expect(values("maybe").contains { if case .null = $0 { true } else { false } }, "nullable nulls")
        let lengths = Set(values("list").compactMap { if case let .array(items) = $0 { items.count } else { nil } })
        #expect(lengths.contains(0) && lengths.contains { $0 >= 2 }, "empty arrays and arrays of several: \(lengths)")
        let shortLengths = Set(values("short").compactMap { if case let .string(text) = $0 { text.unicodeScalars.count } else { nil } })
        #expect(shortLengths.isSuperset(of: [2, 5]), "length boundaries: \(shortLengths)")
        #expect(values("name").contains { if case let .string(text) = $0 { !text.allSatisfy(\.isASCII) } else { false } }, "non-ASCII text")
        let documented: Set = ["id", "kind", "count", "maybe", "list", "name", "short"]
        #expect(answers.contains { if case let .object(members) = $0 { members.contains { !documented.contains($0.key) } } else { false } },
                "unknown extra members")
    }

    @Test func theShrinkerKeepsOnlyWhatFails() throws {
        let big = try JSONSpan.parse(Data(#"{"a": [1, 2, {"b": "long text here", "bad": {"x": [1, 2, 3]}}], "c": "café", "d": {"e": null}}"#.utf8))
        func containsBad(_ value: JSONValue) -> Bool {
            switch value {
            case let .object(members): return members.contains { $0.key == "bad" || containsBad($0.value) }
            case let .array(items): return items.contains(where: containsBad)
            default: return false
            }
        }
        let minimal = AnswerShrinker.shrink(big, allowed: { _ in true }, stillFails: containsBad)
        #expect(String(decoding: minimal.jsonData, as: UTF8.self) == #"{"a":[{"bad":{}}]}"#)
        // An answer the document forbids is never kept, however small.
        let kept = AnswerShrinker.shrink(big, allowed: { $0.member("c") != nil }, stillFails: containsBad)
        #expect(kept.member("c") != nil && containsBad(kept))
    }
}
