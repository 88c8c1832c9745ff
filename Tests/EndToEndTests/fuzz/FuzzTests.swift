import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FoursquarePlaces
import JUnitXML
import Testing
import TestSupport

/// `fsq-contract fuzz` through the built binary (the OpenAPI trait's generator): answers generated
/// from Foursquare's document decode, a departure taken out of the overrides fails with its pointer and a minimal
/// answer, `--save` writes that answer as a fixture that replays, and bad input is exit 2.
@Suite("fuzz: answers generated from the document", .serialized)
struct FuzzTests {
    static var document: String { FoursquareDocument.path }
    static let overrides = Products.packageRoot.appendingPathComponent("Sources/OpenAPIConformance/Overrides/overrides-20250617.json")

    @Test func everyOperationDecodesAndTheReportNamesEach() async throws {
        try await withTemporaryDirectory { tmp in
            let report = tmp.appendingPathComponent("fuzz.xml")
            let result = try await Products.run(["fuzz", "--openapi", Self.document, "--count", "20", "--seed", "3", "--report", report.path])
            #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr)")
            let cases = try E2E.cases(report.path)
            let operations = Set(cases.map { $0.name.split(separator: " ").prefix(2).joined(separator: " ") })
            #expect(operations.count == 18, "\(operations.sorted())")
            #expect(cases.contains { $0.name == "GET /places/search 200" } && cases.contains { $0.name == "GET /places/search 401" })
            #expect(cases.allSatisfy { $0.outcome == .passed })
            #expect(try E2E.schemaErrors(report.path).isEmpty)
            #expect(result.stdout.contains("fuzz: \(cases.count) cases"), "\(result.stdout.suffix(400))")
        }
    }

    @Test func aRemovedDepartureFailsNamesItsPointerAndSavesAMinimalFixture() async throws {
        try await withTemporaryDirectory { tmp in
            var object = try E2E.object(Self.overrides)
            object["overrides"] = (object["overrides"] as! [[String: Any]]).filter {
                !(($0["pointer"] as! String).hasPrefix("/paths/~1places~1search/") && ($0["pointer"] as! String).hasSuffix("/items/properties/fsq_place_id"))
            }
            let overrides = tmp.appendingPathComponent("overrides.json")
            try E2E.write(object, to: overrides)
            let report = tmp.appendingPathComponent("fuzz.xml")
            let saved = tmp.appendingPathComponent("saved")
            let result = try await Products.run(["fuzz", "--openapi", Self.document, "--openapi-overrides", "2025-06-17=\(overrides.path)",
                                                 "--count", "30", "--report", report.path, "--save", saved.path,
                                                 "--fixtures", Products.packageRoot.appendingPathComponent("Fixtures").path])
            #expect(result.status == 1, "\(result.stdout.suffix(3000))\n\(result.stderr)")
            #expect(result.stdout.contains(#"FAIL GET /places/search 200 (2025-06-17): "#))
            #expect(result.stdout.contains("at /results/0/fsq_place_id Contract20250617.SearchResponse field fsq_place_id"), "\(result.stdout)")
            #expect(result.stdout.contains(#"minimal answer (16 bytes): {"results":[{}]}"#))
            let failed = try E2E.cases(report.path).filter { if case .failure = $0.outcome { true } else { false } }
            #expect(failed.map(\.name) == ["GET /places/search 200"])
            #expect(failed.first.flatMap(E2E.problem)?.contains(#"{"results":[{}]}"#) == true)
            // The saved answer is a fixture of the corpus format: it replays, and fails the way fuzz said.
            let fixture = saved.appendingPathComponent("place-search/2025-06-17/fuzz-200.json")
            #expect(FileManager.default.fileExists(atPath: fixture.path))
            let replay = try await Products.run(["run", "--fixtures", saved.path, "--report", tmp.appendingPathComponent("replay.xml").path])
            #expect(replay.status == 1, "\(replay.stdout.suffix(2000))\n\(replay.stderr)")
            #expect(replay.stdout.contains("fsq_place_id"), "\(replay.stdout.suffix(2000))")
        }
    }

    @Test func badInputIsExit2WithOneLine() async throws {
        let noDocument = try await Products.run(["fuzz", "--no-project"])
        #expect(noDocument.status == 2)
        #expect(noDocument.stderr.contains("--openapi FILE is required"), "\(noDocument.stderr)")
        let missing = try await Products.run(["fuzz", "--openapi", "/nonexistent/openapi.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/openapi.json"), "\(missing.stderr)")
        let zero = try await Products.run(["fuzz", "--openapi", Self.document, "--count", "0"])
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--count 0"), "\(zero.stderr)")
    }

    /// `serve --generate`: the emulator answers with generated answers (decoding into the client's models), the same
    /// ones again for the same seed.
    @Test func serveGenerateAnswersFromTheDocument() async throws {
        func bodies(seed: String) async throws -> [Data] {
            try await withTemporaryDirectory { tmp in
                let emulator = try await EmulatorProcess(fixtures: tmp, arguments: ["--generate", "--openapi", Self.document, "--seed", seed],
                                                   launcher: .contractServe)
                defer { emulator.stop() }
                var bodies: [Data] = []
                for _ in 0..<6 {
                    var request = URLRequest(url: URL(string: "\(emulator.baseURL)/places/search?query=coffee")!)
                    request.setValue("Bearer k", forHTTPHeaderField: "Authorization")
                    request.setValue("2025-06-17", forHTTPHeaderField: "X-Places-Api-Version")
                    let (data, response) = try await URLSession.shared.data(for: request)
                    #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
                    #expect(throws: Never.self) { try JSONDecoder().decode(Contract20250617.SearchResponse.self, from: data) }
                    bodies.append(data)
                }
                return bodies
            }
        }
        let first = try await bodies(seed: "5")
        #expect(Set(first).count > 1, "generated answers vary")
        #expect(try await bodies(seed: "5") == first, "the same seed gives the same answers")
        let missing = try await Products.run(["serve", "--generate"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--generate needs --openapi"), "\(missing.stderr)")
    }
}
