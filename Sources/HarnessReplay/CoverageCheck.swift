import Foundation
import HarnessContractChecks
import HarnessCore

/// The run's coverage as testcases, one per documented operation in the report suite `coverage`: it passes when
/// every documented member, status and header form of the operation was exercised (a declared departure counts,
/// listed apart), or when its contract's share reaches the minimum the project file sets. The suite's properties
/// list what no case exercised, by operation.
package enum CoverageCheck {
    /// The report suite the cases go to.
    package static let suite = "coverage"
    /// The environment variable that sets the minimum for every contract, over the project file's.
    package static let minimumVariable = "FSQ_COVERAGE_MINIMUM"

    /// The minimum `FSQ_COVERAGE_MINIMUM` sets for every contract; nil when unset. Throws the one line to print
    /// when it is set to something that is not a percentage.
    package static func minimumFromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(MinimumError) -> Double? {
        guard let text = environment[minimumVariable] else { return nil }
        guard let value = Double(text), (0...100).contains(value) else {
            throw MinimumError(description: "\(minimumVariable)='\(text)' is not a percentage from 0 to 100; set a number such as 90, or unset it")
        }
        return value
    }

    /// A `FSQ_COVERAGE_MINIMUM` that is not a percentage.
    package struct MinimumError: Error, CustomStringConvertible {
        package let description: String
    }

    /// One case per operation. `minimum` is the share in percent each contract must reach, as the project file
    /// sets it; nil when it sets none, so an operation with gaps is skipped with them listed, never failed nor passed.
    /// `judged` is false when the run went over part of the corpus (a shard, a filter), whose gaps say nothing of the
    /// corpus: its cases are skipped, never passed.
    package static func results(_ summary: CoverageSummary, minimum: (String) -> Double?, judged: String?) -> [CaseResult] {
        summary.operations.map { coverage in
            let operation = coverage.operation
            let contractShare = summary.percent(contract: operation.contract)
            let required = minimum(operation.contract)
            let counts = ContractCoverage.Kind.allCases.map { kind -> String in
                let count = coverage.count(kind)
                return "\(kind.rawValue) \(count.exercised) of \(count.expected)"
            }.joined(separator: ", ")
            var notes = ["\(operation.contract) \(operation.endpoint): \(counts)"]
            if !coverage.departed.isEmpty {
                notes.append("departures (counted as covered: members the client does not read, on purpose):")
                notes += grouped(coverage.departed).map { "  \($0.reason): \($0.members.joined(separator: ", "))" }
            }
            let verdict: Verdict
            if let judged {
                verdict = .skip(reason: "coverage not judged: \(judged)")
            } else if coverage.missing.isEmpty {
                verdict = .pass
            } else if let required = required {
                verdict = judge(coverage, share: contractShare, required: required)
            } else {
                verdict = .skip(reason: "coverage not required (no coverage.minimum in the project file): \(operation.contract) has "
                    + "\(format(contractShare))% exercised; not exercised: \(coverage.missingLine)")
            }
            return CaseResult(endpoint: suite, fixture: "\(operation.contract)/\(operation.endpoint)", auth: nil, check: .coverage,
                              verdict: verdict, notes: notes.joined(separator: "\n"))
        }
    }

    /// The verdict of an operation with gaps, against the share the project file requires.
    private static func judge(_ coverage: CoverageSummary.OperationCoverage, share contractShare: Double, required: Double) -> Verdict {
        let operation = coverage.operation
        // Below full but above the minimum set: not a pass, and not red; the gaps stay in sight.
        guard contractShare < required else {
            return .skip(reason: "\(operation.contract) has \(format(contractShare))% exercised, the minimum set is "
                + "\(format(required))%; not exercised: \(coverage.missingLine)")
        }
        let message = "not exercised by any case: \(coverage.missingLine)"
        return .fail(message: String(message.prefix(300)) + (message.count > 300 ? " …" : ""),
                     detail: "\(message)\n\(operation.contract) has \(format(contractShare))% of its contract exercised; "
                         + "the minimum is \(format(required))% (project file: coverage.minimum). "
                         + "Write the missing cases with `fsq-contract fixtures synthesize`, or record them.")
    }

    /// The suite's properties: the totals per contract, then what is not exercised, by operation.
    package static func properties(_ summary: CoverageSummary) -> [(String, String)] {
        var properties: [(String, String)] = [("coverage", summary.counts())]
        for contract in summary.contracts {
            properties.append(("coverage.\(contract)", summary.counts(contract: contract)))
        }
        for coverage in summary.operations where !coverage.missing.isEmpty {
            properties.append(("not_exercised.\(coverage.operation.contract).\(coverage.operation.endpoint)", coverage.missingLine))
        }
        for coverage in summary.operations where !coverage.departed.isEmpty {
            let reasons = grouped(coverage.departed).map { "\($0.reason) (\($0.members.count) members)" }
            properties.append(("departures.\(coverage.operation.contract).\(coverage.operation.endpoint)", reasons.joined(separator: "; ")))
        }
        return properties
    }

    /// Departed members by reason, the reasons in order.
    static func grouped(_ departed: [String: String]) -> [(reason: String, members: [String])] {
        Dictionary(grouping: departed.keys.sorted(), by: { departed[$0]! }).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    static func format(_ percent: Double) -> String {
        percent == percent.rounded() ? String(Int(percent)) : String(format: "%.1f", percent)
    }
}
