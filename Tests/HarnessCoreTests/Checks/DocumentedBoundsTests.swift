import Foundation
import FoursquarePlaces
import HarnessCore
import Testing
import TestSupport

/// `DocumentedBound.all` is what the documents say: derived again from them and compared with the committed table.
@Suite struct DocumentedBoundsTests {
    static let shared = Products.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/spec")
    static let table = Products.packageRoot.appendingPathComponent("Sources/HarnessCore/Checks/DocumentedBound+All.swift")

    static func derived() throws -> [DocumentedBound] {
        let openAPI = try Data(contentsOf: shared.appendingPathComponent("current/openapi-20250617.json"))
        var bounds = try DocumentedBound.derive(openAPI: openAPI, contract: .v20250617, source: "openapi-20250617.json")
        let seed = try FileManager.default.contentsOfDirectory(atPath: shared.path).filter { $0.hasSuffix(".txt") }.sorted()
        for name in seed {
            let text = try String(contentsOf: shared.appendingPathComponent(name), encoding: .utf8)
            bounds += DocumentedBound.derive(seedDocument: text, source: name) { path in
                Contract.named(.seed)?.endpoints.first { $0.pathTemplate == path }?.id
            }
        }
        return bounds
    }

    @Test func theCommittedTableIsTheDocumentsBounds() throws {
        guard FileManager.default.fileExists(atPath: Self.shared.path) else {
            Issue.record("\(Self.shared.path) is missing: the bounds cannot be derived; put ../shared beside the repository")
            return
        }
        let text = DocumentedBound.render(try Self.derived(), from: ["openapi-20250617.json", "the seed documents 000-004"])
        if ProcessInfo.processInfo.environment["FSQ_WRITE_DOCUMENTED_BOUNDS"] == "1" {
            try text.write(to: Self.table, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.table, encoding: .utf8)
        #expect(committed == text, "Sources/HarnessCore/Checks/DocumentedBound+All.swift differs from the documents' bounds; write it again with FSQ_WRITE_DOCUMENTED_BOUNDS=1 swift test --filter DocumentedBoundsTests")
        #expect(try Self.derived() == DocumentedBound.all)
    }

    @Test func theDocumentsStateTheBoundsTheIssueNames() throws {
        guard FileManager.default.fileExists(atPath: Self.shared.path) else { Issue.record("\(Self.shared.path) is missing"); return }
        let ranges = Dictionary(try Self.derived().map { ("\($0.contract) \($0.endpoint) \($0.parameter)", $0.range) }, uniquingKeysWith: { a, _ in a })
        #expect(ranges["2025-06-17 place-search limit"] == "1...50")
        #expect(ranges["2025-06-17 place-search radius"] == "0...100000")
        #expect(ranges["2025-06-17 place-search min_price"] == "1...4")
        #expect(ranges["2025-06-17 offline-jobs-initialize durationSeconds"] == "900...43200")
        // The document gives photos' limit a maximum only, and 004 says "up to 50" in words.
        #expect(ranges["2025-06-17 place-photos limit"] == "...50")
        #expect(ranges["seed autocomplete limit"] == "...50")
    }

    @Test func aBoundIsTriedAtEachStatedEdgeAndOneStepPast() {
        let both = DocumentedBound(contract: .v20250617, endpoint: .placeSearch, path: "/places/search", parameter: "limit",
                                   minimum: 1, maximum: 50, source: "test")
        #expect(both.cases.map(\.value) == [0, 1, 50, 51])
        #expect(both.cases.map(\.inside) == [false, true, true, false])
        let upper = DocumentedBound(contract: .v20250617, endpoint: .placePhotos, path: "/places/{fsq_place_id}/photos", parameter: "limit",
                                    minimum: nil, maximum: 50, source: "test")
        #expect(upper.cases.map(\.value) == [50, 51])
    }

    @Test func aRequiredParameterAndACompanionTheDescriptionNamesAreSentWithTheBoundedOne() throws {
        let document = #"""
        {"paths": {"/places/search": {"get": {"operationId": "place-search", "parameters": [
          {"name": "query", "in": "query", "required": true, "schema": {"type": "string"}},
          {"name": "radius", "in": "query", "description": "Radius can be used in combination with ll only.", "schema": {"type": "integer", "minimum": 0, "maximum": 9}},
          {"name": "X-Places-Api-Version", "in": "header", "required": true, "schema": {"type": "string"}}]}}}}
        """#
        let bounds = try DocumentedBound.derive(openAPI: Data(document.utf8), contract: .v20250617, source: "doc")
        #expect(bounds == [DocumentedBound(contract: .v20250617, endpoint: .placeSearch, path: "/places/search", parameter: "radius",
                                           minimum: 0, maximum: 9, with: ["query": "coffee", "ll": "40.7484,-73.9857"], source: "doc")])
    }
}
