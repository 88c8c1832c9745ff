import Foundation
import FoursquarePlaces
import HarnessCore
import Testing
import TestSupport

/// `DocumentedBound.all`, which `scripts/contract-data.py` writes for every document, is what the documents say:
/// derived again from them here, by a second reader (`DocumentedBound.derive`), and compared with the committed
/// table. Nothing here writes the table.
@Suite struct DocumentedBoundsTests {
    /// Every version's OpenAPI document, oldest first: `openapi-<yyyymmdd>.json` in the package's `docs/openapi/`,
    /// as `scripts/contract-data.py` finds them.
    static func documents() throws -> [(contract: ContractID, url: URL)] {
        let folder = PackageDocuments.folder
        var found: [(ContractID, URL)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            guard name.hasPrefix("openapi-"), name.hasSuffix(".json") else { continue }
            let digits = name.dropFirst("openapi-".count).dropLast(".json".count)
            guard digits.count == 8, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { continue }
            let contract = "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))"
            found.append((ContractID(contract), folder.appendingPathComponent(name)))
        }
        return found
    }

    /// Each document's bounds, oldest first, then the seed contract's.
    static func derived() throws -> [DocumentedBound] {
        var bounds: [DocumentedBound] = []
        for (contract, url) in try documents() + [(ContractID.seed, PackageDocuments.seed)] {
            bounds += try DocumentedBound.derive(openAPI: Data(contentsOf: url), contract: contract, source: url.lastPathComponent)
        }
        return bounds
    }

    @Test func theCommittedTableIsTheDocumentsBounds() throws {
        let derived = try Self.derived()
        let committed = DocumentedBound.all
        for bound in derived where !committed.contains(bound) {
            Issue.record("the documents state \(bound.contract) \(bound.endpoint) \(bound.parameter) \(bound.range) (\(bound.source)); DocumentedBound+All.swift does not")
        }
        for bound in committed where !derived.contains(bound) {
            Issue.record("DocumentedBound+All.swift has \(bound.contract) \(bound.endpoint) \(bound.parameter) \(bound.range) (\(bound.source)); the documents do not state it")
        }
        #expect(derived == committed, "Sources/HarnessCore/Checks/DocumentedBound+All.swift differs from the documents' bounds; write it again with python3 scripts/contract-data.py")
    }

    @Test func everyDocumentHasItsOwnBoundCases() throws {
        let documents = try Self.documents()
        #expect(!documents.isEmpty)
        for (contract, url) in documents {
            #expect(DocumentedBound.all.contains { $0.contract == contract && $0.source == url.lastPathComponent },
                    "\(url.lastPathComponent) states bounds, and DocumentedBound.all has none of \(contract)'s")
        }
    }

    /// The endpoint-id rule, on the same cases as `scripts/contract-data.py --self-test`: the two readers agree.
    @Test func anOperationIDBecomesAKebabCaseEndpointID() throws {
        let cases = [("placeMenu", "place-menu"), ("PlaceMenu", "place-menu"), ("place_menu", "place-menu"),
                     ("place-search", "place-search"), ("places-suggest-place", "places-suggest-place"),
                     ("autocomplete", "autocomplete"), ("offline-jobs-credentials-refresh", "offline-jobs-credentials-refresh"),
                     ("placeID", "place-id"), ("URLPrefix", "url-prefix"), ("getPlaceV2Details", "get-place-v2-details"),
                     ("place__top_VenueWoes", "place-top-venue-woes")]
        for (given, expected) in cases {
            #expect(DocumentedBound.endpointID(operationID: given) == expected, "\(given)")
        }
        let document = #"""
        {"paths": {"/places/{fsq_place_id}/menu": {"get": {"operationId": "placeMenu", "parameters": [
          {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 20}}]}}}}
        """#
        let bounds = try DocumentedBound.derive(openAPI: Data(document.utf8), contract: ContractID("2026-01-15"), source: "doc")
        #expect(bounds.map(\.endpoint.rawValue) == ["place-menu"])
    }

    @Test func theDocumentsStateTheBoundsTheIssueNames() throws {
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

    @Test func aRequiredParameterAndTheCompanionItNeedsAreSentWithTheBoundedOne() throws {
        let document = #"""
        {"paths": {"/places/search": {"get": {"operationId": "place-search", "parameters": [
          {"name": "query", "in": "query", "required": true, "schema": {"type": "string"}},
          {"name": "ll", "in": "query", "schema": {"type": "string"}},
          {"name": "radius", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 9}},
          {"name": "X-Places-Api-Version", "in": "header", "required": true, "schema": {"type": "string"}}]}}}}
        """#
        let bounds = try DocumentedBound.derive(openAPI: Data(document.utf8), contract: .v20250617, source: "doc")
        #expect(bounds == [DocumentedBound(contract: .v20250617, endpoint: .placeSearch, path: "/places/search", parameter: "radius",
                                           minimum: 0, maximum: 9, with: ["query": "coffee", "ll": "40.7484,-73.9857"], source: "doc")])
        // Without `ll` beside it, `radius` is sent with the required parameters alone.
        let alone = try DocumentedBound.derive(openAPI: Data(document.replacingOccurrences(of: #"{"name": "ll", "in": "query", "schema": {"type": "string"}},"#, with: "").utf8),
                                               contract: .v20250617, source: "doc")
        #expect(alone.map(\.with) == [["query": "coffee"]])
    }
}
