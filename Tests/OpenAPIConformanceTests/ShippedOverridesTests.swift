import Foundation
import FoursquarePlaces
@testable import OpenAPIConformance
import Testing
import TestSupport

/// Every file in `Sources/OpenAPIConformance/Overrides/` is embedded as written and found for the version its name
/// gives, with no list to edit: a new version's file is found by its presence.
@Suite struct ShippedOverridesTests {
    static let folder = Products.packageRoot.appendingPathComponent("Sources/OpenAPIConformance/Overrides")

    @Test func everyFileInTheFolderIsEmbeddedAsWrittenUnderItsVersion() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            let onDisk = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(ShippedOverrides.embedded[name] == onDisk, "\(name) is not embedded as written")
            let match = try #require(name.wholeMatch(of: /overrides-(\d{4})(\d{2})(\d{2})\.json/),
                                     "\(name): a shipped overrides file is named overrides-<yyyymmdd>.json for its version")
            let contract = ContractID("\(match.output.1)-\(match.output.2)-\(match.output.3)")
            #expect(ShippedOverrides.files[contract]?.name == name)
            #expect(throws: Never.self) { try DocumentOverrides(data: Data(onDisk.utf8), source: name) }
        }
        #expect(Set(ShippedOverrides.embedded.keys) == Set(names))
    }

    @Test func aVersionWithNoFileOfItsOwnTakesTheLatestEarlierOne() {
        #expect(ShippedOverrides.file(for: .v20250617)?.name == "overrides-20250617.json")
        for contract in Contract.known.drop(while: { $0 != .v20250617 }) where ShippedOverrides.files[contract] == nil {
            #expect(ShippedOverrides.file(for: contract) != nil, "\(contract) gets no overrides")
        }
    }
}
