import Foundation
import JUnitXML
import Testing
import TestSupport

/// `--openapi`: the provider's own document as a third oracle, through the built binary (the OpenAPI
/// trait's loader, in replay and live runs alike). Foursquare's document is the package's copy of its facts
/// (`docs/openapi/`).
@Suite("--openapi against Foursquare's document", .serialized)
struct OpenAPIConformanceTests {
    static var document: String { FoursquareDocument.path }
    static var fixtures: URL { E2E.standInCorpus }

    @Test func theShippedCorpusKeepsTheDocumentWithTheShippedOverrides() async throws {
        try await withTemporaryDirectory { tmp in
            let report = tmp.appendingPathComponent("junit.xml")
            let result = try await Products.run(["run", "--contract", "2025-06-17", "--openapi", Self.document,
                                                 "--fixtures", Self.fixtures.path, "--report", report.path])
            #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
            #expect(result.stdout.contains("overrides applied"), "\(result.stdout.prefix(500))")
            let cases = try E2E.cases(report.path).filter { $0.name.hasSuffix(" openapi") }
            #expect(cases.count > 50)
            #expect(cases.allSatisfy { $0.outcome == .passed })
            #expect(!cases.contains { !$0.name.contains("/2025-06-17/") }, "seed fixtures are never checked against 2025-06-17")
        }
    }

    @Test func aFieldTheModelReadsAsAnyJSONPassesTheModelAndFailsTheDocument() async throws {
        try await withTemporaryDirectory { tmp in
            let corpus = tmp.appendingPathComponent("Fixtures")
            try FileManager.default.copyItem(at: Self.fixtures, to: corpus)
            let file = try #require(try FileManager.default.contentsOfDirectory(
                at: corpus.appendingPathComponent("place-search/2025-06-17"), includingPropertiesForKeys: nil)
                .filter { $0.lastPathComponent.hasPrefix("200") }.sorted { $0.path < $1.path }.first)
            var fixture = try E2E.object(file)
            var response = try #require(fixture["response"] as? [String: Any])
            var body = try #require(response["body"] as? [String: Any])
            var results = try #require(body["results"] as? [[String: Any]])
            // Every member is modelled since issue 65; `plugins` is read as any JSON value, which the document types.
            results[0]["plugins"] = "closed"
            body["results"] = results
            response["body"] = body
            fixture["response"] = response
            try E2E.write(fixture, to: file)
            let report = tmp.appendingPathComponent("junit.xml")
            let modelOnly = try await Products.run(["run", "--contract", "2025-06-17", "--fixtures", corpus.path, "--report", report.path])
            #expect(modelOnly.status == 0, "\(modelOnly.stdout.suffix(2000))")
            let withDocument = try await Products.run(["run", "--contract", "2025-06-17", "--fixtures", corpus.path, "--report", report.path,
                                                       "--openapi", Self.document])
            #expect(withDocument.status == 1)
            #expect(withDocument.stdout.contains("$.results[0].plugins: expected object"), "\(withDocument.stdout.suffix(2000))")
            // Under --openapi-warn the same violation is a counted warning and the run is green.
            let stepSummary = tmp.appendingPathComponent("step-summary.md")
            let warned = try await Products.run(["run", "--contract", "2025-06-17", "--fixtures", corpus.path, "--report", report.path,
                                                 "--openapi", Self.document, "--openapi-warn"],
                                                environment: ["GITHUB_STEP_SUMMARY": stepSummary.path])
            #expect(warned.status == 0)
            #expect(try String(contentsOf: stepSummary, encoding: .utf8).contains("1 OpenAPI warning (not failures"))
            #expect(warned.stdout.contains("1 OpenAPI warning"), "\(warned.stdout.suffix(800))")
            #expect(try String(contentsOf: report, encoding: .utf8).contains("plugins: expected object"))
        }
    }

    @Test func liveAnswersThatBreakTheDocumentInAFieldReadAsAnyJSONFail() async throws {
        let places = ["place-search/2025-06-17", "place-details/2025-06-17"]
        try await withTemporaryDirectory { tmp in
            let corpus = tmp.appendingPathComponent("Fixtures")
            for folder in places {
                let source = Self.fixtures.appendingPathComponent(folder)
                let files = try FileManager.default.contentsOfDirectory(atPath: source.path).filter { $0.hasPrefix("200") }
                try copyFixtures(files.map { "\(folder)/\($0)" }, to: corpus)
            }
            for breaks in [true, false] {
                try await OpenAPIStandIn.with(requiredKey: E2E.sentinel, breaksDocument: breaks) { standIn in
                    let report = tmp.appendingPathComponent("live-\(breaks).xml")
                    let result = try await Products.run(
                        ["run", "--live", "--base-url", standIn.baseURL.absoluteString, "--fixtures", corpus.path,
                         "--contract", "2025-06-17", "--report", report.path, "--retries", "0", "--openapi", Self.document],
                        environment: ["FSQ_API_KEY": E2E.sentinel])
                    let text = try String(contentsOf: report, encoding: .utf8)
                    if breaks {
                        #expect(result.status == 1, "\(result.stdout.suffix(2000))\n\(result.stderr)")
                        for path in ["plugins.partner: expected object"] {
                            #expect(text.contains(path), "\(path)")
                        }
                        // The model checks alone still pass: the models read `plugins` as any JSON value.
                        let cases = try E2E.cases(report.path)
                        #expect(cases.filter { $0.name.hasSuffix("live-decoding") }.allSatisfy { $0.outcome == .passed })
                        // Every answer with a place in it breaks the document (an empty search result has none).
                        let failing = cases.filter { $0.name.hasSuffix("live-openapi") && $0.outcome != .passed }
                        #expect(failing.count >= places.count, "\(cases.map(\.name))")
                        #expect(failing.contains { $0.name.hasPrefix("place-details/") })
                    } else {
                        #expect(result.status == 0, "\(result.stdout.suffix(2000))\n\(result.stderr)")
                        #expect(text.contains("live-openapi"))
                    }
                    for output in [result.stdout, result.stderr, text] { #expect(!output.contains(E2E.sentinel)) }
                }
            }
        }
    }

    @Test func listShowsDocumentCoverageWithEveryOperationKnownAndA200FixtureForEach() async throws {
        let corpus = Products.packageRoot.appendingPathComponent("Fixtures")
        let result = try await Products.run(["list", "--fixtures", corpus.path, "--openapi", Self.document])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("Documented operations the registry does not know"), "\(result.stdout)")
        // One coverage line per documented operation, each with at least one fixture for its 200 answer.
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  GET /") || $0.hasPrefix("  POST /") }
        #expect(lines.count == 18, "\(result.stdout)")
        for line in lines { #expect(line.contains(" 200: ") && !line.contains(" 200: --"), "\(line)") }
        #expect(result.stdout.contains("POST /places/suggest/place"))
    }

    /// `--openapi` with no file: the document the binary carries, the package's `docs/openapi/` copy, for each dated
    /// contract; the same where the flag is followed by another option, or a project file names the contract alone.
    @Test func withNoFileTheBinarysOwnDocumentChecksTheFixtures() async throws {
        try await withTemporaryDirectory { tmp in
            let report = tmp.appendingPathComponent("junit.xml")
            let alone = try await Products.run(["run", "--contract", "2025-06-17", "--fixtures", Self.fixtures.path,
                                                "--report", report.path, "--openapi"], currentDirectory: tmp)
            #expect(alone.status == 0, "\(alone.stdout.suffix(2000))\n\(alone.stderr)")
            #expect(alone.stdout.contains("openapi: bundled openapi-20250617.json checks contract 2025-06-17: 18 operations, "),
                    "\(alone.stdout.prefix(800))")
            let cases = try E2E.cases(report.path).filter { $0.name.hasSuffix(" openapi") }
            #expect(cases.count > 50 && cases.allSatisfy { $0.outcome == .passed })

            let beforeAnOption = try await Products.run(["run", "--contract", "2025-06-17", "--openapi", "--fixtures", Self.fixtures.path,
                                                         "--report", report.path], currentDirectory: tmp)
            #expect(beforeAnOption.status == 0, "\(beforeAnOption.stderr)")
            #expect(beforeAnOption.stdout.contains("openapi: bundled openapi-20250617.json checks contract 2025-06-17"))
            #expect(try E2E.cases(report.path).filter { $0.name.hasSuffix(" openapi") }.count == cases.count)

            try #"{"openapi": {"2025-06-17": {}}}"#.write(to: tmp.appendingPathComponent("fsq-contract.json"), atomically: true, encoding: .utf8)
            let project = try await Products.run(["run", "--contract", "2025-06-17", "--fixtures", Self.fixtures.path,
                                                  "--report", report.path], currentDirectory: tmp)
            #expect(project.status == 0, "\(project.stderr)")
            #expect(project.stdout.contains("openapi: bundled openapi-20250617.json checks contract 2025-06-17"))

            // The seed contract has no vendor document to carry: one line naming what to give.
            let seed = try await Products.run(["run", "--fixtures", Self.fixtures.path, "--report", report.path, "--openapi", "seed=bundled"],
                                              currentDirectory: tmp)
            #expect(seed.status == 2)
            #expect(seed.stderr.contains("carries no document for seed") && seed.stderr.contains("--openapi seed=FILE"), "\(seed.stderr)")
        }
    }

    @Test func theProjectFileNamesTheDocumentAndAFlagWins() async throws {
        try await withTemporaryDirectory { tmp in
            let project = tmp.appendingPathComponent("fsq-contract.json")
            try #"{"openapi": {"2025-06-17": {"document": "\#(Self.document)"}}}"#.write(to: project, atomically: true, encoding: .utf8)
            let report = tmp.appendingPathComponent("junit.xml")
            let result = try await Products.run(["run", "--contract", "2025-06-17", "--fixtures", Self.fixtures.path,
                                                 "--report", report.path], currentDirectory: tmp)
            #expect(result.status == 0, "\(result.stdout.suffix(2000))\n\(result.stderr)")
            #expect(try E2E.cases(report.path).contains { $0.name.hasSuffix(" openapi") })
            // A flag wins over the file: a missing document named on the command line is the error.
            let flagged = try await Products.run(["run", "--contract", "2025-06-17", "--fixtures", Self.fixtures.path,
                                                  "--report", report.path, "--openapi", "/nonexistent/doc.json"], currentDirectory: tmp)
            #expect(flagged.status == 2)
            #expect(flagged.stderr.contains("/nonexistent/doc.json"))
        }
    }

    @Test func aDocumentThatCannotBeReadIsOneLineAndExit2() async throws {
        let result = try await Products.run(["run", "--openapi", "/nonexistent/openapi.yaml", "--fixtures", Self.fixtures.path,
                                             "--report", "/tmp/fsq-openapi-unused.xml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/openapi.yaml"))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}

/// Foursquare's 2025-06-17 document, as the package carries it (`docs/openapi/`).
enum FoursquareDocument {
    static let path = PackageDocuments.current.path
}
