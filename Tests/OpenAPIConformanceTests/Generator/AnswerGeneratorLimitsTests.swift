import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
@testable import OpenAPIConformance
import Testing
import TestSupport

/// Schemas no finite, modest answer meets: a huge `minLength`/`minItems`/`minProperties`, a required member or
/// an item that refers back to its own schema. The generator neither crashes nor allocates without bound, and the
/// fuzz case is an error naming the pointer, never a pass.
@Suite("Answer generator limits")
struct AnswerGeneratorLimitsTests {
    static let selfRequired = ##"{"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#/components/schemas/Node"}}}"##
    static let selfItem = ##"{"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/Node"}}"##
    static let selfTwice = ##"{"type": "object", "required": ["left", "right"], "properties": {"left": {"$ref": "#/components/schemas/Node"}, "right": {"$ref": "#/components/schemas/Node"}}}"##

    /// A one-operation document (`GET /places/search`, 200) whose body is `Node`, compiled as 2025-06-17.
    static func fuzz(node: String, count: Int = 20) throws -> FuzzCase {
        try withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("tiny.json")
            try Data("""
            {"openapi": "3.1.0", "info": {"title": "tiny", "version": "2025-06-17"},
             "paths": {"/places/search": {"get": {"responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}}},
             "components": {"schemas": {"Node": \(node)}}}
            """.utf8).write(to: file)
            let loaded = try OpenAPIDocumentLoader().load(documents: [DocumentArgument(contract: .v20250617, path: file.path)], overrides: [])
            let document = try #require((loaded.oracle as! OpenAPIOracle).documents[.v20250617])
            let cases = DocumentFuzzer.cases(of: document, count: count, seed: 1)
            return try #require(cases.first { $0.operation == "GET /places/search" && $0.status == "200" })
        }
    }

    static func error(_ item: FuzzCase) -> String? {
        if case let .error(reason) = item.verdict { reason } else { nil }
    }

    @Test(arguments: [
        (##"{"type": "object", "required": ["name"], "properties": {"name": {"type": "string", "minLength": 99999999999999999999999}}}"##, "minLength"),
        (##"{"type": "object", "required": ["list"], "properties": {"list": {"type": "array", "minItems": 9223372036854775807}}}"##, "minItems"),
        (##"{"type": "object", "minProperties": 50000}"##, "minProperties"),
    ])
    func aHugeBoundIsAnErrorNamingThePointer(node: String, keyword: String) throws {
        let item = try Self.fuzz(node: node)
        let reason = try #require(Self.error(item), "\(item.verdict)")
        #expect(reason.contains("the schema at #/components/schemas/Node") && reason.contains("asks for \(keyword)") && reason.contains("10000"), "\(reason)")
        #expect(item.answers == 0)
    }

    @Test(arguments: [selfRequired, selfItem, selfTwice])
    func aSchemaThatRequiresItselfIsAnErrorNotACrash(node: String) throws {
        let item = try Self.fuzz(node: node)
        let reason = try #require(Self.error(item), "\(item.verdict)")
        #expect(reason.contains("made 0 of 20") && reason.contains("cut short at #/components/schemas/Node/"), "\(reason)")
    }

    @Test func aCutAnswerIsOneTheValidatorRejects() throws {
        let (table, root) = try GeneratorDocument.table(##"{"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#/schema"}}}"##)
        var generator = AnswerGenerator(table: table, seed: 1)
        let answer = generator.answer(for: root)
        #expect(generator.cut != nil)
        #expect(!InstanceValidator(table: table).isValid(answer, against: root))
        #expect(generator.unmet == nil)
    }

    @Test func aBoundAtTheLimitIsStillMet() throws {
        let (table, root) = try GeneratorDocument.table(##"{"type": "string", "minLength": 10000}"##)
        var generator = AnswerGenerator(table: table, seed: 1)
        for _ in 0..<4 {
            let answer = generator.answer(for: root)
            #expect(InstanceValidator(table: table).isValid(answer, against: root))
        }
        #expect(generator.unmet == nil && generator.cut == nil)
    }
}
