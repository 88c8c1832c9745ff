import Foundation
import Testing
import TestSupport

/// `fsq-contract list` as a user runs it.
@Suite("fsq-contract list")
struct ListCommandTests {
    @Test func aMissingFixturesFolderIsAUsageErrorNamingIt() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-fixtures-\(UUID().uuidString)")
        let result = try await Products.run(["list", "--fixtures", missing.path])
        #expect(result.status == 2, "\(result.stdout)\n\(result.stderr)")
        let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.contains("--fixtures") && firstLine.contains(missing.path), "\(result.stderr)")
    }

    @Test func coverageNamesGapsPerEndpoint() async throws {
        let shipped = try await Products.run(["list"], currentDirectory: Products.packageRoot)
        #expect(shipped.status == 0, "\(shipped.stderr)")
        let rows = shipped.stdout.split(separator: "\n").map(String.init)
        // Every seed endpoint has every required status in the shipped corpus.
        for id in ["place-details", "place-search", "chains", "autocomplete"] {
            let row = try #require(rows.last { $0.hasPrefix("  \(id) ") }, "\(shipped.stdout)")
            #expect(row.hasSuffix("none"), "\(row)")
        }
        // A folder with only successes for chains shows the missing error statuses as a gap.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gaps-\(UUID().uuidString)/chains")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = Products.packageRoot.appendingPathComponent("Fixtures/chains/200-typical.json")
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("200-typical.json"))
        let partial = try await Products.run(["list", "--fixtures", folder.deletingLastPathComponent().path])
        let chains = try #require(partial.stdout.split(separator: "\n").last { $0.hasPrefix("  chains ") })
        #expect(chains.hasSuffix("GAP 400,401,403,404,429,500,503"), "\(chains)")
    }
}
