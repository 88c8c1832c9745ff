import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessRecord
import Foundation
import OpenAPIConformance

/// `fsq-bench fuzz`: `fsq-contract fuzz`'s engine at a large count — answers generated from the document, checked
/// by its validator and decoded through the client — timed; run under `/usr/bin/time -v` for the peak RSS.
struct FuzzBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Generate and decode about --answers answers from an OpenAPI document, spread over its operations and statuses.")

    @Option(help: "The OpenAPI document.") var openapi: String
    @Option(help: "Answers in all, spread evenly over the document's operation × status cases.") var answers = 10_000
    @Option(help: "The generator's seed.") var seed: UInt64 = 1

    func run() throws {
        let documents = [DocumentArgument(parsing: openapi)]
        let probe = try DocumentFuzzer().fuzz(FuzzRequest(documents: documents, overrides: [], count: 1, seed: seed))
        let cases = probe.cases.filter { $0.answers > 0 }.count
        guard cases > 0 else { throw ValidationError("\(openapi): no operation the client calls") }
        let perCase = (answers + cases - 1) / cases
        let start = ContinuousClock.now
        let run = try DocumentFuzzer().fuzz(FuzzRequest(documents: documents, overrides: [], count: perCase, seed: seed))
        let seconds = (ContinuousClock.now - start).seconds
        let total = run.cases.reduce(0) { $0 + $1.answers }
        let failed = run.cases.filter { if case .failed = $0.verdict { true } else { false } }.count
        print(String(format: "%d answers (%d cases x %d) generated, validated and decoded in %.3fs = %.0f answers/s (document load included), %d cases failing",
                     total, cases, perCase, seconds, Double(total) / seconds, failed))
    }
}
