import Foundation
import FoursquarePlaces
import JUnitXML
import Testing
import TestSupport

/// `fsq-contract.json` through the built binaries: every verb reads it from the current folder, flags win, and
/// live verbs call only its `liveContracts`. Every run here is in a temporary folder against loopback servers.
@Suite("the project file", .serialized)
struct ProjectFileCommandTests {
    static let seedFixture = "place-details/200-typical.json"
    static let currentFixtures = ["place-details/2025-06-17/200-typical.json", "place-search/2025-06-17/200-typical.json"]

    /// A project folder: the fixtures under `Fixtures/` and `fsq-contract.json` with `json`.
    static func project(_ json: String, in folder: URL) throws {
        try copyFixtures([seedFixture] + currentFixtures, to: folder.appendingPathComponent("Fixtures"))
        try writeFile(Data(json.utf8), at: "fsq-contract.json", in: folder)
    }

    @Test func liveTakesTheBaseURLReportAndContractsFromTheFileAndSaysWhatItLeftOut() async throws {
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                try Self.project(#"""
                    {"fixtures": "Fixtures", "report": "out/live.xml", "baseURL": "\#(standIn.baseURL.absoluteString)",
                     "liveContracts": ["2025-06-17"]}
                    """#, in: tmp)
                let result = try await Products.run(["run", "--live", "--retries", "0"], environment: ["FSQ_API_KEY": E2E.sentinel],
                                                    currentDirectory: tmp)
                #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
                #expect(result.stdout.contains("left out: seed (not in fsq-contract.json liveContracts; --contract seed to include it)"),
                        "\(result.stdout)")
                let cases = try E2E.cases(tmp.appendingPathComponent("out/live.xml").path)
                #expect(!cases.isEmpty && cases.allSatisfy { $0.name.contains("/2025-06-17/") }, "\(cases.map(\.name))")
                #expect(standIn.requests.count == Self.currentFixtures.count)

                // A flag wins over the file: --contract seed calls the seed fixture (refused: the API no longer
                // takes its contract), and --report writes elsewhere.
                let seed = try await Products.run(["run", "--live", "--retries", "0", "--contract", "seed", "--auth", "bearer",
                                                   "--report", "other.xml"],
                                                  environment: ["FSQ_API_KEY": E2E.sentinel], currentDirectory: tmp)
                #expect(!seed.stdout.contains("left out:"), "\(seed.stdout)")
                let seedCases = try E2E.cases(tmp.appendingPathComponent("other.xml").path)
                #expect(!seedCases.isEmpty && seedCases.allSatisfy { $0.name.hasPrefix(Self.seedFixture) }, "\(seedCases.map(\.name))")
            }
        }
    }

    @Test func withoutTheFileAContractTheServerRefusesEverywhereIsOneLineAndStillFails() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures([Self.seedFixture, "chains/200-typical.json", Self.currentFixtures[0]], to: tmp)
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                let report = tmp.appendingPathComponent("live.xml")
                let result = try await Products.run(["run", "--live", "--base-url", standIn.baseURL.absoluteString, "--fixtures", tmp.path,
                                                     "--report", report.path, "--retries", "0"],
                                                    environment: ["FSQ_API_KEY": E2E.sentinel])
                #expect(result.status == 1, "the API no longer speaking a contract is a break\n\(result.stdout)")
                let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("seed: none of its ") },
                                        "\(result.stdout)")
                #expect(line.hasPrefix("seed: none of its 4 calls of success fixtures passed (HTTP 401, 404)")
                        && line.hasSuffix("the server does not speak this contract; its cases fail (see the report)"),
                        "\(line)")
                // Its cases are not listed one by one on the terminal, and the 2025-06-17 fixture passed.
                let problems = result.stdout.components(separatedBy: "Problems:").dropFirst().first ?? ""
                #expect(!problems.contains(Self.seedFixture) && !problems.contains("chains/"), "\(result.stdout)")
                let cases = try E2E.cases(report.path)
                #expect(cases.contains { $0.name.hasPrefix(Self.seedFixture) && E2E.problem($0) != nil }, "the report keeps them")
                #expect(cases.filter { $0.name.contains("/2025-06-17/") }.allSatisfy { E2E.problem($0) == nil })
            }
        }
    }

    @Test func replayStillRunsEveryContractAndNoProjectIgnoresTheFile() async throws {
        try await withTemporaryDirectory { tmp in
            try Self.project(#"{"report": "out/replay.xml", "liveContracts": ["2025-06-17"]}"#, in: tmp)
            let replay = try await Products.run(["run"], currentDirectory: tmp)
            #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)")
            let cases = try E2E.cases(tmp.appendingPathComponent("out/replay.xml").path)
            #expect(cases.contains { $0.name.hasPrefix(Self.seedFixture) } && cases.contains { $0.name.contains("/2025-06-17/") })

            let ignored = try await Products.run(["run", "--no-project"], currentDirectory: tmp)
            #expect(ignored.status == 0, "\(ignored.stderr)")
            #expect(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("Reports/junit.xml").path))
        }
    }

    @Test func anotherFolderFileResolvesItsPathsAgainstItsOwnFolder() async throws {
        try await withTemporaryDirectory { tmp in
            let app = tmp.appendingPathComponent("app")
            try Self.project(#"{"fixtures": "Fixtures", "report": "out/r.xml"}"#, in: app)
            let run = try await Products.run(["run", "--project", "app/fsq-contract.json"], currentDirectory: tmp)
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: app.appendingPathComponent("out/r.xml").path))
            let list = try await Products.run(["list", "--project", "app/fsq-contract.json"], currentDirectory: tmp)
            #expect(list.status == 0 && list.stdout.contains("Coverage in app/Fixtures"), "\(list.stdout)\n\(list.stderr)")
        }
    }

    @Test(arguments: ["run", "list", "drift", "record"])
    func aMistakeInTheFileIsOneLineNamingTheFileAndKeyForEveryVerb(verb: String) async throws {
        try await withTemporaryDirectory { tmp in
            try Self.project(#"{"fixtures": "Fixtures", "liveContract": ["2025-06-17"]}"#, in: tmp)
            let result = try await Products.run([verb], environment: ["FSQ_API_KEY": E2E.sentinel], currentDirectory: tmp)
            #expect(result.status == 2, "\(result.stdout)\n\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("fsq-contract.json: $.liveContract: unknown key 'liveContract'"), "\(result.stderr)")
        }
    }

    @Test func driftTakesItsReportSummaryAndFailOnFromTheFile() async throws {
        try await withTemporaryDirectory { tmp in
            try await OpenAPIStandIn.with(requiredKey: E2E.sentinel) { standIn in
                try Self.project(#"""
                    {"baseURL": "\#(standIn.baseURL.absoluteString)", "liveContracts": ["2025-06-17"],
                     "drift": {"failOn": "err", "report": "out/drift.xml", "summary": "out/drift.md"}}
                    """#, in: tmp)
                let result = try await Products.run(["drift", "--retries", "0"], environment: ["FSQ_API_KEY": E2E.sentinel],
                                                    currentDirectory: tmp)
                #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
                #expect(result.stdout.contains("left out: seed"), "\(result.stdout)")
                #expect(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("out/drift.xml").path))
                #expect(FileManager.default.fileExists(atPath: tmp.appendingPathComponent("out/drift.md").path))
                #expect(standIn.requests.count == Self.currentFixtures.count)
            }
        }
    }
}
