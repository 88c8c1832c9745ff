import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import HarnessContractChecks
@testable import HarnessCore
@testable import HarnessReplay
import Testing
import TestSupport

/// The synthetic fixtures are written from the documents: the shipped ones are exactly what `synthesize` writes,
/// their values are distinct within each object, and one that strays from its document is refused by name.
@Suite struct FixtureSynthesisTests {
    static var fixtures: [Fixture] {
        get throws {
            try ShippedCorpus.loaded.get().compactMap { item -> Fixture? in
                if case let .fixture(fixture) = item { return fixture } else { return nil }
            }
        }
    }

    @Test("the shipped synthetic fixtures are what synthesize writes from today's documents")
    func shippedSyntheticFixturesAreCurrent() async throws {
        let root = Products.packageRoot.appendingPathComponent("Fixtures")
        // The whole corpus, computed without a suspension: off the cooperative pool, which the loopback tests need.
        let (files, skipped) = try await offThePool { FixtureSynthesis.files(fixtures: try Self.fixtures, root: root, contracts: nil) }
        #expect(skipped.isEmpty, "\(skipped)")
        #expect(files.count > 100)
        for file in files {
            let current = try? String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)
            #expect(current == file.contents, "\(file.path) differs: run fsq-contract fixtures synthesize")
        }
    }

    @Test("within each object, no two strings or numbers are equal, and the two answers tell every two flags apart")
    func valuesAreDistinctWithinEachObject() throws {
        let operation = try #require(DocumentedOperation.named("place-search", contract: .v20250617))
        let files = FixtureSynthesis.filesFor(operation, request: ["method": "GET", "path": "/places/search"], folder: "place-search/2025-06-17",
                                              covered: [])
        let answers = try files.filter { $0.path.contains("every-member") }.map { file -> [String: Any] in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(file.contents.utf8)) as? [String: Any])
            return try #require((object["response"] as? [String: Any])?["body"] as? [String: Any])
        }
        #expect(answers.count == 2)
        func objects(_ value: Any) -> [[String: Any]] {
            if let object = value as? [String: Any] { return [object] + object.values.flatMap(objects) }
            if let array = value as? [Any] { return array.flatMap(objects) }
            return []
        }
        for object in objects(answers[0]) {
            let scalars = object.values.compactMap { value -> String? in
                if value is Bool || value is NSNull { return nil }
                if value is String || value is NSNumber { return "\(value)" }
                return nil
            }
            #expect(scalars.count == Set(scalars).count, "repeated values in \(object.keys.sorted())")
        }
        let hours0 = try #require(((answers[0]["results"] as? [[String: Any]])?.first?["hours"]) as? [String: Any])
        let hours1 = try #require(((answers[1]["results"] as? [[String: Any]])?.first?["hours"]) as? [String: Any])
        let flags = ["is_local_holiday", "open_now"]
        #expect(flags.contains { (hours0[$0] as? Bool) != (hours1[$0] as? Bool) } || (hours0["is_local_holiday"] as? Bool) != (hours0["open_now"] as? Bool))
    }

    @Test("a synthetic answer holding a member its document does not have is an error naming the file")
    func aStrayMemberIsNamed() throws {
        let body = #"{"results":[{"fsq_id":"c1","name":"A","nickname":"B"}]}"#
        let fixture = TestSupport.fixture("chains/synthetic-200-every-member-a.json", body: .json(Data(body.utf8)),
                                          recorded: RecordingInfo(source: Fixture.synthesizedSource))
        let decoded = ResultsPage(results: [SeedContract.Chain(id: "c1", name: "A")])
        let (verdict, _, _) = Checks.decodingAndValues(fixture: fixture, outcome: .decoded(decoded))
        guard case let .error(message, _) = verdict else { Issue.record("\(verdict)"); return }
        #expect(message.contains("chains/synthetic-200-every-member-a.json") && message.contains("$.results[*].nickname")
            && message.contains("fixtures synthesize") && !message.contains("\n"))
    }

    @Test("statuses map by the mission's table: anything no row names is unexpectedStatus")
    func errorCodes() {
        #expect(FixtureSynthesis.errorCode(409) == .unexpectedStatus)
        #expect(FixtureSynthesis.errorCode(502) == .serverError)
        #expect(FixtureSynthesis.errorCode(404) == .notFound)
    }
}
