import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces
import JUnitXML

/// `fsq-contract fuzz --openapi DOC`: answers generated from the provider's document, decoded through the client.
/// The generator is main's `AnswerFuzzing` (the OpenAPI trait), as `--openapi`'s parser is.
package struct FuzzCommand: ParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Decode answers generated from an OpenAPI document through the client; one JUnit case per operation and status.",
        discussion: """
        Each documented status of each operation gets --count answers the document (patched by its overrides) \
        allows: optional members absent, empty and longer arrays, every enum value, number and length \
        boundaries, non-ASCII text, undocumented members. A failing case names the JSON pointer, the model \
        and the field, and the smallest answer that still fails. No key, no network.
        Exit status: 0 when every answer decodes; 1 when one does not (or nothing could be decided); 2 on bad input.
        """)

    @OptionGroup(title: "OpenAPI") package var openapi: OpenAPIFlags

    @OptionGroup package var projectFlags: ProjectFlags

    @Option(name: .long, help: "Answers per operation and documented status.")
    package var count = 100

    @Option(name: .long, help: "The generator's seed: the same seed gives the same answers.")
    package var seed: UInt64 = 1

    @Option(name: .long, help: "Write each minimal failing answer here as a fixture (<endpoint>/<contract>/fuzz-<status>.json).")
    package var save: String?

    @Option(name: .long, help: "Where to write the JUnit XML report.")
    package var report = "Reports/fuzz.xml"

    @Option(name: .long, help: "The fixtures a saved answer copies its request from (default: the project file's \"fixtures\", else Fixtures).")
    package var fixtures: String?

    package func validate() throws {
        guard (1...100_000).contains(count) else { throw ValidationError("--count \(count): give 1 to 100000 answers per case") }
        guard !openapi.openapiWarn else { throw ValidationError("--openapi-warn: fuzz reports failures only; drop the flag") }
    }

    /// In process (tests): a binary with no trait beyond Harness.
    package func run() throws { try fuzz(with: nil) }

    package func run(with collaborators: Collaborators) async throws { try fuzz(with: collaborators.fuzzer) }

    package func fuzz(with fuzzer: (any AnswerFuzzing)?) throws {
        let project = try projectFlags.load()
        let (documents, overrides) = openapi.arguments(project: project)
        guard !documents.isEmpty else {
            throw UsageFailure("--openapi FILE is required (or an \"openapi\" section in the project file): fuzz generates answers from it")
        }
        let fuzzer = try fuzzer.needed(for: "fuzz", trait: "OpenAPI")
        let outcome: FuzzRun
        do {
            outcome = try fuzzer.fuzz(FuzzRequest(documents: documents, overrides: overrides, count: count, seed: seed))
        } catch {
            throw UsageFailure("\(error)")
        }
        outcome.notices.filter { !$0.hasPrefix("warning: ") }.forEach { print($0) }
        for item in outcome.cases { print(Self.line(item)) }
        try write(Self.report(outcome.cases, count: count, seed: seed))
        if let save { try Self.save(outcome.cases, to: save, fixtures: fixtures ?? project.fixtures ?? FixtureFolder.defaultFolder) }
        let tally = Tally(outcome.cases)
        print("fuzz: \(outcome.cases.count) cases (operation × status), \(tally.answers) answers, seed \(seed): \(tally); report \(report)")
        if tally.passed + tally.failed == 0 {
            writeStderr("fsq-contract fuzz: no case could be decided (no operation of the document is one the client calls)")
            throw ExitCode(1)
        }
        if tally.failed + tally.errors > 0 { throw ExitCode(1) }
    }

    /// The cases counted by verdict, as the JUnit report counts them (an error is neither a pass nor a skip).
    struct Tally: CustomStringConvertible {
        var passed = 0, failed = 0, errors = 0, skipped = 0, answers = 0

        init(_ cases: [FuzzCase]) {
            for item in cases {
                answers += item.answers
                switch item.verdict {
                case .passed: passed += 1
                case .failed: failed += 1
                case .error: errors += 1
                case .skipped: skipped += 1
                }
            }
        }

        var description: String { "\(passed) pass, \(failed) fail, \(errors) error, \(skipped) skipped" }
    }

    private func write(_ testReport: TestReport) throws {
        let folder = URL(fileURLWithPath: report).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // A bare root, as run writes by default: the Ant schema allows no attributes on it.
            try writeReport(testReport, to: report, options: ReportWriterOptions(rootAttributes: .none))
        } catch {
            throw UsageFailure("--report \(report): cannot write the report (\(error))")
        }
    }

    /// `FAIL GET /places/search 200: …` for the console.
    package static func line(_ item: FuzzCase) -> String {
        let name = "\(item.operation) \(item.status) (\(item.contract))"
        switch item.verdict {
        case .passed:
            return "PASS \(name): \(item.answers) answers decode into \(item.model)"
        case let .failed(failure):
            return "FAIL \(name): \(summary(failure, item)); minimal answer (\(failure.minimalAnswer.count) bytes): \(String(decoding: failure.minimalAnswer, as: UTF8.self))"
        case let .skipped(reason):
            return "SKIP \(name): \(reason)"
        case let .error(reason):
            return "ERROR \(name): \(reason)"
        }
    }

    package static func summary(_ failure: FuzzFailure, _ item: FuzzCase) -> String {
        "\(failure.failing) of \(item.answers) answers do not decode: at \(failure.pointer.isEmpty ? "/" : failure.pointer) "
            + "\(item.model) field \(failure.field): expected \(failure.expected), found \(failure.found)"
    }

    package static func report(_ cases: [FuzzCase], count: Int, seed: UInt64) -> TestReport {
        let contracts = Array(Set(cases.map(\.contract))).sorted()
        let suites = contracts.map { contract in
            TestSuite(name: "fuzz \(contract)", properties: [Property(name: "count", value: String(count)), Property(name: "seed", value: String(seed))],
                      testCases: cases.filter { $0.contract == contract }.map { item in
                let outcome: TestOutcome
                switch item.verdict {
                case .passed: outcome = .passed
                case let .skipped(reason): outcome = .skipped(message: reason)
                case let .error(reason): outcome = .error(TestProblem(message: reason, type: "generator", text: reason))
                case let .failed(failure):
                    let answer = String(decoding: failure.minimalAnswer, as: UTF8.self)
                    outcome = .failure(TestProblem(
                        message: summary(failure, item), type: "decoding",
                        text: """
                        \(summary(failure, item))
                        status \(item.httpStatus), minimal answer (\(failure.minimalAnswer.count) bytes):
                        \(answer)
                        reproduce: fsq-contract fuzz --openapi DOC --count \(count) --seed \(seed)
                        """))
                }
                return TestCase(name: "\(item.operation) \(item.status)", classname: "fuzz.\(contract).\(item.endpoint?.rawValue ?? "undocumented")",
                                outcome: outcome)
            })
        }
        return TestReport(name: "fsq-contract fuzz", suites: suites)
    }

    /// Each minimal failing answer as a fixture: a corpus fixture of the same endpoint, contract and status (or
    /// status class) with its body replaced, so it replays; else a bare one.
    package static func save(_ cases: [FuzzCase], to folder: String, fixtures: String) throws {
        for item in cases {
            guard case let .failed(failure) = item.verdict, let endpoint = item.endpoint else { continue }
            let body = JSONValue.parse(failure.minimalAnswer) ?? .null
            var fixture = template(endpoint: endpoint, contract: item.contract, status: item.httpStatus, fixtures: fixtures)
                ?? bare(item)
            var response = fixture.member("response") ?? .object([])
            if case .object = response.resolved {} else { response = .object([]) }
            response = response.replacingMember("status", with: .int(item.httpStatus))
                .replacingMember("body", with: body)
                .removingMember("body_text")
            fixture = fixture.replacingMember("response", with: response)
                .replacingMember("endpoint", with: .string(endpoint.rawValue))
                .replacingMember("contract", with: .string(item.contract.rawValue))
                .replacingMember("description", with: .string("fuzz: the smallest answer the document allows that the client cannot read (\(failure.pointer.isEmpty ? "/" : failure.pointer), seed \(failure.seed))"))
                .replacingMember("recorded", with: .object([("source", .string("authored"))]))
            let directory = item.contract == .seed ? "\(folder)/\(endpoint.rawValue)" : "\(folder)/\(endpoint.rawValue)/\(item.contract.rawValue)"
            let path = "\(directory)/fuzz-\(item.status.lowercased()).json"
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try Data((fixture.foundationText(pretty: true, escapingSlashes: false) + "\n").utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                throw UsageFailure("--save \(folder): cannot write \(path) (\(error.localizedDescription))")
            }
            print("saved \(path)")
        }
    }

    private static func template(endpoint: EndpointID, contract: ContractID, status: Int, fixtures: String) -> JSONValue? {
        let directory = contract == .seed ? "\(fixtures)/\(endpoint.rawValue)" : "\(fixtures)/\(endpoint.rawValue)/\(contract.rawValue)"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        let loaded = names.compactMap { name -> JSONValue? in
            guard let data = FileManager.default.contents(atPath: "\(directory)/\(name)"),
                  let value = JSONValue.parse(data), case .object = value.resolved else { return nil }
            return value
        }
        func recordedStatus(_ fixture: JSONValue) -> Int? {
            guard case let .number(text)? = fixture.member("response")?.member("status")?.resolved else { return nil }
            return Int(text)
        }
        return loaded.first { recordedStatus($0) == status } ?? loaded.first { recordedStatus($0).map { $0 / 100 == status / 100 } ?? false }
    }

    private static func bare(_ item: FuzzCase) -> JSONValue {
        let path = item.pathTemplate.replacingOccurrences(of: #"\{[^}]*\}"#, with: "4a5f2f39f964a52067bf1fe3", options: .regularExpression)
        return .object([
            ("request", .object([("method", .string(item.method)), ("path", .string(path)), ("query", .object([])),
                                 ("headers", .object([("accept", .string("application/json"))]))])),
            ("response", .object([("headers", .object([("content-type", .string("application/json"))]))])),
        ])
    }
}
