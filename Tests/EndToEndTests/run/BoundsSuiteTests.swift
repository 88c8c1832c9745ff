import Foundation
import Testing
import TestSupport

/// The main job tries the documented bounds of the endpoints it covers, in a `bounds` suite no fixture is counted for.
@Suite struct BoundsSuiteTests {
    @Test func theMainJobReportsTheBoundsOfTheEndpointsItRan() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: report) }
        let run = try await Products.run(["run", "--report", report.path, "--filter", "place-search"], currentDirectory: Products.packageRoot)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("bounds") && run.stdout.contains("16 passed, 0 failed (0 fixtures)"), "\(run.stdout)")
        let xml = try String(contentsOf: report, encoding: .utf8)
        // limit, radius, min_price and max_price of 2025-06-17's place-search, two edges each, both sides.
        #expect(xml.contains(#"<testsuite name="bounds" tests="16" failures="0""#), "\(xml.prefix(400))")
        #expect(xml.contains(#"<testcase name="2025-06-17/place-search limit=51 bound" classname="place-search""#))
    }

    @Test func aShardOtherThanTheFirstLeavesTheBoundsOut() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: report) }
        let run = try await Products.run(["run", "--report", report.path, "--shard", "2/2"], currentDirectory: Products.packageRoot)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(!xml.contains(#"<testsuite name="bounds""#))
    }
}
