import Foundation
import Testing
import TestSupport

/// `record --mode all --fixture-header never` against the emulator, counted from its request log: no call for a 403,
/// 429 or 5xx fixture; a 401 fixture asked with a key the emulator refuses; and the dry run's number is the calls made.
@Suite("record calls only where it can rewrite", .serialized, .timeLimit(.minutes(5)))
struct RecordCallsEndToEndTests {
    static let never = ["--fixture-header", "never"]

    /// The requests in the emulator's log (`GET /places/search?… 200 0.41ms …`), one per call; the identifying call
    /// (no key, no operation) is not one of the run's.
    static func logged(_ emulator: EmulatorProcess) -> [Substring] {
        emulator.output.split(separator: "\n").filter {
            $0.firstMatch(of: /^(GET|POST|PUT|PATCH|DELETE) \//) != nil && !$0.contains("/fsq-contract/emulator-probe")
        }
    }

    static func status(ofFile path: String) -> Int? { path.split(separator: "/").last.flatMap { Int($0.prefix(3)) } }

    func record(_ folder: URL, _ emulator: EmulatorProcess, _ extra: [String]) async throws -> CommandResult {
        try await Products.record(folder, emulator.baseURL, ["--mode", "all"] + extra, key: E2E.sentinel)
    }

    @Test func no403429Or5xxFixtureIsCalledWithoutTheFixtureHeader() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), local = tmp.appendingPathComponent("local")
            let unprovokable = { (path: String) in Self.status(ofFile: path).map { $0 == 403 || $0 == 429 || $0 >= 500 } ?? false }
            try copyShippedFixtures(to: served)
            try copyShippedFixtures(to: local, filter: unprovokable)
            let emulator = try await EmulatorProcess(fixtures: served, environment: ["FSQ_EMULATOR_KEY": E2E.sentinel])
            let result = try await record(local, emulator, Self.never)
            let log = Self.logged(emulator)
            emulator.stop()
            #expect(result.status == 0, "\(result.stdout.suffix(1500))\n\(result.stderr)")
            #expect(log.isEmpty, "\(log.prefix(10))")
            #expect(result.stdout.contains("calls: 0 made"), "\(result.stdout.suffix(1500))")
            #expect(result.stdout.contains("skipped ") && result.stdout.contains("no request provokes a 429"), "\(result.stdout.suffix(1500))")
        }
    }

    @Test func a401FixtureIsAskedWithAKeyTheServerRefuses() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), local = tmp.appendingPathComponent("local")
            try copyShippedFixtures(to: served)
            try copyShippedFixtures(to: local) { Self.status(ofFile: $0) == 401 }
            // The emulator accepts only the run's real key: a call carrying it would be answered 200.
            let emulator = try await EmulatorProcess(fixtures: served, environment: ["FSQ_EMULATOR_KEY": E2E.sentinel])
            let result = try await record(local, emulator, Self.never)
            let log = Self.logged(emulator)
            emulator.stop()
            #expect(!log.isEmpty)
            #expect(log.allSatisfy { $0.contains(" 401 ") }, "\(log.filter { !$0.contains(" 401 ") }.prefix(5))")
            #expect(!result.stdout.contains("KEPT"), "\(result.stdout.suffix(1500))")
            #expect(!E2E.allText(under: tmp).contains(E2E.sentinel))
        }
    }

    @Test(arguments: [true, false])
    func theDryRunsNumberIsTheCallsTheShippedCorpusMakes(noHeader: Bool) async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), local = tmp.appendingPathComponent("local")
            try copyShippedFixtures(to: served)
            try copyShippedFixtures(to: local)
            let emulator = try await EmulatorProcess(fixtures: served, environment: ["FSQ_EMULATOR_KEY": E2E.sentinel])
            let extra = noHeader ? Self.never : []
            let dry = try await record(local, emulator, extra + ["--dry-run"])
            let afterDry = Self.logged(emulator).count
            let result = try await record(local, emulator, extra + ["--concurrency", "8"])
            let log = Self.logged(emulator)
            emulator.stop()
            #expect(dry.status == 0, "\(dry.stdout)\n\(dry.stderr)")
            #expect(afterDry == 0, "the dry run called nothing")
            let planned = try #require(dry.stdout.firstMatch(of: /record would make (\d+) calls?/).flatMap { Int($0.output.1) }, "\(dry.stdout)")
            #expect(planned == log.count, "header \(!noHeader): dry run \(planned), log \(log.count)\n\(dry.stdout)")
            #expect(result.stdout.contains("calls: \(log.count) made"), "\(result.stdout.suffix(800))")
            if noHeader {
                // One line per reason, with its count: the answers no request provokes among them.
                for status in [403, 429, 500, 503] {
                    let line = try Regex("  skipped [0-9]+: not called: no request provokes a \(status);")
                    #expect(dry.stdout.firstMatch(of: line) != nil, "\(status): \(dry.stdout)")
                }
            }
        }
    }
}
