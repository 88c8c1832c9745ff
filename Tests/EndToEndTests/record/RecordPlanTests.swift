import Foundation
import JUnitXML
import Testing
import TestSupport

/// `record --plan` against a server that speaks only 2025-06-17 (the OpenAPI stand-in): entries land under the
/// contract the project or the server uses, in that contract's folder, and every written fixture replays green
/// or the run says which did not.
@Suite("record from a plan", .serialized)
struct RecordPlanTests {
    /// The plan in the Recording article's "Recording from a plan" section, as written.
    static func readmePlan() throws -> String {
        let article = Products.packageRoot.appendingPathComponent("Sources/ContractCLI/ContractCLI.docc/Recording.md")
        let readme = try String(contentsOf: article, encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Recording from a plan").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```json\n").dropFirst().first)
        return try #require(block.components(separatedBy: "```").first)
    }

    static let expectedFiles = [
        "place-search/2025-06-17/200-new-york.json", "place-details/2025-06-17/200-foursquare-hq.json",
        "place-details/2025-06-17/200-second-place.json",
        "place-details/2025-06-17/404-unknown-place.json", "place-tips/2025-06-17/401-rejected-key.json",
    ]

    func recordPlan(_ arguments: [String], plan: String, in folder: URL, server: URL,
                    currentDirectory: URL? = nil) async throws -> CommandResult {
        try writeFile(Data(plan.utf8), at: "plan.json", in: folder)
        return try await Products.record(
            folder.appendingPathComponent("Fixtures"), server.absoluteString,
            ["--plan", folder.appendingPathComponent("plan.json").path, "--retries", "0"] + arguments,
            key: E2E.sentinel, currentDirectory: currentDirectory)
    }

    @Test(arguments: [false, true])
    func theReadmePlanAsWrittenRecordsFixturesThatReplayGreen(withProjectFile: Bool) async throws {
        let plan = try Self.readmePlan()
        try await withTemporaryDirectory { tmp in
            // With the project file its live contract decides; without one, the contract the server answers.
            if withProjectFile { try writeFile(Data(#"{"liveContracts": ["2025-06-17"]}"#.utf8), at: "fsq-contract.json", in: tmp) }
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let result = try await recordPlan([], plan: plan, in: tmp, server: standIn.baseURL, currentDirectory: tmp)
                #expect(result.status == 1, "written fixtures exit 1 (snapshot record mode)\n\(result.stdout)\n\(result.stderr)")
                #expect(result.stdout.contains("record (missing): 5 new, 0 updated"), "\(result.stdout)")
                #expect(result.stdout.contains("replay green"), "\(result.stdout)")
                #expect(!result.stdout.contains("REPLAY"), "\(result.stdout)")
                // The 401 was provoked with a key the API rejects, never the real one.
                #expect(standIn.requests.contains { $0.status == 401 && $0.headers["authorization"] != "Bearer \(E2E.sentinel)" })
            }
            let fixtures = tmp.appendingPathComponent("Fixtures")
            for path in Self.expectedFiles {
                let object = try E2E.object(fixtures.appendingPathComponent(path))
                #expect(object["contract"] as? String == "2025-06-17", "\(path)")
            }
            #expect(!E2E.allText(under: tmp).contains(E2E.sentinel))
            // And `run` agrees.
            let replay = try await Products.run(["run", "--fixtures", fixtures.path, "--report", tmp.appendingPathComponent("r.xml").path])
            #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
        }
    }

    @Test func aPlanThatWritesNothingSaysWhyAndIsNotGreen() async throws {
        let plan = #"[{"endpoint": "place-details", "case": "200-nowhere", "fsq_id": "000000000000000000000000"}]"#
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let result = try await recordPlan(["--contract", "2025-06-17"], plan: plan, in: tmp, server: standIn.baseURL)
                #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
                #expect(result.stdout.contains("FAILED   place-details/2025-06-17/200-nowhere.json"), "\(result.stdout)")
                #expect(result.stdout.contains("record: nothing written from --plan"), "\(result.stdout)")
                #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("Fixtures/place-details/2025-06-17/200-nowhere.json").path))
            }
        }
    }

    @Test func aWrittenFixtureThatFailsItsOwnReplayIsNamedAndTheRunExits1() async throws {
        let plan = #"[{"endpoint": "place-details", "case": "200-hq", "fsq_id": "5a187743ccad6b307315e6fe"}]"#
        try await withTemporaryDirectory { tmp in
            // A server whose place id field has another name: the answer is recorded, and no longer decodes.
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel, rename: .init(from: "fsq_place_id", to: "place_id")) { standIn in
                let result = try await recordPlan(["--contract", "2025-06-17"], plan: plan, in: tmp, server: standIn.baseURL)
                #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
                #expect(result.stdout.contains("REPLAY   place-details/2025-06-17/200-hq.json decoding: "), "\(result.stdout)")
                #expect(result.stdout.contains("fsq_place_id"), "\(result.stdout)")
                #expect(result.stdout.contains("1 of 1 written fixtures fail their own replay"), "\(result.stdout)")
            }
        }
    }

    @Test func withoutAKeyRecordSuggestsNoFlagItLacks() async throws {
        let result = try await Products.run(["record", "--base-url", "http://127.0.0.1:9", "--mode", "missing"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("FSQ_API_KEY is not set"), "\(result.stderr)")
        #expect(!result.stderr.contains("--if-no-key"), "\(result.stderr)")
        // Every flag a message suggests exists on the verb.
        let help = try await Products.run(["record", "--help"])
        for flag in result.stderr.matches(of: /--[a-z][a-z-]+/).map({ String($0.output) }) {
            #expect(help.stdout.contains(flag), "\(flag) is suggested but not a record flag")
        }
    }
}
