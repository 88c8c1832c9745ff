import Foundation
import JUnitXML
import Testing
import TestSupport

/// The 2025-06-17 corpus (`Fixtures-2025-06-17/`), replayed through the real registry and client.
///
/// It lives beside `Fixtures/` until the emulator routes requests by contract; then it moves in.
@Suite("the 2025-06-17 corpus")
struct CurrentCorpusTests {
    @Test func everyEndpointAndStatusReplaysGreenUnderTheBearerStyleOnly() async throws {
        let folder = Products.packageRoot.appendingPathComponent("Fixtures-2025-06-17")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("current-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await Products.run(["run", "--fixtures", folder.path, "--report", out.path])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let report = try ReportReader.read(path: out.path)
        #expect(Set(report.suites.map(\.name)) == ["place-search", "place-details", "place-tips", "place-photos",
                                                   "autocomplete", "geotagging-candidates"])
        let cases = report.suites.flatMap(\.testCases)
        // 2025-06-17 accepts only the bearer style: no apiKey request check may appear.
        #expect(!cases.isEmpty && cases.allSatisfy { !$0.name.contains("[apiKey]") })
        #expect(cases.contains { $0.name.contains("[bearer] request") })
        // Every status of the coverage rule is there for every endpoint.
        for suite in report.suites {
            for status in ["200", "400", "401", "403", "404", "429", "500", "503"] {
                #expect(suite.testCases.contains { $0.name.contains("/\(status)-") }, "\(suite.name) lacks \(status)")
            }
        }
    }
}
