import Foundation
import FoursquarePlaces
import JUnitXML
import Testing
import TestSupport

/// The 2025-06-17 corpus (`Fixtures/<endpoint>/2025-06-17/`), replayed through the real registry and client.
@Suite("the 2025-06-17 corpus")
struct V20250617CorpusTests {
    @Test func everyEndpointAndStatusReplaysGreenUnderTheBearerStyleOnly() async throws {
        let folder = Products.packageRoot.appendingPathComponent("Fixtures")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("current-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await Products.run(["run", "--fixtures", folder.path, "--contract", "2025-06-17", "--report", out.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let report = try ReportReader.read(path: out.path)
        // One suite per endpoint the registry gives 2025-06-17, one for the app-flow set (Fixtures/scenarios/), the
        // documented bounds, the client's defaults against the document, and the version against its document.
        #expect(Set(report.suites.map(\.name)) == Set(Contract.v20250617.endpoints.map(\.id.rawValue) + ["scenarios", "bounds", "client-defaults", "version-document"]))
        let cases = report.suites.flatMap(\.testCases)
        // 2025-06-17 accepts only the bearer style: no apiKey request check may appear.
        #expect(!cases.isEmpty && cases.allSatisfy { !$0.name.contains("[apiKey]") })
        #expect(cases.contains { $0.name.contains("[bearer] request") })
        #expect(cases.allSatisfy { $0.name.contains("/2025-06-17/") || $0.name.hasPrefix("scenarios/") || $0.name.hasPrefix("2025-06-17/") })
        // Every status of the coverage rule is there for every endpoint.
        for suite in report.suites where !["scenarios", "bounds", "client-defaults", "version-document"].contains(suite.name) {
            for status in ["200", "400", "401", "403", "404", "429", "500", "503"] {
                #expect(suite.testCases.contains { $0.name.contains("/\(status)-") }, "\(suite.name) lacks \(status)")
            }
        }
    }

    @Test func theSeedCorpusAloneStillReplaysUnderBothStyles() async throws {
        let folder = Products.packageRoot.appendingPathComponent("Fixtures")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await Products.run(["run", "--fixtures", folder.path, "--contract", "seed", "--report", out.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let cases = try E2E.cases(out.path)
        #expect(cases.contains { $0.name.contains("[apiKey] request") } && cases.contains { $0.name.contains("[bearer] request") })
        #expect(!cases.contains { $0.name.contains("/2025-06-17/") })
        let seedIDs = Set(Contract.seed.endpoints.map(\.id.rawValue))
        // And the bounds seed document 004 states.
        #expect(Set(try ReportReader.read(path: out.path).suites.map(\.name)) == seedIDs.union(["bounds", "client-defaults"]))
    }
}
