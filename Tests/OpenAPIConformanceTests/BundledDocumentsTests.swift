import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
@testable import OpenAPIConformance
import Testing
import TestSupport

/// The binary carries each dated contract's document exactly as the package keeps it in `docs/openapi/`.
@Suite struct BundledDocumentsTests {
    @Test func theBinaryCarriesEachDatedDocumentOfDocsOpenAPIByteForByte() throws {
        let dated = try FileManager.default.contentsOfDirectory(atPath: PackageDocuments.folder.path)
            .filter { $0.wholeMatch(of: /openapi-\d{8}\.json/) != nil }.sorted()
        #expect(!dated.isEmpty)
        #expect(BundledDocuments.embedded.keys.sorted() == dated)
        for name in dated {
            let onDisk = try String(contentsOf: PackageDocuments.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(BundledDocuments.embedded[name] == onDisk, "\(name): the embedded text differs from docs/openapi/\(name)")
        }
        #expect(BundledDocuments.contracts.contains(.v20250617) && !BundledDocuments.contracts.contains(.seed))
    }

    @Test func bundledStandsForEveryCarriedDocumentAndAContractsOwn() throws {
        let every = try OpenAPIDocumentLoader.expandingBundled([DocumentArgument(parsing: DocumentArgument.bundledValue)])
        #expect(every.map(\.contract) == BundledDocuments.contracts.map { Optional($0) })
        #expect(every.allSatisfy { $0.bundled && $0.path.hasPrefix("bundled openapi-") })
        let one = try OpenAPIDocumentLoader.expandingBundled([DocumentArgument(parsing: "2025-06-17=bundled")])
        #expect(one.map(\.path) == ["bundled openapi-20250617.json"])
        let file = try OpenAPIDocumentLoader.expandingBundled([DocumentArgument(parsing: "docs/openapi/openapi-20250617.json")])
        #expect(file.map(\.bundled) == [false])
        #expect(throws: DocumentLoadError.self) { try BundledDocuments.tree(.seed) }
    }
}
